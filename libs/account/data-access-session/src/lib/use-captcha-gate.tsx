import {
  CaptchaDialog,
  captchaMachine,
  createAltchaCaptchaProvider,
  createHCaptchaProvider,
  createPuzzleCaptchaProvider,
  createRecaptchaProvider,
  createServerAltchaBackend,
  createServerPuzzleBackend,
  type CaptchaActorRef,
  type CaptchaProviders,
  requestCaptchaToken,
} from '@tessera/shared/data-access-captcha';
import { useApiClient, type ApiClient } from '@tessera/shared/data-access-api';
import { useBrand } from '@tessera/shared/data-access-brand';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { useAccountText } from './use-account-text';

/** Actions a brand may protect with a captcha (site configuration `captcha.actions`). */
export type CaptchaAction = 'login' | 'registration' | 'passwordChange' | 'passwordReset' | 'phoneChange';

/** How a gate runs its captcha. */
export interface CaptchaRunOptions {
  /**
   * The server asked for the captcha (428) although the brand does not protect the action every time: a sign-in to
   * an often-failed account from a device it does not know (libs/server/accounts README, "Sign-in lockout"). Runs the brand's captcha if it has one.
   */
  demanded?: boolean;
}

/** What {@link useCaptchaGate} gives a form. */
export interface CaptchaGate {
  /**
   * Runs the captcha when the brand protects the action: resolves with the `x-captcha-token` headers to send
   * (empty when no captcha applies), rejects with CaptchaDismissedError when the bettor dismissed it (also a check
   * that could not load and that the bettor closed rather than retried: never a request without its token).
   */
  run(options?: CaptchaRunOptions): Promise<Record<string, string>>;
  /** The popup of the built-in puzzle while it runs; render it anywhere in the form. */
  dialog: ReactNode;
}

function defaultProviders(client: ApiClient): CaptchaProviders {
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

/**
 * Loads and runs the brand's captcha on demand for one protected action (spec sections 4 and 8). A check that cannot
 * load (a refused or failed script, a timeout) is said so in the popup with a retry; the action never goes on without
 * a token (ADR 0210, replacing ADR 0111's let-it-through).
 */
export function useCaptchaGate(action: CaptchaAction, providers?: CaptchaProviders): CaptchaGate {
  const { config, language } = useBrand();
  const client = useApiClient();
  const { ta } = useAccountText();
  const [actor, setActor] = useState<CaptchaActorRef | null>(null);
  const providersRef = useRef<CaptchaProviders | null>(providers ?? null);
  const protectedAction = config.captcha.type !== 'none' && (config.captcha.actions ?? []).includes(action);

  const run = useCallback(
    async (options?: CaptchaRunOptions): Promise<Record<string, string>> => {
      if (!protectedAction && !(options?.demanded && config.captcha.type !== 'none')) return {};
      providersRef.current ??= defaultProviders(client);
      const captcha = config.captcha;
      const next = createActor(captchaMachine, {
        input: {
          config: {
            captchaType: captcha.type,
            pageLanguage: language,
            scriptPoll: { intervalMs: captcha.scriptPollMs, maxTries: captcha.scriptPollTries },
            ...(captcha.publicKey ? { publicKey: captcha.publicKey } : {}),
            ...(captcha.lng ? { lng: captcha.lng } : {}),
          },
          providers: providersRef.current,
        },
      });
      setActor(next);
      next.start();
      try {
        const token = await requestCaptchaToken(next);
        return token ? { 'x-captcha-token': token } : {};
      } finally {
        setActor(null);
      }
    },
    [client, config.captcha, language, protectedAction],
  );

  const dialog = useMemo(
    () =>
      actor ? (
        <CaptchaDialog
          actor={actor}
          language={language}
          labels={{
            title: ta('captcha.title'),
            close: ta('captcha.close'),
            loading: ta('captcha.loading'),
            loadingCheck: ta('captcha.loadingCheck'),
            useAltcha: ta('captcha.useAltcha'),
            unavailable: ta('captcha.unavailable'),
            retry: ta('captcha.retry'),
            altchaWrong: ta('captcha.altchaWrong'),
          }}
          puzzleLabels={{
            slider: ta('captcha.slider'),
            instructions: ta('captcha.instructions'),
            check: ta('captcha.check'),
            wrong: ta('captcha.wrong'),
          }}
        />
      ) : null,
    [actor, language, ta],
  );
  return { run, dialog };
}
