import { describe, expect, it } from 'vitest';
import { NAMESPACES, platformDictionaries } from './dictionaries';
import { PLATFORM_LANGUAGES } from './languages';

const reference = platformDictionaries.en;

describe('platform dictionaries', () => {
  it.each(PLATFORM_LANGUAGES)('%s has exactly the reference keys, none empty', (lng) => {
    const dictionary = platformDictionaries[lng];
    expect(Object.keys(dictionary).sort()).toEqual([...NAMESPACES].sort());
    for (const ns of NAMESPACES) {
      expect(Object.keys(dictionary[ns] ?? {}).sort(), `${lng}/${ns}`).toEqual(Object.keys(reference[ns] ?? {}).sort());
      for (const [key, text] of Object.entries(dictionary[ns] ?? {})) {
        expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
      }
    }
  });

  it.each(PLATFORM_LANGUAGES)('%s keeps the placeholders of the reference text', (lng) => {
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(reference[ns] ?? {})) {
        const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
        expect(placeholders(platformDictionaries[lng][ns]?.[key] ?? ''), `${lng}/${ns}:${key}`).toEqual(
          placeholders(text),
        );
      }
    }
  });

  it('uses namespace:area.element keys', () => {
    for (const ns of NAMESPACES) {
      for (const key of Object.keys(reference[ns] ?? {})) expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/);
    }
  });
});
