import { describe, expect, it } from 'vitest';
import { CASINO_NAMESPACE, casinoDictionaries } from './casino-dictionaries';
import { platformDictionaries } from './dictionaries';
import { PLATFORM_LANGUAGES } from './languages';

const reference = casinoDictionaries.en[CASINO_NAMESPACE] ?? {};
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe('casino dictionaries', () => {
  it('are not sent inside every site page', () => {
    for (const lng of PLATFORM_LANGUAGES) expect(platformDictionaries[lng][CASINO_NAMESPACE]).toBeUndefined();
  });

  it.each(PLATFORM_LANGUAGES)('%s has exactly the English keys, none empty, the same placeholders', (lng) => {
    const dictionary = casinoDictionaries[lng][CASINO_NAMESPACE] ?? {};
    expect(Object.keys(reference).length).toBeGreaterThan(0);
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference)) {
      const translated = dictionary[key] ?? '';
      expect(translated.trim(), `${lng}/casino:${key}`).not.toBe('');
      expect(placeholders(translated), `${lng}/casino:${key}`).toEqual(placeholders(text));
    }
  });
});
