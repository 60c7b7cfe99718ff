import { useBrand } from '@tessera/shared/data-access-brand';
import {
  CASINO_NAMESPACE,
  casinoDictionaries,
  createI18n,
  createPseudoI18n,
  PLATFORM_LANGUAGES,
  PSEUDO_LANGUAGE,
  type CasinoKey,
  type PlatformLanguage,
  type TranslationValues,
} from '@tessera/shared/util-i18n';
import { useMemo } from 'react';

/** Translates a casino key (`casino:area.element`), with values for its `{{placeholders}}`. */
export type CasinoTranslate = (key: CasinoKey, values?: TranslationValues) => string;

/** What {@link useCasinoT} gives: the casino's translate, one for keys that arrive as data, and the language. */
export interface CasinoT {
  tc: CasinoTranslate;
  /** A key that arrives as data (a category's `langKey`, a game's `nameKey`), with a fallback when unknown. */
  tcDynamic: (key: string, fallback: string, values?: TranslationValues) => string;
  language: string;
}

const isPlatform = (lng: string): lng is PlatformLanguage => (PLATFORM_LANGUAGES as readonly string[]).includes(lng);
const PREFIX = `${CASINO_NAMESPACE}:`;

/**
 * The casino's copy (util-i18n `casinoDictionaries`), read straight from the casino's own dictionary of the page
 * language: the site pages never carry it, and the page's translations (shared and frozen per brand on the server)
 * are left as they are. A language without casino copy reads English; the pseudo-language of tests gets the pseudo
 * form. Keys of other namespaces that arrive as data go through the page's translations.
 */
export function useCasinoT(): CasinoT {
  const { i18n, language } = useBrand();
  const pseudo = i18n.language === PSEUDO_LANGUAGE;
  return useMemo(() => {
    const copy = isPlatform(language) ? language : 'en';
    // The same translator as the page's (placeholders and plural forms, ADR 0420) over the casino's own dictionary.
    const casino = (pseudo ? createPseudoI18n : createI18n)({ language: copy, dictionary: casinoDictionaries[copy] });
    const own = (key: string, values?: TranslationValues): boolean =>
      key.startsWith(PREFIX) && casino.exists(key, values);
    return {
      tc: (key, values) => (own(key, values) ? casino.t(key, values) : key),
      tcDynamic: (key, fallback, values) => {
        if (own(key, values)) return casino.t(key, values);
        return i18n.exists(key, values) ? i18n.t(key, values ?? {}) : fallback;
      },
      language,
    };
  }, [i18n, language, pseudo]);
}
