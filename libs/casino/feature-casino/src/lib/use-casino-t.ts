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

/**
 * The casino's copy, joined to the page's translations when a casino page first renders (server and client alike, so
 * hydration matches): the site pages never carry it (util-i18n `casinoDictionaries`). A language without its own
 * casino copy reads English; the pseudo-language of tests gets the pseudo form.
 */
export function useCasinoT(): CasinoT {
  const { i18n, language } = useBrand();
  const lng = i18n.language;
  if (!i18n.hasResourceBundle(lng, CASINO_NAMESPACE)) {
    const source = casinoDictionaries[isPlatform(language) ? language : 'en'];
    const bundle = lng === PSEUDO_LANGUAGE ? pseudoDictionary(source) : source;
    i18n.addResourceBundle(lng, CASINO_NAMESPACE, bundle[CASINO_NAMESPACE] ?? {}, true, false);
  }
  return useMemo(
    () => ({
      tc: (key, values) => i18n.t(key, values ?? {}),
      tcDynamic: (key, fallback, values) => (i18n.exists(key) ? i18n.t(key, values ?? {}) : fallback),
      language,
    }),
    [i18n, language],
  );
}
