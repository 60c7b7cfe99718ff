import { describe, expect, it } from 'vitest';
import { BACKOFFICE_DESKS_NAMESPACE, BACKOFFICE_NAMESPACE, backofficeDictionaries } from './backoffice-dictionaries';
import { PLATFORM_LANGUAGES } from './languages';
import { checkPluralCopy } from './plurals.testing';

const reference = backofficeDictionaries.en[BACKOFFICE_NAMESPACE] ?? {};
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe('console dictionaries', () => {
  it('has copy in English', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(50);
  });

  // Counts are written in the language's plural forms (ADR 0420): "1 site session ended", Arabic's dual, Russian's
  // few and many; a language whose wording does not change with the count keeps one plain text.
  it.each(PLATFORM_LANGUAGES)(
    '%s has the English keys (plural forms per its own rules), none empty, the same placeholders',
    (lng) => {
      const dictionary = backofficeDictionaries[lng][BACKOFFICE_NAMESPACE] ?? {};
      const check = checkPluralCopy(lng, reference, dictionary);
      expect(check.bases).toEqual(check.referenceBases);
      expect(check.wrongForms).toEqual([]);
      expect(check.wrongPlaceholders).toEqual([]);
      for (const [key, text] of Object.entries(dictionary))
        expect(text.trim(), `${lng}/backoffice:${key}`).not.toBe('');
    },
  );

  it.each(PLATFORM_LANGUAGES)('%s writes the console counts that change their words in plural forms', (lng) => {
    const dictionary = backofficeDictionaries[lng][BACKOFFICE_NAMESPACE] ?? {};
    for (const base of ['player.done.lock', 'verification.documentsHidden', 'withdrawal.approvals', 'reason.hint']) {
      const forms = Object.keys(dictionary).filter((key) => key.startsWith(`${base}_`));
      // A plain text is allowed only where the language's wording does not follow the count (fa, and ru's "Label: n").
      if (forms.length === 0) expect(dictionary[base], `${lng}/backoffice:${base}`).toContain('{{count}}');
    }
    expect(placeholders(reference['player.done.lock_other'] ?? '')).toEqual(['{{count}}']);
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
