/**
 * Dictionary keys of every message this library can return. The web app's dictionary must hold a text for each;
 * texts may use the `params` of the result (for example `{{min}}`).
 */
export const VALIDATION_KEYS = [
  'required',
  'validation_email_account_name',
  'validation_email_domain_name',
  'validation_email_at_symbol',
  'validation_email_dot_symbol',
  'validation_email_space_symbol',
  'validation_email_typo',
  'validation_enter_correct_email',
  'password_available_symbols',
  'min_symbols_limit',
  'phone_min_length',
  'phone_max_length',
  'equal_length',
  'validation_phone_incorrect',
  'phone_too_short',
  'phone_too_long',
  'phone_invalid_length',
  'auth_incorrect_code',
  'validation_date_incorrect',
  'validation_date_min',
  'validation_date_max',
  'validation_hidden_symbols',
  'password_min_length',
  'password_max_length',
  'password_too_weak',
] as const;

/** A message key this library defines itself. */
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/**
 * A message key: one of ours, or a key supplied by configuration (custom phone rules, date rules).
 * `string & {}` keeps editor completion for the known keys while accepting configured ones.
 */
export type ValidationMessageKey = ValidationKey | (string & {});

/** Values a dictionary text may interpolate. */
export type ValidationParams = Readonly<Record<string, string | number>>;

/** A passed check. */
export interface ValidationSuccess {
  readonly valid: true;
}

/** A failed check: the dictionary key of the message, never a sentence. */
export interface ValidationFailure {
  readonly valid: false;
  readonly key: ValidationMessageKey;
  readonly params?: ValidationParams;
  /** A corrected value the UI may offer to apply in one click (email typo of a common provider). */
  readonly suggestion?: string;
}

/** The outcome of every validator in this library. */
export type ValidationResult = ValidationSuccess | ValidationFailure;

const VALID: ValidationSuccess = Object.freeze({ valid: true });

/** The (shared, frozen) passed result. */
export function valid(): ValidationSuccess {
  return VALID;
}

/** Builds a failed result; `params` and `suggestion` are left out when not given so results compare cleanly. */
export function invalid(key: ValidationMessageKey, params?: ValidationParams, suggestion?: string): ValidationFailure {
  return {
    valid: false,
    key,
    ...(params === undefined ? {} : { params }),
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/** The first failure among results (checks of one field run in a fixed order), or success. */
export function firstFailure(...results: readonly ValidationResult[]): ValidationResult {
  for (const result of results) {
    if (!result.valid) return result;
  }
  return VALID;
}
