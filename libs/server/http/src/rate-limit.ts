import fastifyRateLimit from '@fastify/rate-limit';
import { ApiError } from '@tessera/server/api-errors';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** Requests per client address per minute across the API unless a server says otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/**
 * Where the counters live. In-process (the default) each server counts alone; with `redis` every server of a
 * deployment counts into the same keys (`<keyPrefix>rate-limit:<address>`, and per route for a route's own limit),
 * so one address has one budget however the load balancer spreads its requests (ADR 0365).
 */
export interface RateLimitStore {
  /** The shared Redis connection; give it a short command timeout and no offline queue (a down Redis must not hold requests). */
  redis: Redis;
  /** Prefix of the deployment's keys (REDIS_KEY_PREFIX), e.g. `tessera:`. */
  keyPrefix: string;
}

/** Paths that are never rate limited: probes and immutable files. */
function unlimited(url: string): boolean {
  return url === '/health' || url === '/ready' || url.startsWith('/assets/') || url.startsWith('/brand-assets/');
}

/**
 * The API-wide rate limit per client address (routes such as sign-in set tighter ones of their own), answered with
 * 429 in the error shape; probes and static files are left out. With a shared store, a Redis that does not answer
 * lets requests through (counted nowhere) instead of refusing or holding them: the limit is a guard against floods,
 * not a reason to stop serving.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  perMinute = DEFAULT_RATE_LIMIT_PER_MINUTE,
  store?: RateLimitStore,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: '1 minute',
    allowList: (request) => unlimited(request.url.split('?')[0] ?? ''),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'Too many requests', { detail: `Try again in ${context.after}` }),
    ...(store ? { redis: store.redis, nameSpace: `${store.keyPrefix}rate-limit:`, skipOnError: true } : {}),
  });
}
