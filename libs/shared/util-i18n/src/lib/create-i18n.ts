import type { Dictionary, TranslationKey } from './dictionaries';
import { pluralCategory } from './plurals';

/** Values interpolated into `{{placeholders}}`. */
export type TranslationValues = Record<string, string | number>;

/** A typed translate function: only platform keys compile. */
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

/** Options of {@link createI18n}. */
export interface CreateI18nOptions {
  /** The page language (the URL's language segment). */
  language: string;
  /** The resolved dictionary the server sent (platform copy plus brand overrides). */
  dictionary: Dictionary;
}

/**
 * One page's (or one request's) translations: the language and its dictionary, looked up by `namespace:key`. The
 * copy uses flat keys inside namespace files, `{{name}}` placeholders and plural forms in i18next's JSON v4 format
 * (`key_one`, `key_few`, … chosen by a numeric `count` with Intl.PluralRules; no nesting, context or formatters), so
 * this is all of i18next the site uses, without its 20 KB gzip in every page's first script (ADR 0390, 0420).
 */
export interface I18n {
  /** The page language (the pseudo-language's code for {@link createPseudoI18n}'s). */
  readonly language: string;
  /**
   * The text of a key with its placeholders filled; an unknown key answers the key without its namespace. With a
   * numeric `count` the key's plural form for that count is chosen (`key_zero` first for 0, then the language's
   * category, then the key itself), as i18next does.
   */
  t(key: string, values?: TranslationValues): string;
  /** Whether the dictionary has the key (with a numeric `count`: the key or its plural form for that count). */
  exists(key: string, values?: TranslationValues): boolean;
}

const DEFAULT_NAMESPACE = 'common';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** `namespace:key` split at its first colon; a key without one is in the `common` namespace. */
function splitKey(key: string): [namespace: string, key: string] {
  const colon = key.indexOf(':');
  return colon < 0 ? [DEFAULT_NAMESPACE, key] : [key.slice(0, colon), key.slice(colon + 1)];
}

/** Fills `{{name}}` placeholders; a placeholder without a value stays as written (as i18next leaves it). */
function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, path: string) => {
    const value = Object.hasOwn(values, path) ? values[path] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/**
 * The translations for one request (server) or one page (client), ready synchronously from the dictionary already in
 * hand, so nothing is fetched on hydration and the first client render matches the server's. Values are not escaped:
 * React escapes text itself.
 */
export function createI18n({ language, dictionary }: CreateI18nOptions): I18n {
  const resources = dictionary;
  const lookup = (key: string): string | undefined => {
    const [namespace, inner] = splitKey(key);
    const texts = Object.hasOwn(resources, namespace) ? resources[namespace] : undefined;
    return texts && Object.hasOwn(texts, inner) ? texts[inner] : undefined;
  };
  // i18next's order: the zero form for a count of 0 (where the copy has one), the count's category, the plain key.
  const resolve = (key: string, values: TranslationValues | undefined): string | undefined => {
    const count = values?.['count'];
    if (typeof count === 'number') {
      const zero = count === 0 ? lookup(`${key}_zero`) : undefined;
      if (zero !== undefined) return zero;
      const form = lookup(`${key}_${pluralCategory(language, count)}`);
      if (form !== undefined) return form;
    }
    return lookup(key);
  };
  return {
    language,
    t: (key, values) => interpolate(resolve(key, values) ?? splitKey(key)[1], values),
    exists: (key, values) => resolve(key, values) !== undefined,
  };
}

/** The typed translate function of an instance. */
export function translator(instance: I18n): Translate {
  return (key, values) => instance.t(key, values ?? {});
}

/** Translates a key that arrives as data (a config `langKey`), falling back to the given text when the key is unknown. */
export function translateDynamic(instance: I18n, key: string, fallback = key, values?: TranslationValues): string {
  return instance.exists(key, values) ? instance.t(key, values ?? {}) : fallback;
}
