import arBackoffice from '../locales/ar/backoffice.json' with { type: 'json' };
import arCommon from '../locales/ar/common.json' with { type: 'json' };
import deBackoffice from '../locales/de/backoffice.json' with { type: 'json' };
import deCommon from '../locales/de/common.json' with { type: 'json' };
import enBackoffice from '../locales/en/backoffice.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import faBackoffice from '../locales/fa/backoffice.json' with { type: 'json' };
import faCommon from '../locales/fa/common.json' with { type: 'json' };
import ruBackoffice from '../locales/ru/backoffice.json' with { type: 'json' };
import ruCommon from '../locales/ru/common.json' with { type: 'json' };
import arDesks from '../locales/ar/backoffice-desks.json' with { type: 'json' };
import deDesks from '../locales/de/backoffice-desks.json' with { type: 'json' };
import enDesks from '../locales/en/backoffice-desks.json' with { type: 'json' };
import faDesks from '../locales/fa/backoffice-desks.json' with { type: 'json' };
import ruDesks from '../locales/ru/backoffice-desks.json' with { type: 'json' };
import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';
import type { PluralBase } from './plurals';

// The operators' console (apps/backoffice) has its own namespace, kept out of `platformDictionaries`: those are
// resolved per brand and sent inside every site page, and no bettor's page should carry the console's copy.

/** The console's namespace. */
export const BACKOFFICE_NAMESPACE = 'backoffice';

/** The desks' namespace (risk, VIP bets, liability: ADR 0315). */
export const BACKOFFICE_DESKS_NAMESPACE = 'backoffice-desks';

/**
 * Every console translation key as `backoffice:area.element` or `backoffice-desks:area.element` (typed from English;
 * a text in plural forms is asked for by its base key with `count`).
 */
export type BackofficeKey =
  | `backoffice:${PluralBase<Extract<keyof typeof enBackoffice, string>>}`
  | `backoffice-desks:${PluralBase<Extract<keyof typeof enDesks, string>>}`;

/**
 * The console's dictionaries per platform language: its own namespace and the platform's `common` (the texts of the
 * ui library: close, back, skip link). Every language has the English keys, counts in its own plural forms (a test pins this).
 */
export const backofficeDictionaries: Record<PlatformLanguage, Dictionary> = {
  en: { common: enCommon, backoffice: enBackoffice, 'backoffice-desks': enDesks },
  ru: { common: ruCommon, backoffice: ruBackoffice, 'backoffice-desks': ruDesks },
  de: { common: deCommon, backoffice: deBackoffice, 'backoffice-desks': deDesks },
  ar: { common: arCommon, backoffice: arBackoffice, 'backoffice-desks': arDesks },
  fa: { common: faCommon, backoffice: faBackoffice, 'backoffice-desks': faDesks },
};
