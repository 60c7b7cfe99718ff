import arCasino from '../locales/ar/casino.json' with { type: 'json' };
import deCasino from '../locales/de/casino.json' with { type: 'json' };
import enCasino from '../locales/en/casino.json' with { type: 'json' };
import faCasino from '../locales/fa/casino.json' with { type: 'json' };
import ruCasino from '../locales/ru/casino.json' with { type: 'json' };
import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';
import type { PluralBase } from './plurals';

// The casino's copy (game names, help texts with their RTP, bet and symbol names) is kept out of
// `platformDictionaries` until a page shows it: those are sent inside every site page, and 6 KB a language of game
// help is no line or account page's business. The lobby joins it to the pages that need it.

/** The casino's namespace. */
export const CASINO_NAMESPACE = 'casino';

/** Every casino translation key as `casino:area.element` (typed from English, the reference). */
export type CasinoKey = `casino:${PluralBase<Extract<keyof typeof enCasino, string>>}`;

/** The casino's dictionaries per platform language. Every language has exactly the English keys (a test pins this). */
export const casinoDictionaries: Record<PlatformLanguage, Dictionary> = {
  en: { casino: enCasino },
  ru: { casino: ruCasino },
  de: { casino: deCasino },
  ar: { casino: arCasino },
  fa: { casino: faCasino },
};
