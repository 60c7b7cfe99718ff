import type { CaptchaActorRef, CaptchaProviders } from '@tessera/shared/data-access-captcha';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand } from '@tessera/shared/data-access-brand';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useAccountText } from './use-account-text';

type CaptchaRuntime = typeof import('./captcha-runtime');

let runtime: Promise<CaptchaRuntime> | undefined;

/** The captcha's code, loaded once per page; a failed load is forgotten, so the next call tries again. */
function loadCaptchaRuntime(): Promise<CaptchaRuntime> {
  runtime ??= import('./captcha-runtime').catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

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
  /**
   * Loads the captcha's code ahead of {@link CaptchaGate.run} when the brand protects the action: forms call it when
   * the person starts on them (focus), so the first screen does not carry it and the submit does not wait for it.
   */
  prepare(): void;
}

/**
 * Loads and runs the brand's captcha on demand for one protected action (spec sections 4 and 8). A check that cannot
 * load (a refused or failed script, a timeout) is said so in the popup with a retry; the action never goes on without
 * a token (ADR 0210, replacing ADR 0111's let-it-through): if the captcha's own code cannot load, `run` rejects and the
 * form says the request failed. That code (machine, providers, dialog) is a chunk of its own, loaded by `prepare` or
 * the first `run`, so a page paints without it.
 */
export function useCaptchaGate(action: CaptchaAction, providers?: CaptchaProviders): CaptchaGate {
  const { config, language } = useBrand();
  const client = useApiClient();
  const { ta } = useAccountText();
  const [running, setRunning] = useState<{ actor: CaptchaActorRef; Dialog: CaptchaRuntime['CaptchaDialog'] } | null>(
    null,
  );
  const providersRef = useRef<CaptchaProviders | null>(providers ?? null);
  const protectedAction = config.captcha.type !== 'none' && (config.captcha.actions ?? []).includes(action);

  const run = useCallback(
    async (options?: CaptchaRunOptions): Promise<Record<string, string>> => {
      if (!protectedAction && !(options?.demanded && config.captcha.type !== 'none')) return {};
      const code = await loadCaptchaRuntime();
      providersRef.current ??= code.defaultProviders(client);
      const captcha = config.captcha;
      const next = code.createCaptchaActor({
        config: {
          captchaType: captcha.type,
          pageLanguage: language,
          scriptPoll: { intervalMs: captcha.scriptPollMs, maxTries: captcha.scriptPollTries },
          ...(captcha.publicKey ? { publicKey: captcha.publicKey } : {}),
          ...(captcha.lng ? { lng: captcha.lng } : {}),
        },
        providers: providersRef.current,
      });
      setRunning({ actor: next, Dialog: code.CaptchaDialog });
      next.start();
      try {
        const token = await code.requestCaptchaToken(next);
        return token ? { 'x-captcha-token': token } : {};
      } finally {
        setRunning(null);
      }
    },
    [client, config.captcha, language, protectedAction],
  );

  const prepare = useCallback(() => {
    // Errors are left to `run`, which loads again and says so.
    if (protectedAction) loadCaptchaRuntime().catch(() => undefined);
  }, [protectedAction]);

  const dialog = useMemo(
    () =>
      running ? (
        <running.Dialog
          actor={running.actor}
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
    [running, language, ta],
  );
  return { run, dialog, prepare };
}
