import { isPluralForm, pluralBase, requiredPluralForms } from './plurals';

const placeholders = (text: string) => [...new Set(text.match(/{{\w+}}/g) ?? [])].sort();

/** What {@link checkPluralCopy} found in one namespace of a language against the reference (English). */
export interface PluralCopyCheck {
  /** The language's keys without plural suffixes, sorted. */
  bases: string[];
  /** The reference's keys without plural suffixes, sorted. */
  referenceBases: string[];
  /** Count-dependent texts whose forms are not exactly the language's plural categories (zero optional). */
  wrongForms: string[];
  /** Texts with a placeholder the reference text does not have, or (plain and `_other`) missing one it has. */
  wrongPlaceholders: string[];
}

/**
 * Checks one namespace of a language's copy against the reference, allowing for plural forms (ADR 0420): the same
 * texts by base key; a text the language writes in plural forms has every form its rules need (and `zero` at most
 * besides); a text may stay one plain text where its wording does not depend on the count ("Spiele: {{count}}").
 * A form may leave the count out ("مباراة واحدة"), but never brings a placeholder of its own.
 */
export function checkPluralCopy(
  language: string,
  reference: Record<string, string>,
  texts: Record<string, string>,
): PluralCopyCheck {
  const sortedBases = (dict: Record<string, string>) => [...new Set(Object.keys(dict).map(pluralBase))].sort();
  const wrongForms: string[] = [];
  const wrongPlaceholders: string[] = [];
  const required: string[] = requiredPluralForms(language).filter((c) => c !== 'zero');
  for (const base of sortedBases(texts)) {
    const forms = Object.keys(texts)
      .filter((key) => isPluralForm(key) && pluralBase(key) === base)
      .map((key) => key.slice(base.length + 1));
    if (
      forms.length > 0 &&
      (base in texts ||
        required.some((c) => !forms.includes(c)) ||
        forms.some((c) => c !== 'zero' && !required.includes(c)))
    ) {
      wrongForms.push(`${base}: ${forms.join(', ')}`);
    }
    const referenceText = reference[base] ?? reference[`${base}_other`];
    if (referenceText === undefined) continue;
    const allowed = placeholders(referenceText);
    for (const [key, text] of Object.entries(texts)) {
      if (pluralBase(key) !== base) continue;
      const own = placeholders(text);
      const full = key === base || key.endsWith('_other');
      const fits = full ? own.join() === allowed.join() : own.every((p) => allowed.includes(p));
      if (!fits) wrongPlaceholders.push(`${key}: ${own.join(' ')} (reference ${allowed.join(' ')})`);
    }
  }
  return { bases: sortedBases(texts), referenceBases: sortedBases(reference), wrongForms, wrongPlaceholders };
}
