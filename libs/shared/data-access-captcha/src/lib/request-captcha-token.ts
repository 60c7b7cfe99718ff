import { toPromise } from 'xstate';
import type { CaptchaActorRef } from './captcha.machine';
import { CaptchaDismissedError } from './captcha.types';

/**
 * Waits for a started captcha actor to finish and turns its result into the x-captcha-token value:
 * the token when solved, null when the captcha is off, a CaptchaDismissedError ('Dismissed captcha') when dismissed
 * or cancelled. A check that cannot load waits for the bettor (retry or close), so there is no third outcome.
 */
export async function requestCaptchaToken(actor: CaptchaActorRef): Promise<string | null> {
  const result = await toPromise(actor);
  switch (result.status) {
    case 'solved':
      return result.token;
    case 'disabled':
      return null;
    case 'dismissed':
      throw new CaptchaDismissedError(result.reason, result.elapsedMs);
  }
}
