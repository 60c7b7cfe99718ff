import { needsCaptchaFallback } from '@tessera/server/brand-registry';
import { ApiError } from '@tessera/server/api-errors';
import type { CaptchaBrand, CaptchaContext, CaptchaRequest, CaptchaVerifier } from './captcha.context';
import { captchaRefused, consumePuzzleToken } from './captcha-puzzle';

/** Actions a brand may protect with a captcha (captcha.actions). */
export type CaptchaAction = 'login' | 'registration' | 'passwordChange' | 'passwordReset' | 'phoneChange';

/** The providers' siteverify endpoints. */
export const SITEVERIFY_ENDPOINTS: Readonly<Record<'hcaptcha' | 'grecaptcha', string>> = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  grecaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** Options of {@link siteVerifyCaptcha}. */
export interface SiteVerifyOptions {
  fetch?: typeof fetch;
  /** Deadline of one siteverify call; default 5000 ms. A provider slower than this counts as unreachable (503). */
  timeoutMs?: number;
  /** Where each provider's siteverify answers (tests: a local fake). */
  endpoints?: Readonly<Record<'hcaptcha' | 'grecaptcha', string>>;
}

/**
 * hCaptcha and reCAPTCHA share the siteverify protocol: POST secret, response, remoteip; read `success`. Resolves
 * false when the provider refuses the token; throws when it cannot be asked (timeout, network, non-2xx, not JSON).
 */
export function siteVerifyCaptcha(options: SiteVerifyOptions = {}): CaptchaVerifier {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const endpoints = options.endpoints ?? SITEVERIFY_ENDPOINTS;
  return {
    async verify({ type, secret, token, ip }) {
      const res = await fetchImpl(endpoints[type], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`${type} siteverify answered ${res.status}`);
      return ((await res.json()) as { success?: unknown }).success === true;
    },
  };
}

/** How the server checks each captcha kind a brand can configure (`captcha.type`). */
export type ServerCaptchaKind = 'hcaptcha' | 'grecaptcha' | 'puzzle' | 'altcha';

// Both of the spec's lists of kinds (hcaptcha, huntCaptcha, painPuzzle, grecaptcha / google, hunt, puzzle). The hunt
// captcha has no external service here, so it is the platform's own puzzle, like painPuzzle (ADR 0160); altcha is the
// built-in proof-of-work check (ADR 0210).
const KIND_BY_TYPE: Record<string, ServerCaptchaKind> = {
  hcaptcha: 'hcaptcha',
  grecaptcha: 'grecaptcha',
  google: 'grecaptcha',
  huntcaptcha: 'puzzle',
  hunt: 'puzzle',
  painpuzzle: 'puzzle',
  puzzle: 'puzzle',
  altcha: 'altcha',
};

/** The server kind of a configured captcha type; none, disabled, custom or unknown give null (no captcha). */
export function serverCaptchaKind(type: string | undefined): ServerCaptchaKind | null {
  return KIND_BY_TYPE[(type ?? '').trim().toLowerCase()] ?? null;
}

/** Checks the `x-captcha-token` of a protected action for one kind of captcha. */
export interface ServerCaptchaProvider {
  kind: ServerCaptchaKind;
  /** False when this server lacks what the check needs for the brand (a siteverify provider without its secret). */
  canVerify(ctx: CaptchaContext, brandId: string): boolean;
  /** Resolves true to accept the token, false to refuse it; throws when the provider cannot be reached. */
  verify(ctx: CaptchaContext, request: CaptchaRequest, brandId: string, token: string): Promise<boolean>;
}

function siteVerifyProvider(kind: 'hcaptcha' | 'grecaptcha'): ServerCaptchaProvider {
  return {
    kind,
    canVerify: (ctx, brandId) => ctx.captchaSecret(brandId) !== undefined,
    verify: async (ctx, request, brandId, token) => {
      const secret = ctx.captchaSecret(brandId);
      if (secret === undefined) throw new Error(`no ${kind} secret for ${brandId}`);
      return ctx.captcha.verify({ type: kind, secret, token, ip: request.ip });
    },
  };
}

