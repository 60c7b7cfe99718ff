// One language's copy of the operators' console, a module of its own so the console's build loads it alone
// (backoffice-copy.ts). The same files as backofficeDictionaries and backofficeConfigDictionaries.
import common from '../../locales/en/common.json' with { type: 'json' };
import backoffice from '../../locales/en/backoffice.json' with { type: 'json' };
import config from '../../locales/en/backoffice-config.json' with { type: 'json' };
import desks from '../../locales/en/backoffice-desks.json' with { type: 'json' };
import type { Dictionary } from '../dictionaries';

export const dictionary: Dictionary = { common, backoffice, 'backoffice-desks': desks, 'backoffice-config': config };
