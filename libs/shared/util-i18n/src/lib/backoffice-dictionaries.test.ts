import { describe, expect, it } from 'vitest';
import { BACKOFFICE_DESKS_NAMESPACE, BACKOFFICE_NAMESPACE, backofficeDictionaries } from './backoffice-dictionaries';
import { PLATFORM_LANGUAGES } from './languages';

const reference = backofficeDictionaries.en[BACKOFFICE_NAMESPACE] ?? {};
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe('console dictionaries', () => {
  it('has copy in English', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(50);
  });

  it.each(PLATFORM_LANGUAGES)('%s has exactly the English keys, none empty, the same placeholders', (lng) => {
    const dictionary = backofficeDictionaries[lng][BACKOFFICE_NAMESPACE] ?? {};
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference)) {
      const translated = dictionary[key] ?? '';
      expect(translated.trim(), `${lng}/backoffice:${key}`).not.toBe('');
      expect(placeholders(translated), `${lng}/backoffice:${key}`).toEqual(placeholders(text));
    }
  });

  it.each(PLATFORM_LANGUAGES)(
    '%s has exactly the English keys of the desks, none empty, the same placeholders',
    (lng) => {
      const desks = backofficeDictionaries.en[BACKOFFICE_DESKS_NAMESPACE] ?? {};
      const dictionary = backofficeDictionaries[lng][BACKOFFICE_DESKS_NAMESPACE] ?? {};
      expect(Object.keys(desks).length).toBeGreaterThan(50);
      expect(Object.keys(dictionary).sort()).toEqual(Object.keys(desks).sort());
      for (const [key, text] of Object.entries(desks)) {
        const translated = dictionary[key] ?? '';
        expect(translated.trim(), `${lng}/backoffice-desks:${key}`).not.toBe('');
        expect(placeholders(translated), `${lng}/backoffice-desks:${key}`).toEqual(placeholders(text));
      }
    },
  );

  it('uses area.element keys (a last part that is a wire value keeps its spelling: id_card)', () => {
    for (const key of Object.keys(reference))
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*\.[A-Za-z0-9_]+$/);
  });
});
