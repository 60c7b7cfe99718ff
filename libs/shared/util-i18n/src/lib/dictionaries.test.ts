import { describe, expect, it } from 'vitest';
import { NAMESPACES, platformDictionaries } from './dictionaries';
import { PLATFORM_LANGUAGES } from './languages';
import { checkPluralCopy } from './plurals.testing';

const reference = platformDictionaries.en;

describe('platform dictionaries', () => {
  it.each(PLATFORM_LANGUAGES)('%s has the reference keys (plural forms per its own rules), none empty', (lng) => {
    const dictionary = platformDictionaries[lng];
    expect(Object.keys(dictionary).sort()).toEqual([...NAMESPACES].sort());
    for (const ns of NAMESPACES) {
      const check = checkPluralCopy(lng, reference[ns] ?? {}, dictionary[ns] ?? {});
      expect(check.bases, `${lng}/${ns}`).toEqual(check.referenceBases);
      expect(check.wrongForms, `${lng}/${ns}`).toEqual([]);
      for (const [key, text] of Object.entries(dictionary[ns] ?? {})) {
        expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
      }
    }
  });

  it.each(PLATFORM_LANGUAGES)('%s keeps the placeholders of the reference text', (lng) => {
    for (const ns of NAMESPACES) {
      expect(checkPluralCopy(lng, reference[ns] ?? {}, platformDictionaries[lng][ns] ?? {}).wrongPlaceholders).toEqual(
        [],
      );
    }
  });

  it('uses namespace:area.element keys, plural forms with the i18next suffixes', () => {
    for (const ns of NAMESPACES) {
      for (const key of Object.keys(reference[ns] ?? {})) {
        expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*(_(zero|one|two|few|many|other))?$/);
      }
    }
  });

  it('writes count-dependent English copy in plural forms, never "1 games" or "number(s)"', () => {
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(reference[ns] ?? {})) {
        expect(text, `en/${ns}:${key}`).not.toMatch(/\(s\)|\(en\)/);
        // "{{count}} games" is only right as the form for counts other than one.
        if (/\{\{count\}\} [a-z]+s\b/.test(text)) expect(key, `en/${ns}:${key}`).toMatch(/_other$/);
      }
    }
  });
});
