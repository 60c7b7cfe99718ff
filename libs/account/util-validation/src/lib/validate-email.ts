import { invalid, valid, type ValidationResult } from './validation-result';

/** A common mail provider whose mistyped domains get a suggestion. */
export interface EmailProvider {
  /** Second-level label as people type it, e.g. `gmail`. */
  readonly name: string;
  /** The provider's real domains, e.g. `['gmail.com']`; the first is suggested when the top-level domain is mistyped. */
  readonly domains: readonly string[];
}

/** Providers named by the spec (section 5), with the domains their users actually have. */
export const DEFAULT_EMAIL_PROVIDERS: readonly EmailProvider[] = [
  { name: 'yandex', domains: ['yandex.ru', 'yandex.com', 'yandex.kz', 'yandex.by', 'yandex.ua'] },
  { name: 'mail', domains: ['mail.ru'] },
  { name: 'gmail', domains: ['gmail.com'] },
  { name: 'rambler', domains: ['rambler.ru'] },
  { name: 'icloud', domains: ['icloud.com'] },
  { name: 'yahoo', domains: ['yahoo.com'] },
  { name: 'aol', domains: ['aol.com'] },
  { name: 'outlook', domains: ['outlook.com'] },
];

/**
 * Real domains one typo away from a provider's name: never "corrected", or their owners could not register.
 */
const REAL_LOOKALIKE_DOMAINS = new Set(['ymail.com', 'email.com', 'gmx.com', 'hmail.com', 'mail.com']);

/** Frequent slips of the top-level domains our providers use (`.con` for `.com`, `.ry` for `.ru`). */
const TLD_TYPOS: Readonly<Record<string, readonly string[]>> = {
  com: ['con', 'cm', 'co', 'om', 'comm', 'cpm', 'vom', 'xom', 'cim', 'cog', 'coom', 'ocm', 'cmo', 'c0m'],
  ru: ['ry', 'tu', 'rr', 'ruu', 'rj', 'r', 'ur'],
};

/** The spec's pattern: word, dot and hyphen local part; domain labels; a top-level domain of 2 to 7 letters. */
const EMAIL_PATTERN = /^[\w.-]+@(?:[\w-]+\.)+[A-Za-z]{2,7}$/;

/** Options of {@link validateEmail}. */
export interface ValidateEmailOptions {
  /** Providers whose mistyped domains get a suggestion; defaults to {@link DEFAULT_EMAIL_PROVIDERS}. */
  readonly providers?: readonly EmailProvider[];
}

/**
 * Validates an email address in the spec's order (section 5): empty passes; starts with @; ends with @; no @;
 * no dot after @; contains a space; mistyped common provider (with `suggestion`, the corrected address); pattern.
 */
export function validateEmail(value: string | null | undefined, options: ValidateEmailOptions = {}): ValidationResult {
  if (value === null || value === undefined || value === '') return valid();
  if (value.startsWith('@')) return invalid('validation_email_account_name');
  if (value.endsWith('@')) return invalid('validation_email_domain_name');
  const at = value.lastIndexOf('@');
  if (at < 0) return invalid('validation_email_at_symbol');
  const domain = value.slice(at + 1);
  if (!domain.includes('.')) return invalid('validation_email_dot_symbol');
  if (/\s/.test(value)) return invalid('validation_email_space_symbol');
  const corrected = suggestEmailDomain(domain, options.providers ?? DEFAULT_EMAIL_PROVIDERS);
  if (corrected !== undefined) {
    const suggestion = `${value.slice(0, at)}@${corrected}`;
    return invalid('validation_email_typo', { suggestion }, suggestion);
  }
  if (!EMAIL_PATTERN.test(value)) return invalid('validation_enter_correct_email');
  return valid();
}

/**
 * The provider domain a mistyped domain most likely meant, or undefined when the domain is fine or not close to
 * a known provider. Fuzzy matching is limited to names of 5 letters or more: `mail` and `aol` are too short to
 * guess at without correcting real domains.
 */
export function suggestEmailDomain(
  domain: string,
  providers: readonly EmailProvider[] = DEFAULT_EMAIL_PROVIDERS,
): string | undefined {
  const lower = domain.toLowerCase();
  if (REAL_LOOKALIKE_DOMAINS.has(lower)) return undefined;
  if (providers.some((p) => p.domains.includes(lower))) return undefined;
  const dot = lower.lastIndexOf('.');
  const label = lower.slice(0, dot);
  const tld = lower.slice(dot + 1);
  // A label that is exactly one provider's name (mail) is never read as a typo of another (gmail).
  const exact = providers.filter((p) => p.name === label);
  for (const provider of exact.length > 0 ? exact : providers) {
    const labelMatches =
      label === provider.name ||
      (provider.name.length >= 5 && !label.includes('.') && editDistance(label, provider.name) === 1);
    if (!labelMatches) continue;
    const sameTld = provider.domains.find((d) => d.endsWith(`.${tld}`));
    if (sameTld !== undefined) return sameTld;
    const fromTypo = provider.domains.find((d) => TLD_TYPOS[d.slice(d.lastIndexOf('.') + 1)]?.includes(tld));
    if (fromTypo !== undefined) return fromTypo;
  }
  return undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps (`gmial`). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}
