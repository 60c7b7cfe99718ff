import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { ApiError } from '@tessera/server/api-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for the inline scripts and style elements of server-rendered pages (CSP script-src, style-src). */
    cspNonce: string;
  }
}

/** Stands for the request's nonce (`'nonce-…'`) in {@link CSP_DIRECTIVES}; absent when the answer read none. */
export const NONCE = Symbol('nonce');
/** Stands for the brand's embedding parents in {@link CSP_DIRECTIVES} (see {@link frameAncestors}). */
export const FRAME_ANCESTORS = Symbol('frame-ancestors');

type Source = string | typeof NONCE | typeof FRAME_ANCESTORS;

/**
 * The Content-Security-Policy of every answer, one directive per line: edit here. The per-request parts are the
 * markers ({@link NONCE}, {@link FRAME_ANCESTORS}) and the brand's captcha provider ({@link CAPTCHA_SOURCES}).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", NONCE],
  // styled-components writes its <style> elements with the nonce (server: ServerStyleSheet, client: the csp-nonce meta).
  'style-src': ["'self'", NONCE],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  // The proof-of-work captcha solves in a worker made from a blob.
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': [FRAME_ANCESTORS],
} as const satisfies Record<string, readonly Source[]>;

/** A directive of {@link CSP_DIRECTIVES}. */
export type CspDirective = keyof typeof CSP_DIRECTIVES;

const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/**
 * The origins a brand's external captcha (`captcha.type`) needs, per directive, exactly as the provider documents
 * them; brands with another captcha get none of them.
 */
export const CAPTCHA_SOURCES: Readonly<Record<string, Partial<Record<CspDirective, readonly string[]>>>> = {
  hcaptcha: { 'script-src': HCAPTCHA, 'frame-src': HCAPTCHA, 'style-src': HCAPTCHA, 'connect-src': HCAPTCHA },
  // Google's CSP guide: the challenge frame may also come from recaptcha.google.com.
  grecaptcha: {
    'script-src': RECAPTCHA,
    'frame-src': [...RECAPTCHA, 'https://recaptcha.google.com/recaptcha/'],
    'connect-src': RECAPTCHA,
  },
};

/** What the policy of one answer depends on. */
export interface PolicyInputs {
  /** The nonce the answer's inline scripts and styles carry; none for answers that read none (JSON, files). */
  nonce?: string | undefined;
  /** The resolved configuration of the request's brand (frame-ancestors, captcha); none before a brand is known. */
  config?: object | undefined;
  /** Swagger UI sets inline styles it cannot give a nonce: its pages allow inline styles and nothing else more. */
  inlineStyles?: boolean;
  /** Origins a page may frame besides its own (external casino game providers, ADR 0345). */
  frameSources?: readonly string[];
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

function captchaType(config: object | undefined): string | undefined {
  const type = (config as { captcha?: { type?: unknown } } | undefined)?.captcha?.type;
  return typeof type === 'string' ? type : undefined;
}

/** The sources of one directive for one answer. */
export function directiveSources(directive: CspDirective, inputs: PolicyInputs): string[] {
  const sources: string[] = [];
  for (const source of CSP_DIRECTIVES[directive] as readonly Source[]) {
    if (source === NONCE) {
      if (directive === 'style-src' && inputs.inlineStyles) sources.push("'unsafe-inline'");
      else if (inputs.nonce !== undefined) sources.push(`'nonce-${inputs.nonce}'`);
    } else if (source === FRAME_ANCESTORS) sources.push(frameAncestors(inputs.config));
    else sources.push(source);
  }
  if (directive === 'frame-src' && inputs.frameSources) sources.push(...inputs.frameSources);
  const type = captchaType(inputs.config);
  const extra = type === undefined ? undefined : CAPTCHA_SOURCES[type]?.[directive];
  if (extra) sources.push(...extra);
  return sources;
}

/** The answer helmet's policy functions read their inputs from. */
interface PolicyTarget {
  inputs: PolicyInputs;
  value: string;
  setHeader(name: string, value: string): void;
}

// Helmet builds the header from the table; each directive is one function of the answer's inputs.
const cspMiddleware = fastifyHelmet.contentSecurityPolicy({
  useDefaults: false,
  directives: Object.fromEntries(
    (Object.keys(CSP_DIRECTIVES) as CspDirective[]).map((directive) => [
      directive,
      [
        (_req: IncomingMessage, res: ServerResponse) =>
          directiveSources(directive, (res as unknown as PolicyTarget).inputs).join(' '),
      ],
    ]),
  ),
});

/** The Content-Security-Policy header value of one answer. */
export function contentSecurityPolicy(inputs: PolicyInputs): string {
  const target: PolicyTarget = {
    inputs,
    value: '',
    setHeader(_name, value) {
      this.value = value;
    },
  };
  cspMiddleware({} as IncomingMessage, target as unknown as ServerResponse, (error?: Error) => {
    if (error) throw error;
  });
  return target.value;
}

/**
 * Helmet's other headers (the policy is set per answer, after the route chose the brand's configuration):
 * HSTS in production for 180 days, referrer trimmed cross-origin, no X-Frame-Options (frame-ancestors decides, per
 * brand; X-Frame-Options cannot name a brand's partners).
 */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: false,
  };
}

