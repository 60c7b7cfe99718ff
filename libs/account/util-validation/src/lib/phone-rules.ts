/**
 * A country entry of the phone validation list, in the field names the site configuration uses (spec section 3).
 * Digit counts are of the national number, without the calling code.
 */
export interface PhoneCountryRule {
  /** The platform's country id; custom rules refer to it as fields.country_id. */
  readonly CountryId: number;
  /** ISO 3166-1 alpha-2 code, any case; lets callers look the rule up by country code. */
  readonly Iso?: string;
  /** Calling code without the plus, e.g. `7`. */
  readonly PhoneCode?: string;
  /** Example of the national format with dashes between groups, e.g. `912-345-67-89`; every digit is a slot. */
  readonly Mask?: string;
  /** Fewest national digits; site configuration only, defaults to 6. */
  readonly Min?: number;
  /** Most national digits; defaults to 20. */
  readonly Max?: number;
  /** Digits a national number may start with (`'9'` for Russian mobiles); empty string turns the check off. */
  readonly FirstDigits?: string;
}

/** A custom rule: when every field matches, the action's message is the error. */
export interface PhoneCustomRule {
  readonly fields: {
    /** Country the rule applies to (PhoneCountryRule.CountryId). */
    readonly country_id: number;
    /** Regular expression (source text) tested against the national digits; a match triggers the rule. */
    readonly phone: string;
  };
  readonly action: {
    /** Dictionary key of the message. */
    readonly message: string;
  };
}

/** Phone rules delivered by configuration: the country list, the custom regex rules and the generic limits. */
export interface PhoneRules {
  readonly countries: readonly PhoneCountryRule[];
  readonly custom?: readonly PhoneCustomRule[];
  /** Fewest digits of any number, and of a country's national number without a Min; default {@link PHONE_MIN_DIGITS}. */
  readonly minDigits?: number;
  /** Most digits of a number without a country rule; default {@link PHONE_MAX_DIGITS}. */
  readonly maxDigits?: number;
}

/** Phone-wide limits of spec section 9. */
export const PHONE_MIN_DIGITS = 6;
/** Most digits of a phone number when no country is known (calling code included). */
export const PHONE_MAX_DIGITS = 20;

/** First digits the spec requires for mobile numbers of Kazakhstan and Russia, used when a rule does not say. */
export const DEFAULT_PHONE_FIRST_DIGITS: Readonly<Record<string, string>> = { KZ: '67', RU: '9' };

/**
 * Default rules for the countries of the demo brands. CountryId is the ISO 3166-1 numeric code because the
 * platform's own country ids are configuration; a brand that uses other ids ships its own list.
 */
export const DEFAULT_PHONE_RULES: PhoneRules = {
  countries: [
    { CountryId: 643, Iso: 'RU', PhoneCode: '7', Mask: '912-345-67-89', Min: 10, Max: 10, FirstDigits: '9' },
    { CountryId: 398, Iso: 'KZ', PhoneCode: '7', Mask: '771-000-99-98', Min: 10, Max: 10, FirstDigits: '67' },
    { CountryId: 804, Iso: 'UA', PhoneCode: '380', Mask: '50-123-45-67', Min: 9, Max: 9 },
    { CountryId: 826, Iso: 'GB', PhoneCode: '44', Mask: '7400-123456', Min: 10, Max: 10 },
    { CountryId: 276, Iso: 'DE', PhoneCode: '49', Mask: '1512-3456789', Min: 10, Max: 11 },
    { CountryId: 784, Iso: 'AE', PhoneCode: '971', Mask: '50-123-4567', Min: 9, Max: 9 },
    { CountryId: 682, Iso: 'SA', PhoneCode: '966', Mask: '51-234-5678', Min: 9, Max: 9 },
    { CountryId: 364, Iso: 'IR', PhoneCode: '98', Mask: '912-345-6789', Min: 10, Max: 10 },
    { CountryId: 792, Iso: 'TR', PhoneCode: '90', Mask: '501-234-56-78', Min: 10, Max: 10 },
    { CountryId: 840, Iso: 'US', PhoneCode: '1', Mask: '201-555-0123', Min: 10, Max: 10 },
  ],
  custom: [],
};

/**
 * The site configuration's `registration.phone` (schemas/_registration.schema.json): countries keyed by ISO code and
 * custom rules keyed by id, so a brand, country or language layer can change one entry. Structural, so this util
 * needs no configuration types.
 */
export interface PhoneRuleSettings {
  readonly minDigits?: number;
  readonly maxDigits?: number;
  readonly countries?: Readonly<Record<string, Omit<PhoneCountryRule, 'Iso'> | null | undefined>>;
  readonly customRules?: Readonly<Record<string, PhoneCustomRule | null | undefined>>;
}

const settingsCache = new WeakMap<PhoneRuleSettings, PhoneRules>();

/**
 * The rules {@link validatePhone} and the phone input take, from the configuration's `registration.phone`; the
 * schema's defaults equal {@link DEFAULT_PHONE_RULES}. Cached per settings object (resolved configuration is shared
 * and read-only), so a form or a request pays for the conversion once.
 */
export function phoneRulesFromSettings(settings: PhoneRuleSettings): PhoneRules {
  const cached = settingsCache.get(settings);
  if (cached) return cached;
  const rules: PhoneRules = {
    countries: Object.entries(settings.countries ?? {}).flatMap(([iso, rule]) =>
      rule ? [{ ...rule, Iso: iso.toUpperCase() }] : [],
    ),
    custom: Object.values(settings.customRules ?? {}).filter((rule): rule is PhoneCustomRule => Boolean(rule)),
    ...(settings.minDigits === undefined ? {} : { minDigits: settings.minDigits }),
    ...(settings.maxDigits === undefined ? {} : { maxDigits: settings.maxDigits }),
  };
  settingsCache.set(settings, rules);
  return rules;
}

/** A country reference: ISO alpha-2 code (any case) or the platform CountryId. */
export type PhoneCountry = string | number;

/** The rule of a country, looked up by CountryId or ISO code (case-insensitive). */
export function findPhoneCountryRule(
  rules: PhoneRules | undefined,
  country: PhoneCountry | undefined,
): PhoneCountryRule | undefined {
  if (rules === undefined || country === undefined || country === '') return undefined;
  if (typeof country === 'number') return rules.countries.find((rule) => rule.CountryId === country);
  const iso = country.toUpperCase();
  return rules.countries.find((rule) => rule.Iso?.toUpperCase() === iso);
}

/** The ISO alpha-2 code (upper case) of a country reference, when it can be known. */
export function phoneCountryIso(
  country: PhoneCountry | undefined,
  rule: PhoneCountryRule | undefined,
): string | undefined {
  if (rule?.Iso) return rule.Iso.toUpperCase();
  return typeof country === 'string' && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : undefined;
}

/** Number of digit slots in a mask example. */
export function countMaskDigits(mask: string): number {
  // Any script's decimal digits count: a Mask typed with Arabic-Indic digits still describes slots.
  return mask.match(/\p{Nd}/gu)?.length ?? 0;
}
