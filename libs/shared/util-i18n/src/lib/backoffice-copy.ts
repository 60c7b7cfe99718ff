import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';

/**
 * The operators' console's copy of one language (`common`, `backoffice`, `backoffice-desks`, `backoffice-config`),
 * loaded on demand: each language is its own chunk of the console's build, so the first chunk carries none of them
 * and a page fetches only the language it shows (apps/backoffice README, "Languages"). The same texts as
 * {@link backofficeDictionaries} and {@link backofficeConfigDictionaries}, which tests and tools import whole.
 */
export function loadBackofficeCopy(language: PlatformLanguage): Promise<Dictionary> {
  switch (language) {
    case 'de':
      return import('./backoffice-copy/de').then((m) => m.dictionary);
    case 'ru':
      return import('./backoffice-copy/ru').then((m) => m.dictionary);
    case 'ar':
      return import('./backoffice-copy/ar').then((m) => m.dictionary);
    case 'fa':
      return import('./backoffice-copy/fa').then((m) => m.dictionary);
    default:
      return import('./backoffice-copy/en').then((m) => m.dictionary);
  }
}
