import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  DISMISSED_CAPTCHA,
  normalizeCaptchaKind,
  type CaptchaConfig,
  type CaptchaDismissReason,
  type CaptchaKind,
  type CaptchaProvider,
  type CaptchaProviders,
  type CaptchaResult,
  type PuzzleAnswer,
  type PuzzleChallenge,
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
  challenge: PuzzleChallenge | null;
  answer: PuzzleAnswer | null;
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
  | { type: 'captcha.answer'; answer: PuzzleAnswer };

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
 * an outside click cancels; the elapsed time is reported for both outcomes; a setting can force it off.
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
    loadProvider: fromPromise<PuzzleChallenge | null, { provider: CaptchaProvider; config: CaptchaConfig }>(({ input, signal }) =>
      input.provider.load(input.config, signal),
    ),
    runProvider: fromCallback<CaptchaEvent, { provider: CaptchaProvider; config: CaptchaConfig }>(({ input, sendBack }) =>
      input.provider.execute({
        config: input.config,
        onToken: (token) => sendBack({ type: 'captcha.token', token }),
        onExpired: () => sendBack({ type: 'captcha.expire' }),
        onClose: () => sendBack({ type: 'captcha.close' }),
      }),
    ),
    verifyAnswer: fromPromise<string | null, { provider: CaptchaProvider; challenge: PuzzleChallenge; answer: PuzzleAnswer }>(
      ({ input, signal }) =>
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
    isTokenIssued: (_, token: string | null) => typeof token === 'string' && token !== '',
  },
  actions: {
    markStart: assign({ startedAt: () => now() }),
    setChallenge: assign((_, params: { challenge: PuzzleChallenge | null }) => ({ challenge: params.challenge })),
    rememberAnswer: assign({ answer: ({ event }) => (event.type === 'captcha.answer' ? event.answer : null) }),
    countWrongAnswer: assign({ wrongAnswers: ({ context }) => context.wrongAnswers + 1, answer: null, challenge: null }),
    solve: assign(({ context }, params: { token: string }) => ({
      result: { status: 'solved' as const, token: params.token, elapsedMs: now() - context.startedAt },
    })),
    dismiss: assign(({ context }, params: { reason: CaptchaDismissReason }) => ({
      result: { status: 'dismissed' as const, reason: params.reason, message: DISMISSED_CAPTCHA, elapsedMs: now() - context.startedAt },
    })),
    fail: assign(({ context }, params: { message: string }) => ({
      result: { status: 'failed' as const, message: params.message, elapsedMs: now() - context.startedAt },
    })),
    disable: assign({ result: { status: 'disabled' as const } }),
    reportSolved: emit(({ context }) =>
      context.result?.status === 'solved'
        ? { type: 'captcha.solved' as const, token: context.result.token, elapsedMs: context.result.elapsedMs }
        : { type: 'captcha.solved' as const, token: '', elapsedMs: 0 },
    ),
    reportDismissed: emit(({ context }) =>
      context.result?.status === 'dismissed'
        ? { type: 'captcha.dismissed' as const, reason: context.result.reason, message: DISMISSED_CAPTCHA, elapsedMs: context.result.elapsedMs }
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
          invoke: {
            id: 'loadProvider',
            src: 'loadProvider',
            input: ({ context }) => ({ provider: context.provider as CaptchaProvider, config: context.config }),
            onDone: { target: 'executing', actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: event.output }) } },
            onError: {
              target: '#captcha.failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }),
              },
            },
          },
        },
        executing: {
          invoke: {
            id: 'runProvider',
            src: 'runProvider',
            input: ({ context }) => ({ provider: context.provider as CaptchaProvider, config: context.config }),
          },
          on: {
            'captcha.token': { guard: 'hasToken', target: '#captcha.solved', actions: { type: 'solve', params: ({ event }) => ({ token: event.token }) } },
            'captcha.expire': { target: '#captcha.dismissed', actions: { type: 'dismiss', params: { reason: 'expired' } } },
            'captcha.answer': { guard: 'hasChallenge', target: 'verifying', actions: 'rememberAnswer' },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyAnswer',
            src: 'verifyAnswer',
            input: ({ context }) => ({
              provider: context.provider as CaptchaProvider,
              challenge: context.challenge as PuzzleChallenge,
              answer: context.answer as PuzzleAnswer,
            }),
            onDone: [
              {
                guard: { type: 'isTokenIssued', params: ({ event }) => event.output },
                target: '#captcha.solved',
                actions: { type: 'solve', params: ({ event }) => ({ token: event.output ?? '' }) },
              },
              // A wrong answer gets a fresh challenge rather than another try at the same gap.
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
    failed: { type: 'final' },
    disabled: { type: 'final', entry: 'disable' },
  },
});

/** A running captcha actor, for the popup and requestCaptchaToken. */
export type CaptchaActorRef = ActorRefFrom<typeof captchaMachine>;
