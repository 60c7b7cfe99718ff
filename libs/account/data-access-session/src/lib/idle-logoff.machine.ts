import type { SessionLimitsResponse } from '@tessera/shared/contract-api';
import { assign, fromPromise, setup } from 'xstate';

/** The server's answer about the session's limits: the contract's SessionLimitsResponse (deadlines are ISO instants of the server's clock). */
export type SessionLimitsAnswer = SessionLimitsResponse;

/** The injected server calls of the idle sign-out (libs/server/accounts README, "Idle sign-out and session lifetime"). */
export interface IdleLogoffApi {
  /** GET /web-api/user/session/limits: looks without counting as activity; rejects with status 401 when signed out. */
  limits(signal: AbortSignal): Promise<SessionLimitsAnswer>;
  /** POST /web-api/user/session/touch: "Stay signed in"; answers the new limits. */
  touch(signal: AbortSignal): Promise<SessionLimitsAnswer>;
  /** POST /web-api/user/disconnect: sign out (failures are ignored: the server ends the session anyway). */
  signOut(signal: AbortSignal): Promise<void>;
}

/** Input of idleLogoffMachine. */
export interface IdleLogoffInput {
  api: IdleLogoffApi;
  /** How long before the idle deadline the warning shows; default 60000 ms. */
  warnBeforeMs?: number;
  /** Wait before asking again after a network failure; default 30000 ms. */
  retryMs?: number;
  /** The browser's clock (tests fake it with the timers). */
  now?: () => number;
}

/** Context of idleLogoffMachine. */
export interface IdleLogoffContext {
  api: IdleLogoffApi;
  warnBeforeMs: number;
  retryMs: number;
  now: () => number;
  /** The idle deadline on the browser's clock (the server's deadline moved by the clock difference), or null. */
  deadline: number | null;
  /** Whole seconds left while the warning shows. */
  secondsLeft: number;
}

/** Events of idleLogoffMachine. */
export type IdleLogoffEvent = { type: 'session.stay' } | { type: 'session.signOut' };

const isSignedOut = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

/** The idle deadline of an answer on the browser's clock; null without idle sign-out. */
function deadlineOf(answer: SessionLimitsAnswer, now: number): number | null {
  if (answer.idle_ends_at === null) return null;
  return Date.parse(answer.idle_ends_at) - Date.parse(answer.now) + now;
}

/**
 * The idle sign-out of spec section 9 (auth.autoLogoff), on the server's deadline (libs/server/accounts README, "Idle sign-out and session lifetime"): ask the server when the
 * session ends without activity (looking does not count), sleep until a minute before, ask again (other requests may
 * have moved it), and warn when it still holds; "Stay signed in" touches the session, and when the countdown runs
 * out (and the server still says so) the session is signed out. A 401 at any point means the server has ended it.
 */
export const idleLogoffMachine = setup({
  types: {
    input: {} as IdleLogoffInput,
    context: {} as IdleLogoffContext,
    events: {} as IdleLogoffEvent,
  },
  actors: {
    fetchLimits: fromPromise<SessionLimitsAnswer, { api: IdleLogoffApi }>(({ input, signal }) =>
      input.api.limits(signal),
    ),
    touchSession: fromPromise<SessionLimitsAnswer, { api: IdleLogoffApi }>(({ input, signal }) =>
      input.api.touch(signal),
    ),
    signOut: fromPromise<void, { api: IdleLogoffApi }>(async ({ input, signal }) => {
      await input.api.signOut(signal).catch(() => undefined);
    }),
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, (context.deadline ?? 0) - context.warnBeforeMs - context.now()),
    untilDeadline: ({ context }) => Math.max(0, (context.deadline ?? 0) - context.now()),
    retry: ({ context }) => context.retryMs,
  },
  guards: {
    hasNoIdleLimit: ({ context }) => context.deadline === null,
    isPastDeadline: ({ context }) => context.deadline !== null && context.deadline <= context.now(),
    isWithinWarning: ({ context }) =>
      context.deadline !== null && context.deadline - context.now() <= context.warnBeforeMs,
    isSignedOut: (_, params: { error: unknown }) => isSignedOut(params.error),
  },
  actions: {
    storeDeadline: assign(({ context }, params: { answer: SessionLimitsAnswer }) => ({
      deadline: deadlineOf(params.answer, context.now()),
    })),
    countDown: assign(({ context }) => ({
      secondsLeft: Math.max(0, Math.ceil(((context.deadline ?? 0) - context.now()) / 1000)),
    })),
  },
}).createMachine({
  id: 'idleLogoff',
  context: ({ input }) => ({
    api: input.api,
    warnBeforeMs: input.warnBeforeMs ?? 60_000,
    retryMs: input.retryMs ?? 30_000,
    now: input.now ?? (() => Date.now()),
    deadline: null,
    secondsLeft: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'fetchLimits',
        input: ({ context }) => ({ api: context.api }),
        onDone: {
          target: 'deciding',
          actions: { type: 'storeDeadline', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'offline' },
        ],
      },
    },
    deciding: {
      always: [
        { guard: 'hasNoIdleLimit', target: 'off' },
        { guard: 'isPastDeadline', target: 'signingOut' },
        { guard: 'isWithinWarning', target: 'warning' },
        { target: 'waiting' },
      ],
    },
    waiting: {
      after: { untilWarning: 'checking' },
    },
    offline: {
      after: { retry: 'checking' },
    },
    warning: {
      entry: 'countDown',
      initial: 'counting',
      // At the deadline, ask once more: another tab may have kept the session alive meanwhile.
      after: { untilDeadline: 'checking' },
      on: {
        'session.stay': 'touching',
        'session.signOut': 'signingOut',
      },
      states: {
        counting: {
          after: { 1000: { target: 'counting', reenter: true, actions: 'countDown' } },
        },
      },
    },
    touching: {
      invoke: {
        src: 'touchSession',
        input: ({ context }) => ({ api: context.api }),
        onDone: {
          target: 'deciding',
          actions: { type: 'storeDeadline', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          // Not reachable: ask again; the deadline still holds, so the warning comes back while time is left.
          { target: 'checking' },
        ],
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ api: context.api }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
    /** The brand has no idle sign-out: nothing to watch. */
    off: { type: 'final' },
    signedOut: { type: 'final' },
  },
});
