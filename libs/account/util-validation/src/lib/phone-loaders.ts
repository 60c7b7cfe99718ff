import type { validatePhone } from './validate-phone';

// The phone code with libphonenumber's metadata (about 32 KB gzip with validatePhone's examples) is a chunk of its
// own in the browser: a phone input paints from the configured country rules alone, and the forms load this when the
// person starts on them or submits (util-validation README, "Phone validation order and the mask").

/** The calling code of a country that has no configured rule, loaded with the phone metadata. */
export function loadCountryCallingCode(iso: string | undefined): Promise<string | undefined> {
  return import('./phone-metadata').then((m) => m.countryCallingCode(iso));
}

/** {@link validatePhone}, loaded with the phone metadata. */
export function loadPhoneValidator(): Promise<typeof validatePhone> {
  return import('./validate-phone').then((m) => m.validatePhone);
}
