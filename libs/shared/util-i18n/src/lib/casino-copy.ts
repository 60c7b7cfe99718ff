import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';

/** The casino's namespace. */
export const CASINO_NAMESPACE = 'casino';

/**
 * The casino's copy of one language (`{ casino }`), loaded on demand: each language is its own chunk of the site's
 * build, so a casino page fetches only the language it shows (about 5 to 7 KB gzip instead of 27 KB for all five).
 * The same texts as {@link casinoDictionaries}, which the server, tests and tools import whole.
 */
export function loadCasinoCopy(language: PlatformLanguage): Promise<Dictionary> {
  switch (language) {
    case 'ru':
      return import('./casino-copy/ru').then((m) => m.dictionary);
    case 'de':
      return import('./casino-copy/de').then((m) => m.dictionary);
    case 'ar':
      return import('./casino-copy/ar').then((m) => m.dictionary);
    case 'fa':
      return import('./casino-copy/fa').then((m) => m.dictionary);
    default:
      return import('./casino-copy/en').then((m) => m.dictionary);
  }
}
