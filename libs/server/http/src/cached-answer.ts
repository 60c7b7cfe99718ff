import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialised once and served many times (the feed's answers per read-model version, the site
 * configuration per resolution): its bytes, a weak validator, and its gzip form made the first time a client that
 * accepts it asks (README, "Nonces only where a page reads one; cached answers that revalidate").
 */
export interface CachedAnswer {
  body: Buffer;
  /** Weak validator of the body, the same for its gzip form. */
  etag: string;
  gzip?: Buffer;
}

/** Answers smaller than this go uncompressed: gzip would save less than it costs. */
export const GZIP_MIN_BYTES = 1024;

/** A cached answer of serialised JSON. */
export function cachedAnswer(json: string | Buffer): CachedAnswer {
  const body = typeof json === 'string' ? Buffer.from(json) : json;
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when If-None-Match names the validator (weak comparison, RFC 9110 13.1.2). */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string' || header.length === 0) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b/.test(accept);
}

/**
 * Sends a cached answer: its validator, 304 without a body to a client that holds it, otherwise the bytes, gzipped
 * for a client that accepts gzip when the answer is large enough. The caller sets Cache-Control.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  const compressible = answer.body.length >= GZIP_MIN_BYTES;
  if (compressible) reply.header('vary', 'accept-encoding');
  if (isNotModified(request, answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (compressible && acceptsGzip(request)) {
    answer.gzip ??= gzipSync(answer.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}
