import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  DISMISSED_CAPTCHA,
  normalizeCaptchaKind,
  type CaptchaChallenge,
  type CaptchaConfig,
  type CaptchaDismissReason,
  type CaptchaKind,
  type CaptchaProvider,
  type CaptchaProviders,
  type CaptchaResult,
  type AltchaAnswer,
  type PuzzleAnswer,
} from './captcha.types';

/** Input of captchaMachine. */
export interface CaptchaInput {
  /** The brand's captcha section. */
  config: CaptchaConfig;
  /** Providers on offer; the configured kind picks one. */
  providers: CaptchaProviders;
  /** A setting that forces the captcha off (e.g. trusted networks, tests, a provider outage). */
  forcedOff?: boolean;
  /** Longest time the bettor gets before the captcha counts as dismissed; default 120000 ms. */
  timeoutMs?: number;
}

/** Context of captchaMachine. */
export interface CaptchaContext {
  config: CaptchaConfig;
  kind: CaptchaKind | null;
  provider: CaptchaProvider | null;
  forcedOff: boolean;
  timeoutMs: number;
  startedAt: number;
  /** The puzzle, or the ALTCHA check (the brand's, or the puzzle's accessible path once the bettor asked for it). */
  challenge: CaptchaChallenge | null;
  answer: PuzzleAnswer | AltchaAnswer | null;
  /** Which the bettor is shown: the provider's own, or the ALTCHA check they chose instead of the puzzle (ADR 0210). */
  mode: 'puzzle' | 'altcha';
  /** Why the check could not load, while the bettor is offered a retry (or the ALTCHA check); null otherwise. */
  loadError: string | null;
  /** Wrong puzzle answers so far; each brings a fresh challenge. */
  wrongAnswers: number;
  result: CaptchaResult | null;
}

/** Events of captchaMachine; the provider's callbacks and the popup both send them. */
export type CaptchaEvent =
  | { type: 'captcha.token'; token: string }
  | { type: 'captcha.expire' }
  | { type: 'captcha.close' }
  | { type: 'captcha.outsideClick' }
  | { type: 'captcha.answer'; answer: PuzzleAnswer | AltchaAnswer }
  /** The bettor asks for the ALTCHA check instead of the slider puzzle. */
  | { type: 'captcha.useAltcha' }
  /** The bettor asks to load a check that could not load once more. */
  | { type: 'captcha.retry' };

/** Emitted when the captcha ends, with the elapsed time for both outcomes. */
export type CaptchaEmitted =
  | { type: 'captcha.solved'; token: string; elapsedMs: number }
  | { type: 'captcha.dismissed'; reason: CaptchaDismissReason; message: typeof DISMISSED_CAPTCHA; elapsedMs: number };

/** Clock of the machine; Date.now so fake timers in tests control elapsed times. */
function now(): number {
  return Date.now();
}

/**
 * Captcha: loaded on demand, then executed; a token is success, expiry or closing is 'Dismissed captcha',
 * an outside click cancels; the elapsed time is reported for both outcomes; a setting can force it off. A check that
 * cannot load never ends the flow without a token: it waits in `unavailable` for a retry (or the ALTCHA check, where
 * the provider offers it) until the bettor closes it or the time runs out (ADR 0210).
 */
