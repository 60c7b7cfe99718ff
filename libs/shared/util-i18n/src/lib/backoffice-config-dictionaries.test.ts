import { describe, expect, it } from 'vitest';
import { BACKOFFICE_CONFIG_NAMESPACE, backofficeConfigDictionaries } from './backoffice-config-dictionaries';

const reference = backofficeConfigDictionaries.en[BACKOFFICE_CONFIG_NAMESPACE] ?? {};

describe('the live configuration copy', () => {
  it.each(['ru', 'de', 'ar', 'fa'] as const)('%s has exactly the English keys, each translated', (lng) => {
    const dictionary = backofficeConfigDictionaries[lng][BACKOFFICE_CONFIG_NAMESPACE] ?? {};
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(dictionary)) {
      expect(text.trim(), key).not.toBe('');
      // Placeholders survive translation.
      expect([...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort(), key).toEqual(
        [...(reference[key] ?? '').matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort(),
      );
    }
  });
});
