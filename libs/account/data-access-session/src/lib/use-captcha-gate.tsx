import {
  CaptchaDialog,
  CaptchaDismissedError,
  captchaMachine,
  createHCaptchaProvider,
  createPuzzleCaptchaProvider,
  createRecaptchaProvider,
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

/** What {@link useCaptchaGate} gives a form. */
export interface CaptchaGate {
  /**
   * Runs the captcha when the brand protects the action: resolves with the `x-captcha-token` headers to send
   * (empty when no captcha applies), rejects with CaptchaDismissedError when the bettor dismissed it.
   */
  run(): Promise<Record<string, string>>;
  /** The popup of the built-in puzzle while it runs; render it anywhere in the form. */
  dialog: ReactNode;
}

function defaultProviders(client: ApiClient): CaptchaProviders {
  // The built-in puzzle's challenges and answers are the server's (ADR 0160); the hunt captcha has no service here,
  // so it is the same puzzle, as the server checks it.
  const puzzle = createPuzzleCaptchaProvider(createServerPuzzleBackend(client));
  return { hcaptcha: createHCaptchaProvider(), recaptcha: createRecaptchaProvider(), puzzle, hunt: puzzle };
}

/**
 * Loads and runs the brand's captcha on demand for one protected action (spec sections 4 and 8). A provider that
 * fails to load (a blocked third-party script) lets the action go on without a token: the server is the judge of
 * whether a token is needed, and a blocked script must not lock every bettor out (ADR 0111).
 */
export function useCaptchaGate(action: CaptchaAction, providers?: CaptchaProviders): CaptchaGate {
  const { config, language } = useBrand();
  const client = useApiClient();
  const { ta } = useAccountText();
  const [actor, setActor] = useState<CaptchaActorRef | null>(null);
  const providersRef = useRef<CaptchaProviders | null>(providers ?? null);
  const protectedAction = config.captcha.type !== 'none' && (config.captcha.actions ?? []).includes(action);

  const run = useCallback(async (): Promise<Record<string, string>> => {
    if (!protectedAction) return {};
    providersRef.current ??= defaultProviders(client);
    const captcha = config.captcha;
    const next = createActor(captchaMachine, {
      input: {
        config: { captchaType: captcha.type, pageLanguage: language, ...(captcha.publicKey ? { publicKey: captcha.publicKey } : {}), ...(captcha.lng ? { lng: captcha.lng } : {}) },
        providers: providersRef.current,
      },
    });
    setActor(next);
    next.start();
    try {
      const token = await requestCaptchaToken(next);
      return token ? { 'x-captcha-token': token } : {};
    } catch (error) {
      if (error instanceof CaptchaDismissedError) throw error;
      return {};
    } finally {
      setActor(null);
    }
  }, [client, config.captcha, language, protectedAction]);

  const dialog = useMemo(
    () =>
      actor ? (
        <CaptchaDialog
          actor={actor}
          labels={{ title: ta('captcha.title'), close: ta('captcha.close'), loading: ta('captcha.loading'), useText: ta('captcha.useText'), loadingQuestion: ta('captcha.loadingQuestion') }}
          puzzleLabels={{ slider: ta('captcha.slider'), instructions: ta('captcha.instructions'), check: ta('captcha.check'), wrong: ta('captcha.wrong') }}
          questionLabels={{ instructions: ta('captcha.question.instructions'), check: ta('captcha.check'), wrong: ta('captcha.question.wrong') }}
        />
      ) : null,
    [actor, ta],
  );
  return { run, dialog };
}
