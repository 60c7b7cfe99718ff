import {
  findPhoneCountryRule,
  phoneRulesFromSettings,
  validatePhone,
  type PhoneRules,
} from '@tessera/account/util-validation';
import type { SiteConfig } from '@tessera/shared/util-config';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { ApiError } from '@tessera/server/api-errors';

/**
 * A phone as stored and used as a message recipient: E.164 (`+77011234567`). With a country the input is the
 * national number (a leading +calling code is accepted); without one it must be the full international number.
 * The rules are the site configuration's (`registration.phone`, see {@link phoneRulesOf}), read by util-validation as
 * the browser's phone field reads them.
 */
export function normalisePhone(input: string, country: string | undefined, rules: PhoneRules, field = 'phone'): string {
  const iso = country?.toUpperCase();
  const result = iso
    ? validatePhone(input, { country: iso, required: true, rules })
    : validatePhone(`+${input.replace(/^\+/, '')}`, { required: true, rules });
  if (!result.valid)
    throw new ApiError(400, 'Invalid request', { validation_errors: [{ field, message: result.key }] });
  const digits = input.replace(/\D/g, '');
  if (!iso) return `+${digits}`;
  const rule = findPhoneCountryRule(rules, iso);
  const callingCode = rule?.PhoneCode ?? (isSupportedCountry(iso) ? getCountryCallingCode(iso) : undefined);
  if (!callingCode)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'country_code', message: 'is not a known country' }],
    });
  const national =
    input.trim().startsWith('+') && digits.startsWith(callingCode) ? digits.slice(callingCode.length) : digits;
  return `+${callingCode}${national}`;
}

/** The phone rules of a resolved configuration (countries keyed by ISO code, custom rules, digit limits; libs/server/accounts README, "Every registration states the minimum age"). */
export function phoneRulesOf(config: SiteConfig): PhoneRules {
  return phoneRulesFromSettings(config.registration.phone);
}

/** A phone shown to its owner elsewhere (session lists, messages): the last four digits only. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}${'*'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-4)}`;
}
