import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (Vite's `assets/`) never changes under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the client build (dist/apps/web/client). Files under /assets/ carry a content hash and are cached for a
 * year; other files briefly. index.html and the manifest are not served: every page is server-rendered.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  if (!fs.existsSync(clientDir)) {
    app.log.warn({ clientDir }, 'client build not found: static assets are not served');
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // One route per file found at start-up, so the page catch-all keeps every other path.
    wildcard: false,
    index: false,
    decorateReply: false,
    serveDotFiles: false,
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(clientDir, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE_CACHE : 'public, max-age=300');
    },
  });
}
