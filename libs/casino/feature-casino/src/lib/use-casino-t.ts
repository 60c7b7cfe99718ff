import { useBrand } from '@tessera/shared/data-access-brand';
import {
  CASINO_NAMESPACE,
  createI18n,
  createPseudoI18n,
  loadCasinoCopy,
  PLATFORM_LANGUAGES,
  PSEUDO_LANGUAGE,
  type CasinoKey,
  type Dictionary,
  type PlatformLanguage,
  type TranslationValues,
} from '@tessera/shared/util-i18n';
import { use, useMemo } from 'react';
import { settled } from './settled';

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

/** The language whose casino copy a page language reads: its own, else English. */
const copyLanguage = (language: string): PlatformLanguage => (isPlatform(language) ? language : 'en');

// The loads of each language's copy, kept for the page (browser) or the process (server). A load that has finished
// carries its result as React reads it (`status`, `value`), so `use` answers a loaded copy at once, also in the server
// render; a failed load is forgotten, so the next render tries again.
const copies = new Map<PlatformLanguage, Promise<Dictionary>>();

function loadCopy(language: PlatformLanguage): Promise<Dictionary> {
  let copy = copies.get(language);
  if (!copy) {
    copy = settled(loadCasinoCopy(language), () => copies.delete(language));
    copies.set(language, copy);
  }
  return copy;
}

/**
 * Loads the casino's copy of a page language (English for a language without one) ahead of a render that needs it:
 * the casino route starts it for the page language as its chunk arrives, so the hydration rarely waits for it (and
 * when it does, React keeps the server's HTML until it is there).
 */
export async function preloadCasinoCopy(language: string): Promise<void> {
  await loadCopy(copyLanguage(language));
}

/**
 * The casino's copy (util-i18n `loadCasinoCopy`: one language a chunk), read straight from the casino's own
 * dictionary of the page language: the site pages never carry it, and the page's translations (shared and frozen per
 * brand on the server) are left as they are. A language without casino copy reads English; the pseudo-language of
 * tests gets the pseudo form. Keys of other namespaces that arrive as data go through the page's translations.
 * Until the language's copy has loaded the component suspends (its Suspense boundary shows a skeleton), so a text is
 * never shown in another language or as a key.
 */
export function useCasinoT(): CasinoT {
  const { i18n, language } = useBrand();
  const pseudo = i18n.language === PSEUDO_LANGUAGE;
  const copy = copyLanguage(language);
  const dictionary = use(loadCopy(copy));
  return useMemo(() => {
    // The same translator as the page's (placeholders and plural forms, ADR 0420) over the casino's own dictionary.
    const casino = (pseudo ? createPseudoI18n : createI18n)({ language: copy, dictionary });
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
  }, [i18n, language, pseudo, copy, dictionary]);
}
