import { describe, expect, it } from 'vitest';
import { captchaOverrides, configuredCaptchaSecrets, needsCaptchaFallback } from './captcha-overrides';
import { brandPlatformOverrides } from './platform-overrides';

describe('captcha platform overrides (ADR 0210)', () => {
  const servers: Record<string, { captcha?: { secretKeyEnv?: string } }> = {
    a: { captcha: { secretKeyEnv: 'A_SECRET' } },
    b: { captcha: {} },
  };
  const secrets = configuredCaptchaSecrets((id) => servers[id], { A_SECRET: 's3cret', B_SECRET: 'unused' });

  it('reads each brand’s secret from the variable its server.json names, and nothing where none is named or set', () => {
    expect([secrets('a'), secrets('b'), secrets('c')]).toEqual(['s3cret', undefined, undefined]);
    expect(configuredCaptchaSecrets((id) => servers[id], { A_SECRET: '' })('a')).toBeUndefined();
  });

  it('switches hCaptcha and reCAPTCHA without a secret to the built-in check, and leaves the rest alone', () => {
    expect(
      ['hcaptcha', 'grecaptcha', 'google', 'painPuzzle', 'huntCaptcha', 'altcha', 'none'].map((type) =>
        needsCaptchaFallback(type, false),
      ),
    ).toEqual([true, true, true, false, false, false, false]);
    expect(needsCaptchaFallback('hcaptcha', true)).toBe(false);
    const verifiable = (id: string) => secrets(id) !== undefined;
    expect(captchaOverrides(verifiable, 'a', { captcha: { type: 'hcaptcha' } })).toEqual([]);
    expect(captchaOverrides(verifiable, 'b', { captcha: { type: 'grecaptcha' } })).toEqual([
      {
        pointer: '/captcha/type',
        value: 'altcha',
        reason:
          'no reCAPTCHA secret is configured for this brand on this server (server.json captcha.secretKeyEnv names no set variable), so its tokens could not be checked: the built-in proof-of-work check (altcha) stands in',
      },
    ]);
    // A server that says nothing about captcha secrets (older callers) overrides nothing.
    expect(captchaOverrides(undefined, 'b', { captcha: { type: 'grecaptcha' } })).toEqual([]);
    expect(
      brandPlatformOverrides({ vipDesk: true, payments: true, captchaVerifiable: verifiable }, 'b', {
        captcha: { type: 'hcaptcha' },
      }).map((o) => [o.pointer, o.value]),
    ).toEqual([['/captcha/type', 'altcha']]);
  });
});
