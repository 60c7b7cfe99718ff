import { describe, expect, it } from 'vitest';
import { backofficeConfigDictionaries } from './backoffice-config-dictionaries';
import { loadBackofficeCopy } from './backoffice-copy';
import { backofficeDictionaries } from './backoffice-dictionaries';
import { PLATFORM_LANGUAGES } from './languages';

describe('the console copy loaded one language at a time', () => {
  it.each(PLATFORM_LANGUAGES)('%s: exactly the texts of the whole dictionaries', async (language) => {
    expect(await loadBackofficeCopy(language)).toEqual({
      ...backofficeDictionaries[language],
      ...backofficeConfigDictionaries[language],
    });
  });
});
