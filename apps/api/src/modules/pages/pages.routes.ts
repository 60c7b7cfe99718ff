import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COUNTRY_COOKIE, rememberCountry } from '../config/site-context';
import type { BrandRegistry, ResolvedBrand } from '../config/brand-registry.port';
import { selectCountry } from '@tessera/server/site-config';
import { plainPage } from './html';
import { inProcessFetch } from './in-process-fetch';
import { decidePageLanguage } from './page-language';
import type { BrandPayload, RenderFunction, SsrAssets, SsrSession } from '@tessera/shared/contract-api';

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

/** What the page route needs. */
export interface PageRouteOptions {
  /** The server's view of the registry (withServices): pages get the configuration GET /web-api/site-config gives (ADR 0231). */
  registry: BrandRegistry;
  render: RenderFunction;
  assets: () => SsrAssets;
  /** Who is visiting, from the session cookie; guest when absent. */
  session?: (request: FastifyRequest) => Promise<SsrSession>;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
}

function brandAsJson(resolved: ResolvedBrand): BrandPayload {
  const { brandId, country, language, config, theme, dictionary } = resolved;
  return { brandId, country, language, config, theme, dictionary };
}

/** The 500 page's text: the dictionary key `errors:page.message500`, the same one the in-app error page shows. */
export const MESSAGE_500_KEY = { namespace: 'errors', key: 'page.message500' } as const;
/** Used only when the dictionary of the language has no 500 text at all. */
export const MESSAGE_500_FALLBACK = 'Something went wrong. Please try again later.';

function dictionaryText(resolved: ResolvedBrand, namespace: string, key: string): string | undefined {
  const text = resolved.dictionary[namespace]?.[key];
  return typeof text === 'string' && text !== '' ? text : undefined;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, q), search: url.slice(q) };
}

/** Every other GET is a site page: choose language and country, then server-render it through `render()`. */
export function pageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search } = splitUrl(request.url);
    if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    if (request.brandSelection.kind !== 'found') {
      return sendHtml(reply, 404, plainPage('Site not found', 'There is no site at this address.'));
    }
    const brand = request.brandSelection.brand;
    const decision = decidePageLanguage(pathname, search, brand);
    if (decision.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(decision.location, 302);
    if (decision.kind === 'not-found') {
      return sendHtml(reply, 404, plainPage('Page not found', 'This page does not exist.', brand.defaultLanguage));
    }

    const query = request.query as Record<string, unknown>;
    const country = selectCountry(
      brand,
      typeof query['country'] === 'string' ? query['country'] : undefined,
      request.cookies[COUNTRY_COOKIE],
    );
    if (country.kind === 'not-served') {
      const params = new URLSearchParams(search);
      params.set('country', country.fallback);
      return reply.header('cache-control', 'no-store').redirect(`${pathname}?${params.toString()}`, 302);
    }
    if (country.source === 'query') rememberCountry(reply, country.country);

    const resolved = options.registry.resolve(brand.id, country.country, decision.language);
    request.resolvedBrand = resolved;
    try {
      const result = await options.render({
        url: request.url,
        brand: brandAsJson(resolved),
        session: options.session ? await options.session(request) : { status: 'guest' },
        assets: options.assets(),
        nonce: request.cspNonce,
        api: { fetch: inProcessFetch(request) },
      });
      if (result.redirect) {
        const status = result.status >= 300 && result.status < 400 ? result.status : 302;
        return reply.redirect(result.redirect, status);
      }
      return sendHtml(reply, result.status, result.html);
    } catch (error) {
      request.log.error({ err: error }, 'server-side rendering failed');
      const message = dictionaryText(resolved, MESSAGE_500_KEY.namespace, MESSAGE_500_KEY.key) ?? MESSAGE_500_FALLBACK;
      return sendHtml(reply, 500, plainPage(brand.name, message, decision.language));
    }
  };
  // Pages are HTML for people, not part of the API contract: kept out of the OpenAPI document.
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);
}
