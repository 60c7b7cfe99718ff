import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import type { ResolvedBrand } from '../config/brand-registry.port';
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

const warned = new Set<string>();

/**
 * Requires and verifies the `x-captcha-token` header when the brand protects the action with a provider the server
 * can verify (hCaptcha, reCAPTCHA) and its secret is set (server.json captcha.secretKeyEnv). Other providers
 * (hunt, puzzle) have no server check yet: logged once per brand, not enforced (ADR 0076).
 */
export async function assertCaptcha(ctx: AccountsContext, request: FastifyRequest, resolved: ResolvedBrand, action: CaptchaAction): Promise<void> {
  const captcha = resolved.config.captcha;
  if (captcha.type === 'none' || !(captcha.actions as string[]).includes(action)) return;
  const secretEnv = ctx.registry.serverConfig(resolved.brandId)?.captcha?.secretKeyEnv;
  const secret = secretEnv ? process.env[secretEnv] : undefined;
  if ((captcha.type !== 'hcaptcha' && captcha.type !== 'grecaptcha') || !secret) {
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
    ok = await ctx.captcha.verify({ type: captcha.type, secret, token, ip: request.ip });
  } catch (error) {
    ctx.log.warn({ err: error, type: captcha.type }, 'captcha provider unreachable');
    throw new ApiError(503, 'The captcha could not be checked', { detail: 'Please try again in a minute' });
  }
  if (!ok) throw new ApiError(403, 'Captcha check failed', { detail: 'Solve the captcha again' });
}
