import { createI18n, type CreateI18nOptions, type I18n } from './create-i18n';
import type { Dictionary } from './dictionaries';
import { PSEUDO_LANGUAGE } from './languages';

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ğ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'ƥ',
  r: 'ř',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  C: 'Ç',
  H: 'Ĥ',
  E: 'É',
  I: 'Í',
  L: 'Ĺ',
  O: 'Ö',
  R: 'Ř',
  S: 'Š',
  U: 'Ü',
};

/** Opening mark of a pseudo-translated string: text without it on screen did not go through the dictionary. */
export const PSEUDO_OPEN = '⟦';
/** Closing mark of a pseudo-translated string. */
export const PSEUDO_CLOSE = '⟧';

/** Accents a text and wraps it in ⟦ ⟧, keeping `{{placeholders}}` intact so interpolation still works. */
export function pseudoLocalize(text: string): string {
  const parts = text.split(/({{[^}]+}})/);
  const body = parts
    .map((part) => (part.startsWith('{{') ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
  return `${PSEUDO_OPEN}${body}${PSEUDO_CLOSE}`;
}

/** The pseudo-language dictionary derived from a real one (tests use it to expose hard-coded strings). */
export function pseudoDictionary(source: Dictionary): Dictionary {
  return Object.fromEntries(
    Object.entries(source).map(([ns, keys]) => [
      ns,
      Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, pseudoLocalize(v)])),
    ]),
  );
}

/** Pieces of visible text that were not translated (no ⟦ ⟧ marks), for asserting a screen is fully translated. */
export function untranslatedText(text: string, allowed: readonly string[] = []): string[] {
  let rest = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  for (const allow of allowed) rest = rest.split(allow).join(' ');
  return rest.split(/\s+/).filter((word) => /\p{L}/u.test(word));
}

/**
 * Translations in the pseudo-language (tests): every string of the dictionary becomes ⟦accented⟧, so a text that is
 * not translated stands out; plural forms follow the real language. Kept apart from createI18n so the pages' first
 * script does not carry it.
 */
export function createPseudoI18n({ language, dictionary }: CreateI18nOptions): I18n {
  return { ...createI18n({ language, dictionary: pseudoDictionary(dictionary) }), language: PSEUDO_LANGUAGE };
}
