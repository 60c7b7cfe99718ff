import { describe, expect, it } from 'vitest';
import {
  ALTCHA_BASE_MAX_COUNTER,
  ALTCHA_CHALLENGES_PER_STEP,
  ALTCHA_MAX_DOUBLINGS,
  altchaMaxCounter,
} from './captcha-altcha';
import { serverCaptchaKind } from './captcha';

describe('serverCaptchaKind', () => {
  it('maps both of the spec lists of kinds; the hunt captcha is the built-in puzzle; none and unknown are no captcha', () => {
    expect(
      [
        'hcaptcha',
        'grecaptcha',
        'google',
        'huntCaptcha',
        'hunt',
        'painPuzzle',
        'puzzle',
        'none',
        'disabled',
        'custom',
        '',
      ].map(serverCaptchaKind),
    ).toEqual(['hcaptcha', 'grecaptcha', 'grecaptcha', 'puzzle', 'puzzle', 'puzzle', 'puzzle', null, null, null, null]);
  });
});

describe('altchaMaxCounter', () => {
  it('doubles the work with each batch of challenges an address asked for within the minute, up to the cap', () => {
    expect(
      [0, ALTCHA_CHALLENGES_PER_STEP - 1, ALTCHA_CHALLENGES_PER_STEP, 3 * ALTCHA_CHALLENGES_PER_STEP, 1000].map(
        altchaMaxCounter,
      ),
    ).toEqual([
      ALTCHA_BASE_MAX_COUNTER,
      ALTCHA_BASE_MAX_COUNTER,
      2 * ALTCHA_BASE_MAX_COUNTER,
      8 * ALTCHA_BASE_MAX_COUNTER,
      2 ** ALTCHA_MAX_DOUBLINGS * ALTCHA_BASE_MAX_COUNTER,
    ]);
  });
});
