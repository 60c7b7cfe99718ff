import { describe, expect, it } from 'vitest';
import { CASINO_NAMESPACE, casinoDictionaries } from './casino-dictionaries';
import { platformDictionaries } from './dictionaries';
import { PLATFORM_LANGUAGES } from './languages';
import { checkPluralCopy } from './plurals.testing';

const reference = casinoDictionaries.en[CASINO_NAMESPACE] ?? {};

describe('casino dictionaries', () => {
  it('are not sent inside every site page', () => {
    for (const lng of PLATFORM_LANGUAGES) expect(platformDictionaries[lng][CASINO_NAMESPACE]).toBeUndefined();
  });

  it.each(PLATFORM_LANGUAGES)(
    '%s has the English keys (plural forms per its rules), none empty, the same placeholders',
    (lng) => {
      const dictionary = casinoDictionaries[lng][CASINO_NAMESPACE] ?? {};
      expect(Object.keys(reference).length).toBeGreaterThan(0);
      const check = checkPluralCopy(lng, reference, dictionary);
      expect(check.bases).toEqual(check.referenceBases);
      expect(check.wrongForms).toEqual([]);
      expect(check.wrongPlaceholders).toEqual([]);
      for (const [key, text] of Object.entries(dictionary)) expect(text.trim(), `${lng}/casino:${key}`).not.toBe('');
    },
  );

  it('writes count-dependent English copy in plural forms, never "1 rounds" or "round(s)"', () => {
    for (const [key, text] of Object.entries(reference)) {
      expect(text, `en/casino:${key}`).not.toMatch(/\(s\)|\(en\)/);
      if (/\{\{count\}\} [a-z]+s\b/.test(text)) expect(key, `en/casino:${key}`).toMatch(/_other$/);
    }
  });
});
