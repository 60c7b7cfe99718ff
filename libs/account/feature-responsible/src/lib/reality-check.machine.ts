import { assign, fromPromise, setup } from 'xstate';
import type { PlaySession } from './responsible.api';

/** How often a tab asks the server again while it waits or shows the dialog: another tab may have answered it. */
export const REALITY_POLL_MS = 60_000;

/** What the machine keeps: the server's session and when this tab received it. */
export interface RealityCheckContext {
  session: PlaySession | null;
  /** Date.now() when the session arrived, to run the server's clock forward in this tab. */
  receivedAt: number;
}

/** Events the dialog sends. */
export type RealityCheckEvent = { type: 'check.continue' } | { type: 'check.history' } | { type: 'check.logout' };

/** Milliseconds until the next reality check is due by the server's clock (Infinity when they are off). */
export function msUntilDue(context: RealityCheckContext, now = Date.now()): number {
  const next = context.session?.nextCheckAt;
  if (!context.session || !next) return Number.POSITIVE_INFINITY;
  const serverNow = new Date(context.session.serverTime).getTime() + (now - context.receivedAt);
  return new Date(next).getTime() - serverNow;
}

/**
 * The reality check of one tab: reads the session clock from the server, waits until the check is due (asking again
 * every minute, since another tab may have answered), shows it, and sends the player's answer. The server keeps the
 * start and the last answer, so every tab and a reload agree.
 */
export const realityCheckMachine = setup({
  types: {} as { context: RealityCheckContext; events: RealityCheckEvent },
  actors: {
    fetchSession: fromPromise<PlaySession>(async () => {
      throw new Error('realityCheckMachine: provide fetchSession');
    }),
    acknowledge: fromPromise<PlaySession>(async () => {
      throw new Error('realityCheckMachine: provide acknowledge');
    }),
  },
  actions: {
    openHistory: () => undefined,
    logout: () => undefined,
  },
  guards: {
    isDue: ({ context }) => msUntilDue(context) <= 0,
    isOff: ({ context }) => context.session !== null && context.session.nextCheckAt === null,
  },
  delays: {
    untilDue: ({ context }) => Math.max(0, Math.min(REALITY_POLL_MS, msUntilDue(context))),
    poll: REALITY_POLL_MS,
  },
}).createMachine({
  id: 'realityCheck',
  initial: 'loading',
  context: { session: null, receivedAt: 0 },
  states: {
    loading: {
      invoke: {
        src: 'fetchSession',
        onDone: {
          target: 'deciding',
          actions: assign({ session: ({ event }) => event.output, receivedAt: () => Date.now() }),
        },
        onError: 'waiting',
      },
    },
    deciding: {
      always: [{ guard: 'isOff', target: 'off' }, { guard: 'isDue', target: 'due' }, { target: 'waiting' }],
    },
    waiting: { after: { untilDue: 'loading' } },
    due: {
      on: {
        'check.continue': 'acknowledging',
        'check.history': { target: 'acknowledging', actions: 'openHistory' },
        'check.logout': { target: 'signedOut', actions: 'logout' },
      },
      after: { poll: 'refreshing' },
    },
    // Still shown while asking again: another tab's answer closes it here too.
    refreshing: {
      invoke: {
        src: 'fetchSession',
        onDone: {
          target: 'deciding',
          actions: assign({ session: ({ event }) => event.output, receivedAt: () => Date.now() }),
        },
        onError: 'due',
      },
    },
    acknowledging: {
      invoke: {
        src: 'acknowledge',
        onDone: {
          target: 'deciding',
          actions: assign({ session: ({ event }) => event.output, receivedAt: () => Date.now() }),
        },
        onError: 'due',
      },
    },
    off: { type: 'final' },
    signedOut: { type: 'final' },
  },
});
