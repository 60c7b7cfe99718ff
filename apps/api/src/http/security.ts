import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for inline scripts of server-rendered pages (CSP script-src). */
    cspNonce: string;
  }
}

/** The origins allowed to frame the site, from a resolved configuration's `iframe` section. */
export function frameAncestors(config: object | undefined): string {
  const iframe = (config as { iframe?: { enabled?: boolean; allowedParents?: unknown } } | undefined)?.iframe;
  const parents = Array.isArray(iframe?.allowedParents)
    ? iframe.allowedParents.filter(
        (p): p is string => typeof p === 'string' && /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(p),
      )
    : [];
  // Listing parents is not enough: the brand must switch embedding on, so a stale list cannot open it silently.
  return iframe?.enabled === true && parents.length > 0 ? ["'self'", ...parents].join(' ') : "'self'";
}

/** The Content-Security-Policy of every answer. */
export function contentSecurityPolicy(nonce: string, ancestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // styled-components writes <style> elements at run time; they cannot carry a nonce through hydration.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Options of {@link registerSecurity}. */
export interface SecurityOptions {
  production: boolean;
  /** The configuration to take frame-ancestors from when a route did not resolve one for the request. */
  defaultConfigFor: (request: FastifyRequest) => object | undefined;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHost(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF defence by origin check (ADR 0011): a state-changing request must come from the page's own origin.
 * Requests that carry no cookies cannot ride a victim's session, so API clients without cookies pass.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  if (!unsafeMethods.has(request.method)) return false;
  // request.host honours X-Forwarded-Host only when TRUST_PROXY is set, like the brand choice.
  const host = (request.host ?? '').toLowerCase();
  const source = originHost(request.headers.origin) ?? originHost(request.headers.referer);
  if (source !== undefined) return source !== host;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  return request.headers.cookie !== undefined;
}

/** Security headers on every answer and the CSRF origin check on state-changing requests. */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
    if (isCrossSiteRequest(request)) {
      throw new ApiError(403, 'Cross-site request refused', {
        detail: 'State-changing requests must come from the site itself',
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const config = request.resolvedBrand?.config ?? options.defaultConfigFor(request);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, frameAncestors(config)));
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-request-id', request.id);
    if (options.production) reply.header('strict-transport-security', 'max-age=15552000');
  });
}
