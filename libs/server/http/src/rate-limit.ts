import fastifyRateLimit from '@fastify/rate-limit';
import { ApiError } from '@tessera/server/api-errors';
import type { FastifyInstance } from 'fastify';

/** Requests per client address per minute across the API unless a server says otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/** Paths that are never rate limited: probes and immutable files. */
function unlimited(url: string): boolean {
  return url === '/health' || url === '/ready' || url.startsWith('/assets/') || url.startsWith('/brand-assets/');
}

/**
 * The API-wide rate limit per client address (routes such as sign-in set tighter ones of their own), answered with
 * 429 in the error shape; probes and static files are left out.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  perMinute = DEFAULT_RATE_LIMIT_PER_MINUTE,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: '1 minute',
    allowList: (request) => unlimited(request.url.split('?')[0] ?? ''),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'Too many requests', { detail: `Try again in ${context.after}` }),
  });
}
