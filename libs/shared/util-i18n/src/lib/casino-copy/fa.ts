// One language's casino copy, a module of its own so the site's build loads it alone (casino-copy.ts). The same file
// as casinoDictionaries.fa.
import casino from '../../locales/fa/casino.json' with { type: 'json' };
import type { Dictionary } from '../dictionaries';

export const dictionary: Dictionary = { casino };
