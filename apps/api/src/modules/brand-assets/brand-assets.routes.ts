import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { BRAND_ASSET_CSP, brandAssetFile } from '@tessera/server/http';
import type { BrandRegistry } from '../config/brand-registry.port';

/** GET /brand-assets/<brand-id>/<file>: a valid brand's `assets/` folder (logo.svg, ...), nothing else. */
export function brandAssetRoutes(app: FastifyInstance, registry: BrandRegistry): void {
  app.get<{ Params: { brandId: string; '*': string } }>(
    '/brand-assets/:brandId/*',
    { schema: { hide: true } },
    async (request, reply) => {
      // Only valid brands have a folder here: a refused brand's files are not served either.
      const brandDir = registry.brandDir(request.params.brandId);
      const asset = brandDir ? await brandAssetFile(path.join(brandDir, 'assets'), request.params['*']) : undefined;
      if (!asset) throw new ApiError(404, 'Not found');
      return reply
        .type(asset.contentType)
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', BRAND_ASSET_CSP)
        .send(await fs.readFile(asset.file));
    },
  );
}
