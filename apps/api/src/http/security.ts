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

/**
 * The Content-Security-Policy of every answer. Pages pass their nonce for the inline scripts they carry; other answers
 * (JSON, assets) have no inline script to allow, so they get the same policy without one.
 */
export function contentSecurityPolicy(nonce: string | undefined, ancestors: string): string {
  return [
    "default-src 'self'",
    nonce === undefined ? "script-src 'self'" : `script-src 'self' 'nonce-${nonce}'`,
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

/** frame-ancestors per resolved configuration: configurations are long-lived objects, so one filter run each. */
const ancestorsByConfig = new WeakMap<object, string>();

function cachedFrameAncestors(config: object | undefined): string {
  if (config === undefined) return frameAncestors(undefined);
  let ancestors = ancestorsByConfig.get(config);
  if (ancestors === undefined) ancestorsByConfig.set(config, (ancestors = frameAncestors(config)));
  return ancestors;
}

/** The nonce-free policy per frame-ancestors value (a handful per brand), built once instead of per answer. */
const policyByAncestors = new Map<string, string>();

function policyWithoutNonce(ancestors: string): string {
  let policy = policyByAncestors.get(ancestors);
  if (policy === undefined) {
    // Bounded by the brands' parent lists; the guard only keeps a misconfiguration from growing it without end.
    if (policyByAncestors.size > 1000) policyByAncestors.clear();
    policyByAncestors.set(ancestors, (policy = contentSecurityPolicy(undefined, ancestors)));
  }
  return policy;
}

/** Nonces made on first read: only server-rendered pages ask for one, so JSON answers skip the random bytes. */
const nonces = new WeakMap<FastifyRequest, string>();

function nonceOf(request: FastifyRequest): string {
  let nonce = nonces.get(request);
  if (nonce === undefined) nonces.set(request, (nonce = randomBytes(16).toString('base64')));
  return nonce;
}

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/** Security headers on every answer and the CSRF origin check on state-changing requests. */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions): void {
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      return nonceOf(this);
    },
  });
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request)) {
      throw new ApiError(403, 'Cross-site request refused', {
        detail: 'State-changing requests must come from the site itself',
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const config = request.resolvedBrand?.config ?? options.defaultConfigFor(request);
    if (!reply.hasHeader('content-security-policy')) {
      const ancestors = cachedFrameAncestors(config);
      // An HTML answer keeps its nonce (the one the page was rendered with, if it read one); others need none.
      const html = isHtml(reply.getHeader('content-type'));
      reply.header(
        'content-security-policy',
        html ? contentSecurityPolicy(request.cspNonce, ancestors) : policyWithoutNonce(ancestors),
      );
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-request-id', request.id);
    if (options.production) reply.header('strict-transport-security', 'max-age=15552000');
  });
}
