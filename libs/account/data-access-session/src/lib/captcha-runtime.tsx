import {
  captchaMachine,
  createAltchaCaptchaProvider,
  createHCaptchaProvider,
  createPuzzleCaptchaProvider,
  createRecaptchaProvider,
  createServerAltchaBackend,
  createServerPuzzleBackend,
  type CaptchaActorRef,
  type CaptchaInput,
  type CaptchaProviders,
} from '@tessera/shared/data-access-captcha';
import type { ApiClient } from '@tessera/shared/data-access-api';
import { createActor } from 'xstate';

// The captcha's code (its machine, the providers, the dialog with the puzzle and ALTCHA, XState's React binding):
// a chunk of its own that a form loads when the person starts on it or a captcha is asked for (use-captcha-gate).

export { CaptchaDialog, requestCaptchaToken } from '@tessera/shared/data-access-captcha';

/** The brand's captcha providers as the server checks them. */
export function defaultProviders(client: ApiClient): CaptchaProviders {
  // The built-in puzzle's challenges and answers are the server's (ADR 0160); the hunt captcha has no service here,
  // so it is the same puzzle, as the server checks it. The ALTCHA check is the puzzle's accessible path and a
  // captcha of its own (ADR 0210).
  const altcha = createServerAltchaBackend(client);
  const puzzle = createPuzzleCaptchaProvider(createServerPuzzleBackend(client), altcha);
  return {
    hcaptcha: createHCaptchaProvider(),
    recaptcha: createRecaptchaProvider(),
    puzzle,
    hunt: puzzle,
    altcha: createAltchaCaptchaProvider(altcha),
  };
}

/** A captcha run's actor (not started). */
export function createCaptchaActor(input: CaptchaInput): CaptchaActorRef {
  return createActor(captchaMachine, { input });
}
