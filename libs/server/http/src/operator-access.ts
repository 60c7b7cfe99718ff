import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the request comes from an operator: the operator token, or loopback on a server without a proxy. */
    readonly isOperator: boolean;
  }
}

/** Options of {@link registerOperatorAccess}. */
export interface OperatorAccessOptions {
  /** The operators' token (apps/api: OPERATOR_TOKEN): `Authorization: Bearer <token>` makes a request an operator's; unset, only loopback does. */
  token: string | undefined;
  /**
   * Behind a proxy every request may arrive from loopback (a proxy on the same host) and X-Forwarded-For is the
   * client's to write: then a loopback request counts only when it carries no forwarding header (it came from a
   * process on the host, not through the proxy, which always adds one). The same value as Fastify's `trustProxy`.
   */
  trustProxy: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether a request is an operator's (see {@link OperatorAccessOptions}); the token is compared in constant time. */
export function operatorRequest(request: FastifyRequest, options: OperatorAccessOptions): boolean {
  const header = request.headers.authorization;
  if (options.token !== undefined && typeof header === 'string' && header.startsWith('Bearer ')) {
    return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(options.token));
  }
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !options.trustProxy || !forwarded;
}

/** Decorates every request with {@link FastifyRequest.isOperator}. */
export function registerOperatorAccess(app: FastifyInstance, options: OperatorAccessOptions): void {
  app.decorateRequest('isOperator', {
    getter(this: FastifyRequest) {
      return operatorRequest(this, options);
    },
  });
}

/** Refuses a request that is not an operator's: 401 in the error shape, naming how to authenticate. */
export function requireOperator(request: FastifyRequest): void {
  if (request.isOperator) return;
  throw new ApiError(
    401,
    'Operators only',
    { detail: 'Send Authorization: Bearer <OPERATOR_TOKEN>, or ask from the server itself' },
    { 'www-authenticate': 'Bearer' },
  );
}
