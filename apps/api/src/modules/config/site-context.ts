import { cookieDefaults } from '@tessera/server/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrandRegistry, BrandSummary, ResolvedBrand } from './brand-registry.port';
import { normaliseHost, selectBrand, type BrandOverrideScope, type BrandSelection } from '@tessera/server/site-config';

/** Cookie that remembers the development brand override. */
export const BRAND_COOKIE = 'tessera_brand';
/** Cookie that remembers the chosen country. */
export const COUNTRY_COOKIE = 'tessera_country';

const rememberFor = 60 * 60 * 24 * 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand chosen for this request (Host, or the development override). */
    brandSelection: BrandSelection;
    /** The configuration resolved for this request, once a route resolved it (used by the CSP). */
    resolvedBrand: ResolvedBrand | undefined;
  }
}

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Chooses the brand of a request and remembers an explicit `?brand=` in a cookie. */
export function chooseBrand(
  request: FastifyRequest,
  reply: FastifyReply,
  registry: BrandRegistry,
  override: BrandOverrideScope,
): BrandSelection {
  const selection = selectBrand(registry, {
    host: normaliseHost(request.hostname),
    queryBrand: queryParam(request, 'brand'),
    cookieBrand: request.cookies[BRAND_COOKIE],
    override,
  });
  if (selection.kind === 'found' && selection.source === 'query') {
    reply.setCookie(BRAND_COOKIE, selection.brand.id, { ...cookieDefaults, maxAge: rememberFor });
  }
  return selection;
}

/** Remembers the country a visitor chose. */
export function rememberCountry(reply: FastifyReply, country: string): void {
  reply.setCookie(COUNTRY_COOKIE, country, { ...cookieDefaults, maxAge: rememberFor });
}

/** The brand of the request, if one was found. */
export function foundBrand(request: FastifyRequest): BrandSummary | undefined {
  return request.brandSelection.kind === 'found' ? request.brandSelection.brand : undefined;
}
