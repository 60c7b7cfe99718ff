import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from './cached-answer';

/** Hashed build output (Vite's `assets/`) never changes under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Other files of the build (favicon, robots.txt …) may change between releases. */
export const SHORT_CACHE = 'public, max-age=300';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};
/** Types worth compressing (text); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.svg', '.txt', '.wasm']);
/** Below this a compressed body saves less than the header costs. */
const COMPRESS_MIN_BYTES = 1024;

/** One file of the build as it is served. */
export interface BuildFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Which files of the build are served: never the SPA shell nor Vite's manifest (every page is server-rendered). */
function isServed(relative: string): boolean {
  return relative !== 'index.html' && !relative.startsWith('.vite/') && !/\.(br|gz)$/.test(relative);
}

/**
 * Reads the client build into memory: each file, its validator, and its Brotli and gzip forms. The build writes the
 * compressed forms beside the files (`tools/scripts/precompress.mjs`, at the highest levels); a build without them gets
 * a gzip form made here.
 */
export function readClientBuild(clientDir: string): Map<string, BuildFile> {
  const files = new Map<string, BuildFile>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const relative = path.relative(clientDir, full).split(path.sep).join('/');
      if (!entry.isFile() || entry.name.startsWith('.') || !isServed(relative)) continue;
      const ext = path.extname(entry.name).toLowerCase();
      const identity = fs.readFileSync(full);
      const file: BuildFile = {
        type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
        cacheControl: relative.startsWith('assets/') ? IMMUTABLE_CACHE : SHORT_CACHE,
        identity,
      };
      if (COMPRESSIBLE.has(ext) && identity.length >= COMPRESS_MIN_BYTES) {
        const br = `${full}.br`;
        const gz = `${full}.gz`;
        if (fs.existsSync(br)) file.br = fs.readFileSync(br);
        file.gzip = fs.existsSync(gz) ? fs.readFileSync(gz) : gzipSync(identity, { level: 9 });
      }
      files.set(`/${relative}`, file);
    }
  };
  walk(clientDir);
  return files;
}

/** The codings a client accepts with a non-zero weight (RFC 9110 12.5.3), lower-cased. */
function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  return accepted;
}

function send(request: FastifyRequest, reply: FastifyReply, file: BuildFile): FastifyReply {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag);
  if (file.gzip) reply.header('vary', 'accept-encoding');
  if (isNotModified(request, file.etag)) return reply.code(304).send();
  reply.type(file.type);
  const codings = acceptedCodings(request.headers['accept-encoding']);
  const [coding, body] =
    file.br && codings.has('br')
      ? ['br', file.br]
      : file.gzip && (codings.has('gzip') || codings.has('*'))
        ? ['gzip', file.gzip]
        : [undefined, file.identity];
  if (coding) reply.header('content-encoding', coding);
  return reply.send(body);
}

/**
 * Serves the client build from memory (issue 12, item 17): one route per file found at start-up (so the page catch-all
 * keeps every other path), Brotli or gzip as the client accepts, a strong validator and 304, hashed `assets/` cached
 * for a year. No file system work per request: an asset answers in microseconds even when the thread pool or the
 * cores are busy. Returns how many files it serves.
 */
export function registerClientBuild(app: FastifyInstance, clientDir: string): number {
  if (!fs.existsSync(clientDir)) {
    app.log.warn({ clientDir }, 'client build not found: static assets are not served');
    return 0;
  }
  const files = readClientBuild(clientDir);
  for (const [url, file] of files) {
    // A colon would start a route parameter; Fastify answers HEAD from the GET route.
    app.get(url.replaceAll(':', '::'), (request, reply) => send(request, reply, file));
  }
  return files.size;
}
