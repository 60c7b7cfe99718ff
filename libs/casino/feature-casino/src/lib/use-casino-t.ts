import { useBrand } from '@tessera/shared/data-access-brand';
import {
  CASINO_NAMESPACE,
  casinoDictionaries,
  PLATFORM_LANGUAGES,
  pseudoDictionary,
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

function fill(text: string, values?: TranslationValues): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values?.[name] === undefined ? whole : String(values[name]),
  );
}

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
    const source = casinoDictionaries[isPlatform(language) ? language : 'en'];
    const texts = (pseudo ? pseudoDictionary(source) : source)[CASINO_NAMESPACE] ?? {};
    const own = (key: string): string | undefined =>
      key.startsWith(PREFIX) ? texts[key.slice(PREFIX.length)] : undefined;
    return {
      tc: (key, values) => fill(own(key) ?? key, values),
      tcDynamic: (key, fallback, values) => {
        const text = own(key);
        if (text !== undefined) return fill(text, values);
        return i18n.exists(key) ? i18n.t(key, values ?? {}) : fallback;
      },
      language,
    };
  }, [i18n, language, pseudo]);
}
