import { describe, expect, it } from 'vitest';
import { CaptchaDismissedError, normalizeCaptchaKind } from './captcha.types';

describe('normalizeCaptchaKind', () => {
  it('maps both lists of the spec onto provider kinds', () => {
    expect(normalizeCaptchaKind('hcaptcha')).toBe('hcaptcha');
    expect(normalizeCaptchaKind('grecaptcha')).toBe('recaptcha');
    expect(normalizeCaptchaKind('google')).toBe('recaptcha');
    expect(normalizeCaptchaKind('huntCaptcha')).toBe('hunt');
    expect(normalizeCaptchaKind('hunt')).toBe('hunt');
    expect(normalizeCaptchaKind('painPuzzle')).toBe('puzzle');
    expect(normalizeCaptchaKind('puzzle')).toBe('puzzle');
  });
  it('disabled, custom and missing give none', () => {
    expect(normalizeCaptchaKind('disabled')).toBeNull();
    expect(normalizeCaptchaKind('custom')).toBeNull();
    expect(normalizeCaptchaKind(undefined)).toBeNull();
  });
});

describe('CaptchaDismissedError', () => {
  it("carries the spec's message with the reason and elapsed time", () => {
    const error = new CaptchaDismissedError('expired', 1200);
    expect(error.message).toBe('Dismissed captcha');
    expect([error.reason, error.elapsedMs]).toEqual(['expired', 1200]);
  });
});
