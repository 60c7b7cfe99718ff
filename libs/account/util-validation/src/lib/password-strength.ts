import { invalid, valid, type ValidationResult } from './validation-result';

/** Shortest new password (NIST SP 800-63B: at least 8). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest new password: long passphrases are welcome, the limit only bounds the work of checking and hashing. */
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The lowest zxcvbn score a new password may have (util-validation README, "Password strength, not composition"). 3 means about 10^8 to 10^10 guesses: "safely
 * unguessable" against an online attack and moderate protection if the argon2id hashes leaked. Common passwords,
 * keyboard walks, repeats, a dictionary word with a digit, and the person's own login, e-mail or name all score lower.
 */
export const PASSWORD_MIN_SCORE = 3;

/** A zxcvbn score: 0 (guessed at once) to 4 (very unguessable). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What the estimator says about a password. */
export interface PasswordStrength {
  readonly score: PasswordScore;
  /** The score reaches {@link PASSWORD_MIN_SCORE}. */
  readonly acceptable: boolean;
  /** zxcvbn's warning key (`common`, `simpleRepeat`, `userInputs`, ...), when it has one. */
  readonly warning?: string;
  /** zxcvbn's suggestion keys (`anotherWord`, `capitalization`, ...), possibly none. */
  readonly suggestions: readonly string[];
}

/** The estimator with its dictionaries loaded. */
export interface PasswordStrengthChecker {
  /** Estimates a password; `userInputs` are words of the person and the site that make a password guessable. */
  estimate(password: string, userInputs?: readonly string[]): PasswordStrength;
  /** The estimator's feedback in English sentences (server messages; the browser translates the keys instead). */
  describe(strength: PasswordStrength): string;
}

type Zxcvbn = typeof import('@zxcvbn-ts/core');
type EnglishPack = typeof import('@zxcvbn-ts/language-en');

/**
 * Passwords longer than this are only estimated on their first characters; and at most this many l33t substitutions
 * are tried. Without both, one crafted 50-character password costs a second of CPU (measured: about 1 s with the
 * defaults, at most about 50 ms with these on a 2-core EPYC).
 */
const ESTIMATE_OPTIONS = { maxLength: PASSWORD_MAX_LENGTH, l33tMaxSubstitutions: 8 } as const;

function createChecker(
  core: Zxcvbn,
  common: typeof import('@zxcvbn-ts/language-common'),
  en: EnglishPack,
): PasswordStrengthChecker {
  // No translations: the feedback comes back as keys, which each side turns into text.
  const factory = new core.ZxcvbnFactory({
    ...ESTIMATE_OPTIONS,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  const english = en.translations as { warnings: Record<string, string>; suggestions: Record<string, string> };
  return {
    estimate(password, userInputs = []) {
      const result = factory.check(password, [...userInputs]);
      const score = result.score as PasswordScore;
      return {
        score,
        acceptable: score >= PASSWORD_MIN_SCORE,
        ...(result.feedback.warning ? { warning: result.feedback.warning } : {}),
        suggestions: result.feedback.suggestions,
      };
    },
    describe(strength) {
      const sentences = [
        strength.warning ? english.warnings[strength.warning] : undefined,
        ...strength.suggestions.map((key) => english.suggestions[key]),
      ];
      const text = sentences.filter(Boolean).join(' ');
      return text || 'Add another word or two: uncommon words are better.';
    },
  };
}

let loading: Promise<PasswordStrengthChecker> | undefined;

/**
 * Loads zxcvbn-ts with its common and English dictionaries (offline, about 0.8 MB gzip in the browser, their own
 * chunks: nothing of it is in the pages that do not ask for it) and builds the checker once; every later call answers
 * the same checker. A failed load is forgotten, so the next call tries again.
 */
export function loadPasswordStrengthChecker(): Promise<PasswordStrengthChecker> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) => createChecker(core, common, en),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Words of the person and the site a password must not lean on: each value as given, its parts (an e-mail's local
 * part and domain labels, a name's words, a domain's labels) and its parts run together (`adalovelace`), lower-cased,
 * at least three characters long.
 */
export function passwordUserInputs(values: ReadonlyArray<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    const parts = text.split(/[^\p{L}\p{N}]+/u);
    for (const word of [text, ...parts, parts.join('')]) if (word.length >= 3) words.add(word);
  }
  return [...words];
}

/**
 * Validates a new password: `password_min_length` ({min}) and `password_max_length` ({max}) by length in characters,
 * then `password_too_weak` ({score, min}) when the estimator scores it below {@link PASSWORD_MIN_SCORE}. The strength
 * is returned too, for the feedback.
 */
export function validateNewPassword(
  checker: PasswordStrengthChecker,
  password: string,
  userInputs: readonly string[] = [],
): { result: ValidationResult; strength?: PasswordStrength } {
  const length = validatePasswordLength(password);
  if (!length.valid) return { result: length };
  const strength = checker.estimate(password, userInputs);
  return {
    result: strength.acceptable
      ? valid()
      : invalid('password_too_weak', { score: strength.score, min: PASSWORD_MIN_SCORE }),
    strength,
  };
}

/** The length rule of a new password alone (no estimator needed): `password_min_length` or `password_max_length`. */
export function validatePasswordLength(password: string): ValidationResult {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return invalid('password_min_length', { min: PASSWORD_MIN_LENGTH });
  if (length > PASSWORD_MAX_LENGTH) return invalid('password_max_length', { max: PASSWORD_MAX_LENGTH });
  return valid();
}

/** How the server's message for a weak password starts, so a client can tell it from the other password errors. */
export const WEAK_PASSWORD_MESSAGE_PREFIX = 'is too easy to guess';
