// One language's copy of the operators' console, a module of its own so the console's build loads it alone
// (backoffice-copy.ts). The same files as backofficeDictionaries and backofficeConfigDictionaries.
import common from '../../locales/fa/common.json' with { type: 'json' };
import backoffice from '../../locales/fa/backoffice.json' with { type: 'json' };
import config from '../../locales/fa/backoffice-config.json' with { type: 'json' };
import desks from '../../locales/fa/backoffice-desks.json' with { type: 'json' };
import type { Dictionary } from '../dictionaries';

export const dictionary: Dictionary = { common, backoffice, 'backoffice-desks': desks, 'backoffice-config': config };
