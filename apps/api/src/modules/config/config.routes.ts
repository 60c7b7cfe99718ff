import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNTRY_COOKIE, rememberCountry } from '../../http/site-context';
import type { BrandRegistry, BrandSummary } from './brand-registry.port';
import { explainRoute, siteConfigRoute } from './config.schemas';
import { explainValue, resolveForRequest, siteConfigPayload, siteNotFound } from './config.service';

interface ConfigQuery {
  lng?: string;
  country?: string;
  brand?: string;
}

function requireBrand(request: FastifyRequest): BrandSummary {
  if (request.brandSelection.kind !== 'found') throw siteNotFound();
  return request.brandSelection.brand;
}

/** GET /web-api/site-config and its explain companion. */
export function configRoutes(app: FastifyInstance, registry: BrandRegistry): void {
  // The registry caches each resolution, so its object identifies the content: hash it once, not per request.
  const etags = new WeakMap<object, string>();
  const etagOf = (resolved: object, payload: object): string => {
    let etag = etags.get(resolved);
    if (!etag) {
      etag = `"${createHash('sha256').update(JSON.stringify(payload)).digest('base64url').slice(0, 27)}"`;
      etags.set(resolved, etag);
    }
    return etag;
  };

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
    const payload = siteConfigPayload(brand, resolved);
    // Revalidation saves resending ~20 KB on every load: the configuration changes only with a new deployment.
    const etag = etagOf(resolved, payload);
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return payload;
  });

  app.get<{ Querystring: ConfigQuery & { pointer: string } }>(
    '/web-api/site-config/explain',
    { schema: explainRoute },
    async (request, reply) => {
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
