import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';

/** The largest request body any route reads (Fastify's default, 1 MiB); a larger one answers 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How much of an oversize body is read and thrown away so the client, still sending, gets to read the 413: a reply
 * sent before the body has arrived and a closed socket leave a client that writes before it reads with no answer.
 * Beyond this the connection is closed after the answer.
 */
export const OVERSIZE_DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * C0 controls other than tab, line feed and carriage return, DEL, C1 controls, and UTF-16 surrogates without their
 * pair. None is text a person types; PostgreSQL refuses NUL in text outright (a 500 once it reaches a query), and a
 * lone surrogate cannot be stored as UTF-8.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this expression
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a character no identifier or text field may hold ({@link FORBIDDEN}). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** The first field path (dot separated; `name` for a key) whose string key or value holds a forbidden character. */
function firstForbidden(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacters(key)) return childPath;
    const found = firstForbidden(child, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Reads and discards the rest of a request body, up to `limit` bytes; true when it all arrived. */
function drain(request: FastifyRequest, limit: number): Promise<boolean> {
  const raw = request.raw;
  if (raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (complete: boolean): void => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
      if (!complete) raw.pause();
      resolve(complete);
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.length;
      if (read > limit) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onError = (): void => finish(false);
    const onClose = (): void => finish(raw.readableEnded);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.once('close', onClose);
    raw.resume();
  });
}

/** The larger body limit a file-upload route declares in its config (`{ config: { uploadBodyLimitBytes } }`). */
function uploadBodyLimit(request: FastifyRequest): number | undefined {
  const config = request.routeOptions.config as { uploadBodyLimitBytes?: unknown } | undefined;
  const limit = config?.uploadBodyLimitBytes;
  return typeof limit === 'number' && limit > 0 ? limit : undefined;
}

/** Options of {@link registerRequestGuards}. */
export interface RequestGuardOptions {
  /** The largest body any route reads; default {@link BODY_LIMIT_BYTES}. Give Fastify's `bodyLimit` the same value. */
  bodyLimitBytes?: number;
  /** How much of an oversize body is read and thrown away before the 413; default {@link OVERSIZE_DRAIN_BYTES}. */
  oversizeDrainBytes?: number;
}

/**
 * Guards every route before its handler (and so before any database call):
 * - a body declared larger than the body limit ({@link BODY_LIMIT_BYTES}) is read to its end (up to
 *   {@link OVERSIZE_DRAIN_BYTES}) and answered 413 in the error shape, so the client reads the answer instead of a
 *   reset connection;
 * - a string in the path parameters, the query or the body (keys too) holding a control character or a lone
 *   surrogate is answered 400 in the error shape, with the field in `validation_errors` (docs/adr/0134).
 */
export function registerRequestGuards(app: FastifyInstance, options: RequestGuardOptions = {}): void {
  const bodyLimit = options.bodyLimitBytes ?? BODY_LIMIT_BYTES;
  const drainLimit = options.oversizeDrainBytes ?? OVERSIZE_DRAIN_BYTES;
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    // A route that takes files (identity documents) raises its own limit through its config, `uploadBodyLimitBytes`.
    const limit = uploadBodyLimit(request) ?? bodyLimit;
    if (!Number.isFinite(declared) || declared <= limit) return;
    const complete = await drain(request, drainLimit);
    if (!complete) reply.header('connection', 'close');
    throw new ApiError(413, 'Request body too large', {
      detail: `The largest accepted body is ${limit} bytes`,
    });
  });

  app.addHook('preValidation', async (request) => {
    const field =
      firstForbidden(request.params, '') ?? firstForbidden(request.query, '') ?? firstForbidden(request.body, '');
    if (field === undefined) return;
    throw new ApiError(400, 'Invalid request', {
      detail: 'Remove control characters',
      validation_errors: [{ field: field || '(request)', message: 'must not contain control characters' }],
    });
  });
}
