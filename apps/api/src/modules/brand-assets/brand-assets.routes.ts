import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import type { BrandRegistry } from '../config/brand-registry.port';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

// Segments of letters, digits, dot, dash and underscore that do not start with a dot: no `..`, no hidden files.
const safeRelativePath = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Resolves a requested asset inside a brand's assets folder, or undefined when the request tries to leave it. */
export async function resolveAssetFile(assetsDir: string, requested: string): Promise<string | undefined> {
  if (!safeRelativePath.test(requested) || !(path.extname(requested).toLowerCase() in contentTypes)) return undefined;
  try {
    const root = await fs.realpath(assetsDir);
    // realpath also follows symlinks, so a link pointing outside the folder is refused too.
    const file = await fs.realpath(path.join(root, requested));
    const stat = await fs.stat(file);
    return file.startsWith(root + path.sep) && stat.isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** GET /brand-assets/<brand-id>/<file>: a valid brand's `assets/` folder (logo.svg, ...), nothing else. */
export function brandAssetRoutes(app: FastifyInstance, registry: BrandRegistry): void {
  app.get<{ Params: { brandId: string; '*': string } }>(
    '/brand-assets/:brandId/*',
    { schema: { hide: true } },
    async (request, reply) => {
      // Only valid brands have a folder here: a refused brand's files are not served either.
      const brandDir = registry.brandDir(request.params.brandId);
      const file = brandDir ? await resolveAssetFile(path.join(brandDir, 'assets'), request.params['*']) : undefined;
      if (!file) throw new ApiError(404, 'Not found');
      const body = await fs.readFile(file);
      return (
        reply
          .type(contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=3600')
          // An SVG opened directly must not run script: a locked-down policy of its own.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
          .send(body)
      );
    },
  );
}
