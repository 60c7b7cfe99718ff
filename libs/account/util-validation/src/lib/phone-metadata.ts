import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

/** The calling code of an ISO alpha-2 country from libphonenumber's metadata (`7` for KZ), or undefined. */
export function countryCallingCode(iso: string | undefined): string | undefined {
  const code = (iso ?? '').toUpperCase();
  return isSupportedCountry(code) ? getCountryCallingCode(code) : undefined;
}
