import { describe, expect, it } from 'vitest';
import { casinoDictionaries } from './casino-dictionaries';
import { loadCasinoCopy } from './casino-copy';
import { PLATFORM_LANGUAGES } from './languages';

describe('the casino copy loaded one language at a time', () => {
  it.each(PLATFORM_LANGUAGES)('%s: exactly the texts of the whole dictionaries', async (language) => {
    expect(await loadCasinoCopy(language)).toEqual(casinoDictionaries[language]);
  });
});
