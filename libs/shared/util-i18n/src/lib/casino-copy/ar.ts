// One language's casino copy, a module of its own so the site's build loads it alone (casino-copy.ts). The same file
// as casinoDictionaries.ar.
import casino from '../../locales/ar/casino.json' with { type: 'json' };
import type { Dictionary } from '../dictionaries';

export const dictionary: Dictionary = { casino };
