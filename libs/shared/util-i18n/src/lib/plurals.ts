/**
 * Plural forms in the i18next JSON v4 format: a count-dependent text is written once per CLDR plural category of its
 * language, as `key_one`, `key_few`, `key_many`, `key_other` (Russian), `key_zero` … `key_other` (Arabic), and looked up
 * by its base key with a numeric `count` (ADR 0420). Pure and shared by the translator, the dictionary checks and tests.
 */

/** The CLDR plural categories, in i18next's order. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** A CLDR plural category. */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix (`home.gamesIn_few` → `home.gamesIn`); other keys unchanged. */
export function pluralBase(key: string): string {
  return key.replace(SUFFIX, '');
}

/** Whether a key is one plural form of a count-dependent text. */
export function isPluralForm(key: string): boolean {
  return SUFFIX.test(key);
}

/** A key's base with the plural suffix stripped, as a type: the typed keys are the base keys. */
export type PluralBase<K extends string> = K extends `${infer B}_${PluralCategory}` ? B : K;

const rules = new Map<string, Intl.PluralRules>();

/**
 * The cardinal plural rules of a language, made once; a code Intl does not know (a private-use pseudo-language, a
 * typo) counts as English does (one, other), as i18next's fallback rule does.
 */
function pluralRules(language: string): Intl.PluralRules {
  const code = language.replace(/_/g, '-');
  let rule = rules.get(code);
  if (!rule) {
    try {
      rule = new Intl.PluralRules(code);
    } catch {
      rule = new Intl.PluralRules('en');
    }
    rules.set(code, rule);
  }
  return rule;
}

/** The plural category of a count in a language (`ru`, 3 → `few`). */
export function pluralCategory(language: string, count: number): PluralCategory {
  return pluralRules(language).select(count) as PluralCategory;
}

/** The forms a count-dependent text needs in a language (`zero` is optional everywhere, as in i18next). */
export function requiredPluralForms(language: string): PluralCategory[] {
  const categories = pluralRules(language).resolvedOptions().pluralCategories as PluralCategory[];
  return PLURAL_CATEGORIES.filter((c) => categories.includes(c));
}
