import type { BrandSummary, ResolvedBrand } from '@tessera/server/brand-registry';
import { selectCountry } from '@tessera/server/site-config';
import type { BrandPayload, RenderFunction, SsrRequest } from '@tessera/shared/contract-api';
import { plainPage } from './html';
import { decidePageLanguage } from './page-language';

/** Path prefixes that belong to the API or to files: never a site page, so an unknown one is a JSON 404. */
export const NON_PAGE_PREFIXES = [
  '/web-api/',
  '/service-api/',
  '/officeapi/',
  '/api-docs',
  '/assets/',
  '/brand-assets/',
  // Development and test routes: where they are not registered (production) a JSON 404, never a page.
  '/__dev/',
];

/** The 500 page's text: the dictionary key `errors:page.message500`, the same one the in-app error page shows. */
export const MESSAGE_500_KEY = { namespace: 'errors', key: 'page.message500' } as const;
/** Used only when the dictionary of the language has no 500 text at all. */
export const MESSAGE_500_FALLBACK = 'Something went wrong. Please try again later.';

/** What a page request asks for, read from the HTTP request by the route. */
export interface PageAsk {
  /** The request's path and query as sent. */
  url: string;
  /** The brand the host selected. */
  brandSelection: { kind: 'found'; brand: BrandSummary } | { kind: 'not-found' };
  /** The `country` query parameter, when it is text. */
  queryCountry: string | undefined;
  /** The remembered country (cookie). */
  cookieCountry: string | undefined;
}

/** What to answer a page request with, before rendering. */
export type PagePlan =
  /** Not a site page (an API or file path): the JSON 404 of the API. */
  | { kind: 'not-a-page' }
  /** A plain HTML page (no site here, no such page). */
  | { kind: 'html'; status: number; html: string }
  /** Another address (not cached): the language's canonical path, or a country the site serves. */
  | { kind: 'redirect'; location: string }
  /** Render the page in this language and country; `rememberCountry` when the query chose it. */
  | { kind: 'render'; brand: BrandSummary; language: string; country: string; rememberCountry: boolean };

function splitUrl(url: string): { pathname: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, q), search: url.slice(q) };
}

/**
 * Chooses what a GET outside the API gets: the language from the path (`decidePageLanguage`), the country from the
 * query, the cookie or the brand's default; a country the brand does not serve is replaced by its fallback.
 */
export function planPage(ask: PageAsk): PagePlan {
  const { pathname, search } = splitUrl(ask.url);
  if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return { kind: 'not-a-page' };
  if (ask.brandSelection.kind !== 'found') {
    return { kind: 'html', status: 404, html: plainPage('Site not found', 'There is no site at this address.') };
  }
  const brand = ask.brandSelection.brand;
  const decision = decidePageLanguage(pathname, search, brand);
  if (decision.kind === 'redirect') return { kind: 'redirect', location: decision.location };
  if (decision.kind === 'not-found') {
    return {
      kind: 'html',
      status: 404,
      html: plainPage('Page not found', 'This page does not exist.', brand.defaultLanguage),
    };
  }
  const country = selectCountry(brand, ask.queryCountry, ask.cookieCountry);
  if (country.kind === 'not-served') {
    const params = new URLSearchParams(search);
    params.set('country', country.fallback);
    return { kind: 'redirect', location: `${pathname}?${params.toString()}` };
  }
  return {
    kind: 'render',
    brand,
    language: decision.language,
    country: country.country,
    rememberCountry: country.source === 'query',
  };
}

/** The resolved configuration as the web app's render receives it. */
export function brandPayload(resolved: ResolvedBrand): BrandPayload {
  const { brandId, country, language, config, theme, dictionary } = resolved;
  return { brandId, country, language, config, theme, dictionary };
}

function dictionaryText(resolved: ResolvedBrand, namespace: string, key: string): string | undefined {
  const text = resolved.dictionary[namespace]?.[key];
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** What a rendered page answers: HTML with a status, or a redirect (a status outside 3xx becomes 302). */
export type PageAnswer =
  { kind: 'html'; status: number; html: string } | { kind: 'redirect'; location: string; status: number };

/**
 * Renders a page through the web app's `render()` with the request `request()` builds (the session read included).
 * A render, or a request, that throws is logged through `onError` and answered
 * with the plain 500 page in the brand's words (`errors:page.message500`, else {@link MESSAGE_500_FALLBACK}).
 */
export async function renderPage(
  render: RenderFunction,
  request: () => Promise<SsrRequest>,
  page: { resolved: ResolvedBrand; brandName: string; language: string },
  onError: (error: unknown) => void,
): Promise<PageAnswer> {
  try {
    const result = await render(await request());
    if (result.redirect) {
      const status = result.status >= 300 && result.status < 400 ? result.status : 302;
      return { kind: 'redirect', location: result.redirect, status };
    }
    return { kind: 'html', status: result.status, html: result.html };
  } catch (error) {
    onError(error);
    const message =
      dictionaryText(page.resolved, MESSAGE_500_KEY.namespace, MESSAGE_500_KEY.key) ?? MESSAGE_500_FALLBACK;
    return { kind: 'html', status: 500, html: plainPage(page.brandName, message, page.language) };
  }
}
