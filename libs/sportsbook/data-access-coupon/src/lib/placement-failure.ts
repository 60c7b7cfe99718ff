import type { PlacementFailure } from './bet-placement.types';

interface ErrorLike {
  status?: unknown;
  message?: unknown;
  retryAfterMs?: unknown;
  name?: unknown;
  response?: { headers?: { get(name: string): string | null } };
}

/** Retry-After in milliseconds from `retryAfterMs` or the response header (seconds or an HTTP date). */
function retryAfterOf(e: ErrorLike, now: number): number | undefined {
  if (typeof e.retryAfterMs === 'number' && e.retryAfterMs > 0) return e.retryAfterMs;
  const header = e.response?.headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) || at <= now ? undefined : at - now;
}

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

/** Statuses the spec calls an invalid request (section 8): retrying cannot help, so they end as a rejection. */
const INVALID_REQUEST_STATUSES = new Set([400, 403, 422]);

/** True when the server refused the request itself (400, 403, 422): the bet was not taken and retrying cannot help. */
export function isInvalidRequestError(error: unknown): boolean {
  const status = asErrorLike(error).status;
  return typeof status === 'number' && INVALID_REQUEST_STATUSES.has(status);
}

/** Error names that mean "no answer in time": data-access-api's RequestTimeoutError (1488/1489) and DOM's TimeoutError. */
const TIMEOUT_NAMES = new Set(['RequestTimeoutError', 'TimeoutError']);

/**
 * Turns whatever the injected placeBet or checkBetStatus threw into a PlacementFailure.
 * data-access-api's HTTPError fits (status, response); anything without a status is a network failure,
 * because the request may or may not have reached the server.
 */
export function toPlacementFailure(error: unknown, now: number = Date.now()): PlacementFailure {
  const e = asErrorLike(error);
  const message = typeof e.message === 'string' && e.message ? e.message : String(error);
  if (typeof e.name === 'string' && TIMEOUT_NAMES.has(e.name)) return { kind: 'timeout', message };
  if (e.status === 429) {
    const retryAfterMs = retryAfterOf(e, now);
    return retryAfterMs === undefined
      ? { kind: 'rateLimited', message }
      : { kind: 'rateLimited', message, retryAfterMs };
  }
  if (typeof e.status === 'number') return { kind: 'server', message };
  return { kind: 'network', message };
}

/** Message text of an unknown thrown value, for rejections. */
export function errorMessage(error: unknown): string {
  const message = asErrorLike(error).message;
  return typeof message === 'string' && message ? message : String(error);
}
