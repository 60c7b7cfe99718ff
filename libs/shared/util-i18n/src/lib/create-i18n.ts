import { createInstance, type i18n as I18n } from 'i18next';
import type { Dictionary, TranslationKey } from './dictionaries';
import { PSEUDO_LANGUAGE } from './languages';
import { pseudoDictionary } from './pseudo';

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
  /** Render the pseudo-language instead (tests): every string becomes ⟦accented⟧. */
  pseudo?: boolean;
}

/**
 * A fresh i18next instance for one request (server) or one page (client), initialised synchronously from the
 * dictionary already in hand, so nothing is fetched on hydration and the first client render matches the server's.
 */
export function createI18n({ language, dictionary, pseudo = false }: CreateI18nOptions): I18n {
  const lng = pseudo ? PSEUDO_LANGUAGE : language;
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: pseudo ? pseudoDictionary(dictionary) : dictionary },
    ns: Object.keys(dictionary),
    defaultNS: 'common',
    // Keys are flat `area.element` strings inside a namespace file, exactly as brands override them.
    keySeparator: false,
    nsSeparator: ':',
    // React escapes text itself; escaping here would double-escape.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** The typed translate function of an instance. */
export function translator(instance: I18n): Translate {
  return (key, values) => instance.t(key, values ?? {});
}

/** Translates a key that arrives as data (a config `langKey`), falling back to the given text when the key is unknown. */
export function translateDynamic(instance: I18n, key: string, fallback = key, values?: TranslationValues): string {
  return instance.exists(key) ? instance.t(key, values ?? {}) : fallback;
}
