import type { AuthProvider, UnauthorizedFailure } from './api-client';
import type { HttpClient } from './http-client';
import { ForbiddenError, HTTPError } from './http-errors';

/** Codes of spec section 8 for service-token failures. */
export type ServiceAuthCode = 'TOKEN_NOT_AUTHENTICATED' | 'USER_NOT_AUTHENTICATED';

/** Service-token failure the UI can act on (log the user out, show "session expired"). */
export class ServiceAuthError extends Error {
  override readonly name = 'ServiceAuthError';
  readonly code: ServiceAuthCode;

  constructor(code: ServiceAuthCode, options?: { cause?: unknown }) {
    super(code, options);
    this.code = code;
  }
}

/** Message of spec section 8 when the token answer has no userToken. */
export const LOST_TOKEN_MESSAGE = 'lost token';
/** Message of spec section 8 when the token answer has no Date header to compute clock skew from. */
export const NO_DATE_HEADER_MESSAGE = 'headers.date is undefined';

/** Spec section 9: failures of the same token URL before TOKEN_NOT_AUTHENTICATED. A platform constant, not brand configuration (ADR 0185). */
export const SERVICE_TOKEN_MAX_FAILURES = 3;
/** Spec section 9: subtracted from a token's expiry on top of clock skew. A platform constant (ADR 0185). */
export const SERVICE_TOKEN_SAFETY_MARGIN_MS = 5000;

/** Settings of `createServiceTokenManager`. */
export interface ServiceTokenOptions {
  http: HttpClient;
  /** Default `/web-api/api/mobile/v1/token/`. */
  tokenUrl?: string;
  /** Default `/web-api/api/mobile/v1/token/refresh`. */
  refreshUrl?: string;
  /** Local clock; injectable for tests. */
  now?: () => number;
  /** Failures of the same URL before TOKEN_NOT_AUTHENTICATED; default 3 (spec section 9). */
  maxFailures?: number;
  /** Subtracted from the expiry on top of clock skew; default 5000 ms (spec section 9). */
  safetyMarginMs?: number;
}

/** Bearer service token for `auth: 'service'` calls: fetched once, shared, refreshed before expiry. */
export interface ServiceTokenManager extends AuthProvider {
  /** A valid token, fetching or refreshing it when needed; parallel callers share one fetch. */
  getToken(): Promise<string>;
  /** Forget the token so the next call fetches a new one (logout, account switch). */
  invalidate(): void;
  /** Local-clock time (ms) after which the token is no longer used, or undefined without a token. */
  readonly expiresAt: number | undefined;
}

interface TokenAttributes {
  userToken?: unknown;
  expireDate?: unknown;
}

/** Reads expireDate as ISO text, epoch seconds or epoch milliseconds. */
export function parseExpireDate(value: unknown): number | undefined {
  const numeric =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : undefined;
  // Below 1e12 a number cannot be milliseconds of any date after 2001, so it is seconds.
  if (numeric !== undefined) return numeric < 1e12 ? numeric * 1000 : numeric;
  if (typeof value !== 'string') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * Local expiry of a token: the server's expireDate moved onto the local clock by the skew seen in the Date header,
 * minus a safety margin so a request never leaves with a token about to expire in flight.
 */
export function localExpiry(
  expireDate: number,
  serverDate: number,
  localNow: number,
  safetyMarginMs = SERVICE_TOKEN_SAFETY_MARGIN_MS,
): number {
  const skew = serverDate - localNow;
  return expireDate - skew - safetyMarginMs;
}

function readAttributes(data: unknown): TokenAttributes | undefined {
  const outer = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : undefined;
  const attributes =
    typeof outer === 'object' && outer !== null ? (outer as { attributes?: unknown }).attributes : undefined;
  return typeof attributes === 'object' && attributes !== null ? (attributes as TokenAttributes) : undefined;
}

/** Creates the service-token manager; give it to the ApiClient as the `service` auth provider. */
export function createServiceTokenManager(options: ServiceTokenOptions): ServiceTokenManager {
  const tokenUrl = options.tokenUrl ?? '/web-api/api/mobile/v1/token/';
  const refreshUrl = options.refreshUrl ?? '/web-api/api/mobile/v1/token/refresh';
  const now = options.now ?? Date.now;
  const maxFailures = options.maxFailures ?? SERVICE_TOKEN_MAX_FAILURES;
  const margin = options.safetyMarginMs ?? SERVICE_TOKEN_SAFETY_MARGIN_MS;

  let token: string | undefined;
  let expiresAt: number | undefined;
  let pending: Promise<string> | undefined;
  const failures = new Map<string, number>();

  async function request(previous: string | undefined): Promise<string> {
    let response;
    try {
      response = previous
        ? await options.http.request({
            method: 'POST',
            url: refreshUrl,
            contentType: 'jsonapi',
            headers: { Authorization: `Bearer ${previous}` },
            body: { data: { type: 'token', attributes: {} } },
          })
        : await options.http.request({ method: 'GET', url: tokenUrl });
    } catch (error) {
      // A refused refresh is not the end: the session may still grant a brand-new token.
      if (previous && error instanceof HTTPError) return request(undefined);
      if (error instanceof ForbiddenError) throw new ServiceAuthError('USER_NOT_AUTHENTICATED', { cause: error });
      throw error;
    }
    const attributes = readAttributes(response.data);
    const userToken = attributes?.userToken;
    if (typeof userToken !== 'string' || userToken === '') throw new Error(LOST_TOKEN_MESSAGE);
    const dateHeader = response.headers.get('date');
    if (!dateHeader) throw new Error(NO_DATE_HEADER_MESSAGE);
    const serverDate = Date.parse(dateHeader);
    const expireDate = parseExpireDate(attributes?.expireDate);
    if (Number.isNaN(serverDate) || expireDate === undefined) throw new Error(LOST_TOKEN_MESSAGE);
    token = userToken;
    expiresAt = localExpiry(expireDate, serverDate, now(), margin);
    return userToken;
  }

  function getToken(): Promise<string> {
    if (token !== undefined && expiresAt !== undefined && now() < expiresAt) return Promise.resolve(token);
    if (!pending) {
      const previous = token;
      pending = request(previous).finally(() => {
        pending = undefined;
      });
    }
    return pending;
  }

  function invalidate(): void {
    token = undefined;
    expiresAt = undefined;
  }

  return {
    get expiresAt() {
      return expiresAt;
    },
    getToken,
    invalidate,
    async headers() {
      return { Authorization: `Bearer ${await getToken()}` };
    },
    async onUnauthorized(failure: UnauthorizedFailure) {
      const count = (failures.get(failure.url) ?? 0) + 1;
      if (count >= maxFailures) {
        failures.delete(failure.url);
        throw new ServiceAuthError('TOKEN_NOT_AUTHENTICATED', { cause: failure.error });
      }
      failures.set(failure.url, count);
      // Parallel calls may all fail with the same stale token: only the first one throws it away.
      if (token !== undefined && failure.headers['Authorization'] === `Bearer ${token}`) invalidate();
      return true;
    },
    onAuthorized(url: string) {
      failures.delete(url);
    },
  };
}