/**
 * The security headers of an answer written before routing (a URL that cannot be decoded, a malformed request line
 * or header, a timeout): helmet's set, the policy without a brand or nonce. Names are lower-case.
 */
export function preRoutingSecurityHeaders(production: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const { global: _global, enableCSPNonces: _nonces, ...options } = helmetOptions(production);
  const sink = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // The same options; @fastify/helmet's types name helmet's through another module format.
  helmet(options as Parameters<typeof helmet>[0])(
    {} as IncomingMessage,
    sink as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  headers['content-security-policy'] = contentSecurityPolicy({});
  return headers;
}

/** Options of {@link registerSecurity}. */
export interface SecurityOptions {
  /** Adds HSTS (180 days). */
  production: boolean;
  /**
   * The request's site configuration (a brand's resolved configuration) to take frame-ancestors and the captcha from;
   * undefined for none. Also called for answers written before the server's own onRequest hooks ran (a refusal by an
   * earlier hook), so it must not assume they did.
   */
  configFor: (request: FastifyRequest) => object | undefined;
  /** Origins the site's pages may frame (frame-src) besides their own: the external casino providers' (ADR 0345). */
  frameSources?: readonly string[];
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
  // request.host honours X-Forwarded-Host only when Fastify's trustProxy is set, like the brand choice.
  const host = (request.host ?? '').toLowerCase();
  const source = originHost(request.headers.origin) ?? originHost(request.headers.referer);
  if (source !== undefined) return source !== host;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  return request.headers.cookie !== undefined;
}

/** Nonce-free policies per configuration (configurations are long-lived objects): most answers are JSON or files. */
const plainPolicyByConfig = new WeakMap<object, string>();
let plainPolicyWithoutConfig: string | undefined;

function plainPolicy(config: object | undefined): string {
  if (config === undefined) return (plainPolicyWithoutConfig ??= contentSecurityPolicy({}));
  let policy = plainPolicyByConfig.get(config);
  if (policy === undefined) plainPolicyByConfig.set(config, (policy = contentSecurityPolicy({ config })));
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

/**
 * Security headers on every answer (@fastify/helmet, registered first so that an answer refused by a later hook has
 * them too; the policy per answer in onSend, from the brand's configuration the route resolved) and the CSRF origin
 * check on state-changing requests.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(options.production));
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
    if (!reply.hasHeader('content-security-policy')) {
      const config = options.configFor(request);
      // An HTML answer keeps its nonce (the one the page was rendered with, if it read one); others need none.
      const html = isHtml(reply.getHeader('content-type'));
      const nonce = html ? nonces.get(request) : undefined;
      const inlineStyles = request.url.startsWith('/api-docs');
      // Only a document frames anything: the providers' origins go to HTML answers (ADR 0345).
      const frameSources = html && options.frameSources?.length ? options.frameSources : undefined;
      reply.header(
        'content-security-policy',
        nonce === undefined && !inlineStyles && !frameSources
          ? plainPolicy(config)
          : contentSecurityPolicy({ nonce, config, inlineStyles, frameSources }),
      );
    }
    reply.header('x-request-id', request.id);
  });
}
