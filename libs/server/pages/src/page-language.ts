import type { BrandSummary } from '@tessera/server/brand-registry';

/** What to do with a page request once its brand is known. */
export type PageDecision =
  { kind: 'render'; language: string } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

const languageSegment = /^[a-z]{2}$/i;
// A request for a file (favicon.ico, wp-login.php, an old bundle) is not a page: redirecting it is pointless.
const fileLike = /\.[a-z0-9]{1,8}$/i;
const maxPathLength = 2048;

/**
 * The language is the first path segment. A path without one is sent to the same path under the brand's default
 * language; a language the brand does not allow (or an unknown one) is replaced by the default; a wrongly cased one
 * is sent to its canonical lower-case form.
 */
export function decidePageLanguage(pathname: string, search: string, brand: BrandSummary): PageDecision {
  if (pathname.length > maxPathLength || fileLike.test(pathname)) return { kind: 'not-found' };
  // Collapsing slashes also keeps every redirect on this origin (no `//host` protocol-relative target).
  const path = pathname.replace(/\/{2,}/g, '/');
  const segments = path.split('/').slice(1);
  const first = segments[0] ?? '';
  const fallback = brand.defaultLanguage;
  // The home page of a language is `/<lng>/`, the address the site's own links use.
  if (first === '') return { kind: 'redirect', location: `/${fallback}/${search}` };
  if (!languageSegment.test(first)) return { kind: 'redirect', location: `/${fallback}${path}${search}` };
  const language = first.toLowerCase();
  const rest = segments.slice(1).join('/');
  const target = brand.languages.includes(language) ? language : fallback;
  if (target !== first || path !== pathname) {
    return { kind: 'redirect', location: `/${target}${rest || segments.length > 1 ? `/${rest}` : ''}${search}` };
  }
  return { kind: 'render', language };
}
