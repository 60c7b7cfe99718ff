import { ApiError } from '@tessera/server/api-errors';
import { apiRoutes } from '@tessera/server/http';
import { createInformationContent, informationPage } from '@tessera/server/pages';
import { resolveForRequest, siteNotFound } from '@tessera/server/site-config';
import type { FastifyInstance } from 'fastify';
import type { BrandRegistry } from '../config/brand-registry.port';
import { COUNTRY_COOKIE } from '../config/site-context';

/**
 * GET /web-api/information/:page?lng=: an information page of the request's brand, country and language, parsed from
 * the brand's content file (libs/server/pages README, "Information pages"); 404 when the configuration does not
 * offer it there or the brand has not written it.
 */
export function informationRoutes(app: FastifyInstance, registry: BrandRegistry): void {
  const content = createInformationContent((error) =>
    app.log.error({ file: error.file, line: error.line }, `information page refused: ${error.problem}`),
  );
  apiRoutes(app, { tags: ['pages'] }).get('/web-api/information/:page', {
    summary: 'An information page (rules, privacy, responsible gaming, ...) of the brand in one language',
    params: { page: { type: 'string', pattern: '^[a-zA-Z0-9-]+$', description: 'The page id (information.pages).' } },
    querystring: 'pages/information-page-query',
    reply: 'pages/information-page-response',
    errors: [400, 404],
    handler: (request, reply) => {
      if (request.brandSelection.kind !== 'found') throw siteNotFound();
      const brand = request.brandSelection.brand;
      const { resolved } = resolveForRequest(registry, brand, {
        lng: request.query.lng,
        cookieCountry: request.cookies[COUNTRY_COOKIE],
      });
      request.resolvedBrand = resolved;
      const brandDir = registry.brandDir(brand.id);
      const page = brandDir
        ? informationPage(content, brandDir, resolved.config.information, resolved.language, request.params.page)
        : undefined;
      if (!page) throw new ApiError(404, 'Not found');
      // The text differs per brand (Host) and language; it changes only with a release.
      reply.header('cache-control', 'private, max-age=300');
      return page;
    },
  });
}