export const captchaMachine = setup({
  types: {
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent,
    input: {} as CaptchaInput,
    output: {} as CaptchaResult,
    emitted: {} as CaptchaEmitted,
  },
  actors: {
    loadProvider: fromPromise<
      CaptchaChallenge | null,
      { provider: CaptchaProvider; config: CaptchaConfig; mode: 'puzzle' | 'altcha' }
    >(({ input, signal }) =>
      input.mode === 'altcha' && input.provider.loadAltcha
        ? input.provider.loadAltcha(input.config, signal)
        : input.provider.load(input.config, signal),
    ),
    runProvider: fromCallback<CaptchaEvent, { provider: CaptchaProvider; config: CaptchaConfig }>(
      ({ input, sendBack }) =>
        input.provider.execute({
          config: input.config,
          onToken: (token) => sendBack({ type: 'captcha.token', token }),
          onExpired: () => sendBack({ type: 'captcha.expire' }),
          onClose: () => sendBack({ type: 'captcha.close' }),
        }),
    ),
    verifyAnswer: fromPromise<
      string | null,
      { provider: CaptchaProvider; challenge: CaptchaChallenge; answer: PuzzleAnswer | AltchaAnswer }
    >(({ input, signal }) =>
      input.provider.verify ? input.provider.verify(input.challenge, input.answer, signal) : Promise.resolve(null),
    ),
  },
  delays: {
    timeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    isOff: ({ context }) => context.forcedOff || context.provider === null,
    hasToken: ({ event }) => event.type === 'captcha.token' && event.token.trim() !== '',
    hasChallenge: ({ context }) => context.challenge !== null,
    canUseAltcha: ({ context }) => context.mode === 'puzzle' && typeof context.provider?.loadAltcha === 'function',
    isTokenIssued: (_, token: string | null) => typeof token === 'string' && token !== '',
  },
  actions: {
    markStart: assign({ startedAt: () => now() }),
    setChallenge: assign((_, params: { challenge: CaptchaChallenge | null }) => ({ challenge: params.challenge })),
    chooseAltcha: assign({ mode: 'altcha' as const, challenge: null, answer: null, loadError: null }),
    clearLoadError: assign({ loadError: null }),
    rememberAnswer: assign({ answer: ({ event }) => (event.type === 'captcha.answer' ? event.answer : null) }),
    countWrongAnswer: assign({
      wrongAnswers: ({ context }) => context.wrongAnswers + 1,
      answer: null,
      challenge: null,
    }),
    solve: assign(({ context }, params: { token: string }) => ({
      result: { status: 'solved' as const, token: params.token, elapsedMs: now() - context.startedAt },
    })),
    dismiss: assign(({ context }, params: { reason: CaptchaDismissReason }) => ({
      result: {
        status: 'dismissed' as const,
        reason: params.reason,
        message: DISMISSED_CAPTCHA,
        elapsedMs: now() - context.startedAt,
      },
    })),
    rememberLoadError: assign((_, params: { message: string }) => ({ loadError: params.message, challenge: null })),
    disable: assign({ result: { status: 'disabled' as const } }),
    reportSolved: emit(({ context }) =>
      context.result?.status === 'solved'
        ? { type: 'captcha.solved' as const, token: context.result.token, elapsedMs: context.result.elapsedMs }
        : { type: 'captcha.solved' as const, token: '', elapsedMs: 0 },
    ),
    reportDismissed: emit(({ context }) =>
      context.result?.status === 'dismissed'
        ? {
            type: 'captcha.dismissed' as const,
            reason: context.result.reason,
            message: DISMISSED_CAPTCHA,
            elapsedMs: context.result.elapsedMs,
          }
        : { type: 'captcha.dismissed' as const, reason: 'closed' as const, message: DISMISSED_CAPTCHA, elapsedMs: 0 },
    ),
  },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => {
    const kind = normalizeCaptchaKind(input.config.captchaType);
    return {
      config: input.config,
      kind,
      provider: kind ? (input.providers[kind] ?? null) : null,
      forcedOff: input.forcedOff ?? false,
      timeoutMs: input.timeoutMs ?? 120_000,
      startedAt: 0,
      challenge: null,
      answer: null,
      mode: 'puzzle',
      loadError: null,
      wrongAnswers: 0,
      result: null,
    };
  },
  initial: 'deciding',
  output: ({ context }) => context.result ?? { status: 'disabled' },
  states: {
    deciding: {
      always: [{ guard: 'isOff', target: 'disabled' }, { target: 'active' }],
    },
    active: {
      entry: 'markStart',
      initial: 'loading',
      after: {
        timeout: { target: 'dismissed', actions: { type: 'dismiss', params: { reason: 'timeout' } } },
      },
      on: {
        'captcha.close': { target: 'dismissed', actions: { type: 'dismiss', params: { reason: 'closed' } } },
        'captcha.outsideClick': { target: 'cancelled', actions: { type: 'dismiss', params: { reason: 'cancelled' } } },
      },
      states: {
        loading: {
          on: {
            'captcha.useAltcha': { guard: 'canUseAltcha', target: 'loading', reenter: true, actions: 'chooseAltcha' },
          },
          invoke: {
            id: 'loadProvider',
            src: 'loadProvider',
            input: ({ context }) => ({
              provider: context.provider as CaptchaProvider,
              config: context.config,
              mode: context.mode,
            }),
            onDone: {
              target: 'executing',
              actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: event.output }) },
            },
            onError: {
              target: 'unavailable',
              actions: {
                type: 'rememberLoadError',
                params: ({ event }) => ({
                  message: event.error instanceof Error ? event.error.message : String(event.error),
                }),
              },
            },
          },
        },
        // The check could not load (a blocked or failed script, a timeout, the server unreachable): the bettor is
        // told so and chooses; the protected action never goes ahead without a token.
        unavailable: {
          on: {
            'captcha.retry': { target: 'loading', actions: 'clearLoadError' },
            'captcha.useAltcha': { guard: 'canUseAltcha', target: 'loading', actions: 'chooseAltcha' },
          },
        },
        executing: {
          invoke: {
            id: 'runProvider',
            src: 'runProvider',
            input: ({ context }) => ({ provider: context.provider as CaptchaProvider, config: context.config }),
          },
          on: {
            'captcha.token': {
              guard: 'hasToken',
              target: '#captcha.solved',
              actions: { type: 'solve', params: ({ event }) => ({ token: event.token }) },
            },
            'captcha.expire': {
              target: '#captcha.dismissed',
              actions: { type: 'dismiss', params: { reason: 'expired' } },
            },
            'captcha.answer': { guard: 'hasChallenge', target: 'verifying', actions: 'rememberAnswer' },
            // From the puzzle to the ALTCHA check (ADR 0210); the overall time keeps running.
            'captcha.useAltcha': { guard: 'canUseAltcha', target: 'loading', actions: 'chooseAltcha' },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyAnswer',
            src: 'verifyAnswer',
            input: ({ context }) => ({
              provider: context.provider as CaptchaProvider,
              challenge: context.challenge as CaptchaChallenge,
              answer: context.answer as PuzzleAnswer | AltchaAnswer,
            }),
            onDone: [
              {
                guard: { type: 'isTokenIssued', params: ({ event }) => event.output },
                target: '#captcha.solved',
                actions: { type: 'solve', params: ({ event }) => ({ token: event.output ?? '' }) },
              },
              // A wrong answer gets a fresh challenge (of the same mode) rather than another try at the same one.
              { target: 'loading', actions: 'countWrongAnswer' },
            ],
            onError: { target: 'loading', actions: 'countWrongAnswer' },
          },
        },
      },
    },
    solved: { type: 'final', entry: 'reportSolved' },
    dismissed: { type: 'final', entry: 'reportDismissed' },
    cancelled: { type: 'final', entry: 'reportDismissed' },
    disabled: { type: 'final', entry: 'disable' },
  },
});

/** A running captcha actor, for the popup and requestCaptchaToken. */
export type CaptchaActorRef = ActorRefFrom<typeof captchaMachine>;
