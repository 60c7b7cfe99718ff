import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import type { ResolvedBrand } from '../config/brand-registry.port';
import { captchaRefused, consumePuzzleToken } from './captcha-puzzle';
import type { AccountsContext } from './context';

/** Actions a brand may protect with a captcha (captcha.actions). */
export type CaptchaAction = 'login' | 'registration' | 'passwordChange' | 'passwordReset' | 'phoneChange';

/** Checks a captcha token with its provider. Throws when the provider cannot be reached. */
export interface CaptchaVerifier {
  verify(input: { type: 'hcaptcha' | 'grecaptcha'; secret: string; token: string; ip: string }): Promise<boolean>;
}

const endpoints = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  grecaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

/** hCaptcha and reCAPTCHA share the siteverify protocol: POST secret, response, remoteip; read `success`. */
export function siteVerifyCaptcha(fetchImpl: typeof fetch = fetch, timeoutMs = 5000): CaptchaVerifier {
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
export type ServerCaptchaKind = 'hcaptcha' | 'grecaptcha' | 'puzzle';

// Both of the spec's lists of kinds (hcaptcha, huntCaptcha, painPuzzle, grecaptcha / google, hunt, puzzle). The hunt
// captcha has no external service here, so it is the platform's own puzzle, like painPuzzle (ADR 0160).
const KIND_BY_TYPE: Record<string, ServerCaptchaKind> = {
  hcaptcha: 'hcaptcha',
  grecaptcha: 'grecaptcha',
  google: 'grecaptcha',
  huntcaptcha: 'puzzle',
  hunt: 'puzzle',
  painpuzzle: 'puzzle',
  puzzle: 'puzzle',
};

/** The server kind of a configured captcha type; none, disabled, custom or unknown give null (no captcha). */
export function serverCaptchaKind(type: string | undefined): ServerCaptchaKind | null {
  return KIND_BY_TYPE[(type ?? '').trim().toLowerCase()] ?? null;
}

/** Checks the `x-captcha-token` of a protected action for one kind of captcha. */
export interface ServerCaptchaProvider {
  kind: ServerCaptchaKind;
  /** False when this server lacks what the check needs for the brand (a siteverify provider without its secret). */
  canVerify(ctx: AccountsContext, brandId: string): boolean;
  /** Resolves true to accept the token, false to refuse it; throws when the provider cannot be reached. */
  verify(ctx: AccountsContext, request: FastifyRequest, brandId: string, token: string): Promise<boolean>;
}

function siteVerifySecret(ctx: AccountsContext, brandId: string): string | undefined {
  const secretEnv = ctx.registry.serverConfig(brandId)?.captcha?.secretKeyEnv;
  return secretEnv ? process.env[secretEnv] || undefined : undefined;
}

function siteVerifyProvider(kind: 'hcaptcha' | 'grecaptcha'): ServerCaptchaProvider {
  return {
    kind,
    canVerify: (ctx, brandId) => siteVerifySecret(ctx, brandId) !== undefined,
    verify: (ctx, request, brandId, token) => ctx.captcha.verify({ type: kind, secret: siteVerifySecret(ctx, brandId) ?? '', token, ip: request.ip }),
  };
}

/** The built-in puzzle: its tokens come from this server's verify route (captcha.routes.ts) and are used up once. */
const puzzleProvider: ServerCaptchaProvider = {
  kind: 'puzzle',
  canVerify: () => true,
  verify: (ctx, _request, brandId, token) => consumePuzzleToken(ctx, brandId, token),
};

/** The server's captcha providers, by kind. */
export const SERVER_CAPTCHA_PROVIDERS: Record<ServerCaptchaKind, ServerCaptchaProvider> = {
  hcaptcha: siteVerifyProvider('hcaptcha'),
  grecaptcha: siteVerifyProvider('grecaptcha'),
  puzzle: puzzleProvider,
};

const warned = new Set<string>();

/**
 * Requires and verifies the `x-captcha-token` header when the brand protects the action with a captcha: the built-in
 * puzzle (painPuzzle, huntCaptcha and their other names) always, hCaptcha and reCAPTCHA when the secret named in
 * server.json (captcha.secretKeyEnv) is set; without it they are logged once per brand and not enforced (ADR 0076,
 * ADR 0160). Missing: 400 `Captcha required`; refused, expired, replayed or another brand's: 403; provider down: 503.
 */
export async function assertCaptcha(ctx: AccountsContext, request: FastifyRequest, resolved: ResolvedBrand, action: CaptchaAction): Promise<void> {
  const captcha = resolved.config.captcha;
  const kind = serverCaptchaKind(captcha.type);
  if (!kind || !(captcha.actions as string[]).includes(action)) return;
  const provider = SERVER_CAPTCHA_PROVIDERS[kind];
  if (!provider.canVerify(ctx, resolved.brandId)) {
    const key = `${resolved.brandId}:${captcha.type}`;
    if (!warned.has(key)) {
      warned.add(key);
      ctx.log.warn({ brand: resolved.brandId, type: captcha.type }, 'captcha is configured but cannot be verified on the server: not enforced');
    }
    return;
  }
  const token = request.headers['x-captcha-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
    throw new ApiError(400, 'Captcha required', { validation_errors: [{ field: 'x-captcha-token', message: 'required' }] });
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
