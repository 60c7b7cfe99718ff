import type enCasino from '../locales/en/casino.json';
import { dictionary as ar } from './casino-copy/ar';
import { dictionary as de } from './casino-copy/de';
import { dictionary as en } from './casino-copy/en';
import { dictionary as fa } from './casino-copy/fa';
import { dictionary as ru } from './casino-copy/ru';
import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';
import type { PluralBase } from './plurals';

// The casino's copy (game names, help texts with their RTP, bet and symbol names) is kept out of
// `platformDictionaries` until a page shows it: those are sent inside every site page, and 6 KB a language of game
// help is no line or account page's business. A casino page loads its language's copy alone (loadCasinoCopy), the
// server and tests take them all from here.

// The namespace lives beside the loader, so that a page reading it does not pull in every language's copy from here.
export { CASINO_NAMESPACE } from './casino-copy';

/** Every casino translation key as `casino:area.element` (typed from English, the reference). */
export type CasinoKey = `casino:${PluralBase<Extract<keyof typeof enCasino, string>>}`;

/** The casino's dictionaries per platform language. Every language has exactly the English keys (a test pins this). */
export const casinoDictionaries: Record<PlatformLanguage, Dictionary> = { en, ru, de, ar, fa };