/**
 * The built-in checks: the slider puzzle and the ALTCHA proof of work both earn their tokens on this server's routes
 * (captcha.routes.ts), and both tokens are used up once.
 */
function builtInProvider(kind: 'puzzle' | 'altcha'): ServerCaptchaProvider {
  return {
    kind,
    canVerify: () => true,
    verify: (ctx, _request, brandId, token) => consumePuzzleToken(ctx, brandId, token),
  };
}

/** The server's captcha providers, by kind. */
export const SERVER_CAPTCHA_PROVIDERS: Record<ServerCaptchaKind, ServerCaptchaProvider> = {
  hcaptcha: siteVerifyProvider('hcaptcha'),
  grecaptcha: siteVerifyProvider('grecaptcha'),
  puzzle: builtInProvider('puzzle'),
  altcha: builtInProvider('altcha'),
};

/**
 * The kind that checks a brand's captcha on this server: the configured one, except that hCaptcha or reCAPTCHA
 * without its secret is replaced by the built-in ALTCHA check, as the platform override tells the site (ADR 0210).
 */
export function effectiveCaptchaKind(
  ctx: CaptchaContext,
  brandId: string,
  type: string | undefined,
): ServerCaptchaKind | null {
  const kind = serverCaptchaKind(type);
  if (kind === null) return null;
  return needsCaptchaFallback(type, SERVER_CAPTCHA_PROVIDERS[kind].canVerify(ctx, brandId)) ? 'altcha' : kind;
}

/**
 * Requires and verifies the `x-captcha-token` header when the brand protects the action with a captcha: hCaptcha and
 * reCAPTCHA through their siteverify with the brand's secret, the built-in puzzle and ALTCHA through this server's
 * single-use tokens; a siteverify brand without its secret is held to the built-in check (ADR 0160, 0210).
 * Missing: 400 `Captcha required`; refused, expired, replayed or another brand's: 403; provider unreachable: 503.
 */
export async function assertCaptcha(
  ctx: CaptchaContext,
  request: CaptchaRequest,
  resolved: CaptchaBrand,
  action: CaptchaAction,
): Promise<void> {
  const captcha = resolved.config.captcha;
  const kind = effectiveCaptchaKind(ctx, resolved.brandId, captcha.type);
  if (!kind || !captcha.actions.includes(action)) return;
  const provider = SERVER_CAPTCHA_PROVIDERS[kind];
  const token = request.headers['x-captcha-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
    throw new ApiError(400, 'Captcha required', {
      validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
    });
  }
  let ok: boolean;
  try {
    ok = await provider.verify(ctx, request, resolved.brandId, token);
  } catch (error) {
    ctx.log.warn({ err: error, type: captcha.type }, 'captcha provider unreachable');
    throw new ApiError(503, 'The captcha could not be checked', { detail: 'Please try again in a minute' });
  }
  if (!ok) throw captchaRefused('Solve the captcha again');
}

/**
 * The brand of a built-in captcha route, or 403: the puzzle serves the brands whose captcha is the puzzle; ALTCHA serves
 * those too (as their accessible path), the brands that chose it, and those whose hCaptcha or reCAPTCHA this server
 * cannot check (ADR 0210).
 */
export function assertBuiltInCaptcha(ctx: CaptchaContext, resolved: CaptchaBrand, check: 'puzzle' | 'altcha'): string {
  const type = resolved.config.captcha.type;
  const kind = effectiveCaptchaKind(ctx, resolved.brandId, type);
  if (check === 'puzzle' && kind !== 'puzzle') {
    throw new ApiError(403, 'The puzzle captcha is not used on this site', { detail: `Captcha type ${type}` });
  }
  if (kind !== 'puzzle' && kind !== 'altcha') {
    throw new ApiError(403, 'The built-in captcha is not used on this site', { detail: `Captcha type ${type}` });
  }
  return resolved.brandId;
}
