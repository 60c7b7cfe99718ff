import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cachedAnswer, requireOperator, sendCachedAnswer, type CachedAnswer } from '@tessera/server/http';
import { COUNTRY_COOKIE, rememberCountry } from './site-context';
import type { BrandRegistry, BrandSummary } from './brand-registry.port';
import { explainRoute, siteConfigRoute } from './config.schemas';
import { explainValue, resolveForRequest, siteConfigPayload, siteNotFound } from '@tessera/server/site-config';

interface ConfigQuery {
  lng?: string;
  country?: string;
  brand?: string;
}

function requireBrand(request: FastifyRequest): BrandSummary {
  if (request.brandSelection.kind !== 'found') throw siteNotFound();
  return request.brandSelection.brand;
}

/**
 * GET /web-api/site-config and its explain companion. `registry` is the server's view (withServices): its resolutions
 * come with the settings this server cannot honour switched off (ADR 0140, ADR 0231).
 */
export function configRoutes(app: FastifyInstance, registry: BrandRegistry): void {
  // The registry caches each resolution, so its object identifies the content: the answer is serialised (by the
  // route's response schema), hashed and gzipped once per resolution, not per request.
  const answers = new WeakMap<object, CachedAnswer>();

  app.get<{ Querystring: ConfigQuery }>('/web-api/site-config', { schema: siteConfigRoute }, async (request, reply) => {
    const brand = requireBrand(request);
    const { resolved, countryFromQuery } = resolveForRequest(registry, brand, {
      lng: request.query.lng,
      country: request.query.country,
      cookieCountry: request.cookies[COUNTRY_COOKIE],
    });
    request.resolvedBrand = resolved;
    if (countryFromQuery) rememberCountry(reply, resolved.country);
    // Varies by Host and cookies; a shared cache must not hand one brand's configuration to another.
    reply.header('cache-control', 'private, no-cache');
    let answer = answers.get(resolved);
    if (!answer) {
      answer = cachedAnswer(reply.serialize(siteConfigPayload(brand, resolved)) as string);
      answers.set(resolved, answer);
    }
    // Revalidation saves resending ~20 KB on every load; open pages revalidate every 2 s to pick up published console
    // changes (ADR 0310), answered 304 until one lands.
    return sendCachedAnswer(request, reply, answer);
  });

  app.get<{ Querystring: ConfigQuery & { pointer: string } }>(
    '/web-api/site-config/explain',
    { schema: explainRoute },
    async (request, reply) => {
      // Which layer and file set a value is for operators (compliance asks through the CLI or with the token).
      requireOperator(request);
      const brand = requireBrand(request);
      const { resolved } = resolveForRequest(registry, brand, {
        lng: request.query.lng,
        country: request.query.country,
        cookieCountry: request.cookies[COUNTRY_COOKIE],
      });
      request.resolvedBrand = resolved;
      reply.header('cache-control', 'private, no-cache');
      return explainValue(resolved, request.query.pointer);
    },
  );
}
