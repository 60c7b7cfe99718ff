/**
 * The captcha part of the platform overrides (ADR 0210): a brand whose captcha is checked by a provider's siteverify
 * (hCaptcha, reCAPTCHA) needs that provider's secret on the server. Without it no token can be checked, so the server
 * switches the brand to the built-in proof-of-work check (`altcha`) rather than protect nothing; the API
 * (assertCaptcha), the site configuration and `tessera config explain` all take that decision from here.
 */

/** Captcha types whose tokens only the provider's siteverify can judge, with the name an operator knows them by. */
export const SITEVERIFY_CAPTCHA_TYPES: Readonly<Record<string, string>> = {
  hcaptcha: 'hCaptcha',
  grecaptcha: 'reCAPTCHA',
  google: 'reCAPTCHA',
};

/** The built-in type a brand without its provider's secret gets. */
export const CAPTCHA_FALLBACK_TYPE = 'altcha';

/** The server-only captcha settings of a brand's server.json. */
interface CaptchaServerSettings {
  captcha?: { secretKeyEnv?: string };
}

/**
 * Each brand's siteverify secret on this server: the value of the environment variable its server.json names in
 * `captcha.secretKeyEnv` (the secret itself never sits in brand files, as for social providers, the identity README of libs/server/accounts ("Per-brand configuration")); undefined
 * when none is named or the variable is unset or empty.
 */
export function configuredCaptchaSecrets(
  serverConfigOf: (brandId: string) => CaptchaServerSettings | undefined,
  env: Readonly<Record<string, string | undefined>>,
): (brandId: string) => string | undefined {
  return (brandId) => {
    const name = serverConfigOf(brandId)?.captcha?.secretKeyEnv;
    const value = name ? env[name] : undefined;
    return value === undefined || value === '' ? undefined : value;
  };
}

/** Why a brand's siteverify captcha is replaced on this server. */
export function captchaFallbackReason(type: string): string {
  const name = SITEVERIFY_CAPTCHA_TYPES[type.trim().toLowerCase()] ?? type;
  return `no ${name} secret is configured for this brand on this server (server.json captcha.secretKeyEnv names no set variable), so its tokens could not be checked: the built-in proof-of-work check (altcha) stands in`;
}

/** True when a brand configured with `type` has its captcha replaced on a server where `verifiable` is false. */
export function needsCaptchaFallback(type: string | undefined, verifiable: boolean): boolean {
  return !verifiable && SITEVERIFY_CAPTCHA_TYPES[(type ?? '').trim().toLowerCase()] !== undefined;
}

/** The override of one brand's captcha type: the built-in check where its provider's secret is missing. */
export function captchaOverrides(
  captchaVerifiable: ((brandId: string) => boolean) | undefined,
  brandId: string,
  config: { captcha?: { type?: string } },
): Array<{ pointer: string; value: unknown; reason: string }> {
  const type = config.captcha?.type;
  if (!captchaVerifiable || type === undefined || !needsCaptchaFallback(type, captchaVerifiable(brandId))) return [];
  return [{ pointer: '/captcha/type', value: CAPTCHA_FALLBACK_TYPE, reason: captchaFallbackReason(type) }];
}
