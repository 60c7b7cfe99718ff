import { assign, emit, fromPromise, setup } from 'xstate';
import {
  DEFAULT_CHECK_CF,
  type BetDraft,
  type BetPlacementApi,
  type BetRejectReason,
  type BetStatusResult,
  type BetValidationResult,
  type CheckCf,
  type OddsChange,
  type PlaceBetRequest,
  type PlaceBetResult,
  type PlacementFailure,
} from './bet-placement.types';
import { applyOddsChanges, isAcceptedByPolicy } from './odds-policy';
import { errorMessage, isInvalidRequestError, toPlacementFailure } from './placement-failure';

/** Input of betPlacementMachine: the server functions and the bettor's settings. */
export interface BetPlacementInput {
  /** The injected server functions. */
  api: BetPlacementApi;
  /** The bettor's odds-change policy; defaults to the spec's 0 (ask). */
  checkCf?: CheckCf;
  /** Show a confirmation step before placing a normal (not one-click) bet; default true. */
  requireConfirmation?: boolean;
  /** Pause between status polls of a held bet; default 1000 ms. */
  pollIntervalMs?: number;
  /** Polls of a held bet before giving up; default 30. */
  maxPollTries?: number;
  /** Longest wait for a held bet, whatever the polls say; default 60000 ms. */
  waitTimeoutMs?: number;
  /** Automatic re-placements on odds changes the policy accepts, before asking anyway; default 3. */
  maxAutoAccepts?: number;
}

/** Context of betPlacementMachine. */
export interface BetPlacementContext {
  api: BetPlacementApi;
  checkCf: CheckCf;
  requireConfirmation: boolean;
  pollIntervalMs: number;
  maxPollTries: number;
  waitTimeoutMs: number;
  maxAutoAccepts: number;
  /** The bet being placed; its coefficients follow approved odds changes. */
  draft: BetDraft | null;
  /** True when the placement came from one-click betting. */
  oneClick: boolean;
  /** Generated on the first placing attempt; kept across retries and odds re-placements. */
  betGuid: string | null;
  /** True once changed odds were approved, sent as approvedBet. */
  approvedBet: boolean;
  /** Changes the bettor is asked about. */
  oddsChanges: OddsChange[];
  /** Odds changes accepted by policy during this placement. */
  autoAccepts: number;
  /** Status polls made while the bet is held. */
  pollTries: number;
  /** The accepted bet's id. */
  betId: string | null;
  /** Why the bet was refused. */
  rejection: { reason: BetRejectReason; message: string } | null;
  /** Why the bet's fate is unknown. */
  failure: PlacementFailure | null;
}

/** Events of betPlacementMachine. */
export type BetPlacementEvent =
  | { type: 'coupon.submit'; draft: BetDraft }
  | { type: 'coupon.oneClick'; draft: BetDraft }
  | { type: 'coupon.confirm' }
  | { type: 'coupon.cancel' }
  | { type: 'odds.accept' }
  | { type: 'bet.retry' }
  | { type: 'coupon.reset' };

/** Events the machine emits for analytics and notifications (actor.on(...)). */
export type BetPlacementEmitted =
  | { type: 'bet.accepted'; betId: string; betGuid: string; oneClick: boolean }
  /** Held on the bettor's advance (libs/server/bets README, "Advance bets held until covered"): placed, standing once the balance covers it. */
  | { type: 'bet.held'; betId: string; betGuid: string; oneClick: boolean };

/**
 * Generates a betGuid (UUID v4). randomUUID exists only in secure contexts, so pages served over plain HTTP
 * (a brand's staging host, say) fall back to getRandomValues, which every browser and Node offer.
 */
export function createBetGuid(
  cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto,
): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function requestOf(context: BetPlacementContext): PlaceBetRequest {
  if (!context.draft || !context.betGuid) throw new Error('betPlacement: placing without a draft or betGuid');
  return {
    ...context.draft,
    betGuid: context.betGuid,
    checkCf: context.checkCf,
    oneClickBet: context.oneClick,
    approvedBet: context.approvedBet,
  };
}

/**
 * Bet placement: idle, validating, confirming (skipped by one-click), placing, waiting (held bets, polled),
 * held (an advance bet placed to stand once the balance covers it), odds changed, accepted, rejected, network error
 * with retry under the same betGuid.
 */
export const betPlacementMachine = setup({
  types: {
    context: {} as BetPlacementContext,
    events: {} as BetPlacementEvent,
    input: {} as BetPlacementInput,
    emitted: {} as BetPlacementEmitted,
  },
  actors: {
    validateBet: fromPromise<BetValidationResult, { api: BetPlacementApi; draft: BetDraft }>(({ input, signal }) =>
      input.api.validateBet(input.draft, signal),
    ),
    placeBet: fromPromise<PlaceBetResult, { api: BetPlacementApi; request: PlaceBetRequest }>(({ input, signal }) =>
      input.api.placeBet(input.request, signal),
    ),
    checkBetStatus: fromPromise<BetStatusResult, { api: BetPlacementApi; betGuid: string }>(({ input, signal }) =>
      input.api.checkBetStatus(input.betGuid, signal),
    ),
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
    waitTimeout: ({ context }) => context.waitTimeoutMs,
    retryAfter: ({ context }) => context.failure?.retryAfterMs ?? 0,
  },
  guards: {
    isDraftInvalid: (_, result: BetValidationResult) => !result.ok,
    isConfirmationRequired: ({ context }) => context.requireConfirmation && !context.oneClick,
    isAccepted: (_, result: { status: string }) => result.status === 'accepted',
    isWaiting: (_, result: { status: string }) => result.status === 'waiting',
    isHeldOnAdvance: (_, result: PlaceBetResult) => result.status === 'waiting' && result.reason === 'advance',
    isRejected: (_, result: { status: string }) => result.status === 'rejected',
    canAutoAcceptOdds: ({ context }, result: PlaceBetResult) =>
      result.status === 'oddsChanged' &&
      context.autoAccepts < context.maxAutoAccepts &&
      isAcceptedByPolicy(result.changes, context.checkCf),
    isOddsChanged: (_, result: PlaceBetResult) => result.status === 'oddsChanged',
    isInvalidRequest: (_, error: unknown) => isInvalidRequestError(error),
    hasPollTriesLeft: ({ context }) => context.pollTries + 1 < context.maxPollTries,
    hasRetryAfter: ({ context }) => (context.failure?.retryAfterMs ?? 0) > 0,
  },
  actions: {
    startPlacement: assign((_, params: { draft: BetDraft; oneClick: boolean }) => ({
      draft: params.draft,
      oneClick: params.oneClick,
      betGuid: null,
      approvedBet: false,
      oddsChanges: [],
      autoAccepts: 0,
      pollTries: 0,
      betId: null,
      rejection: null,
      failure: null,
    })),
    assignBetGuid: assign({ betGuid: ({ context }) => context.betGuid ?? createBetGuid() }),
    clearPlacement: assign({
      draft: null,
      oneClick: false,
      betGuid: null,
      approvedBet: false,
      oddsChanges: [],
      autoAccepts: 0,
      pollTries: 0,
      betId: null,
      rejection: null,
      failure: null,
    }),
    rememberOddsChanges: assign((_, params: { changes: OddsChange[] }) => ({ oddsChanges: params.changes })),
    approveOddsChanges: assign(({ context }, params: { changes: OddsChange[] }) => ({
      draft: context.draft
        ? { ...context.draft, couponEvents: applyOddsChanges(context.draft.couponEvents, params.changes) }
        : null,
      approvedBet: true,
      oddsChanges: [],
    })),
    countAutoAccept: assign({ autoAccepts: ({ context }) => context.autoAccepts + 1 }),
    resetPollTries: assign({ pollTries: 0 }),
    countPollTry: assign({ pollTries: ({ context }) => context.pollTries + 1 }),
    acceptBet: assign((_, params: { betId: string }) => ({ betId: params.betId, failure: null })),
    rejectBet: assign((_, params: { reason: BetRejectReason; message: string }) => ({
      rejection: { reason: params.reason, message: params.message },
    })),
    failPlacement: assign((_, params: { failure: PlacementFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    announceAccepted: emit(({ context }) => ({
      type: 'bet.accepted' as const,
      betId: context.betId ?? '',
      betGuid: context.betGuid ?? '',
      oneClick: context.oneClick,
    })),
    announceHeld: emit(({ context }) => ({
      type: 'bet.held' as const,
      betId: context.betId ?? '',
      betGuid: context.betGuid ?? '',
      oneClick: context.oneClick,
    })),
  },
}).createMachine({
  id: 'betPlacement',
  context: ({ input }) => ({
    api: input.api,
    checkCf: input.checkCf ?? DEFAULT_CHECK_CF,
    requireConfirmation: input.requireConfirmation ?? true,
    pollIntervalMs: input.pollIntervalMs ?? 1000,
    maxPollTries: input.maxPollTries ?? 30,
    waitTimeoutMs: input.waitTimeoutMs ?? 60_000,
    maxAutoAccepts: input.maxAutoAccepts ?? 3,
    draft: null,
    oneClick: false,
    betGuid: null,
    approvedBet: false,
    oddsChanges: [],
    autoAccepts: 0,
    pollTries: 0,
    betId: null,
    rejection: null,
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'coupon.submit': {
          target: 'validating',
          actions: { type: 'startPlacement', params: ({ event }) => ({ draft: event.draft, oneClick: false }) },
        },
        // One-click shares every later step; only the confirmation is skipped (isConfirmationRequired).
        'coupon.oneClick': {
          target: 'validating',
          actions: { type: 'startPlacement', params: ({ event }) => ({ draft: event.draft, oneClick: true }) },
        },
      },
    },
    validating: {
      invoke: {
        id: 'validateBet',
        src: 'validateBet',
        input: ({ context }) => ({ api: context.api, draft: context.draft as BetDraft }),
        onDone: [
          {
            guard: { type: 'isDraftInvalid', params: ({ event }) => event.output },
            target: 'rejected',
            actions: {
              type: 'rejectBet',
              params: ({ event }) =>
                event.output.ok
                  ? { reason: 'validation' as const, message: '' }
                  : { reason: event.output.reason, message: event.output.message },
            },
          },
          { guard: 'isConfirmationRequired', target: 'confirming' },
          { target: 'placing' },
        ],
        onError: {
          target: 'rejected',
          actions: {
            type: 'rejectBet',
            params: ({ event }) => ({ reason: 'server' as const, message: errorMessage(event.error) }),
          },
        },
      },
      on: { 'coupon.cancel': { target: 'idle', actions: 'clearPlacement' } },
    },
    confirming: {
      on: {
        'coupon.confirm': 'placing',
        'coupon.cancel': { target: 'idle', actions: 'clearPlacement' },
      },
    },
    placing: {
      // No cancel here: the request is on its way and only the server knows whether the bet exists.
      entry: ['assignBetGuid', 'clearFailure'],
      invoke: {
        id: 'placeBet',
        src: 'placeBet',
        input: ({ context }) => ({ api: context.api, request: requestOf(context) }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'accepted',
            actions: {
              type: 'acceptBet',
              params: ({ event }) => ({ betId: event.output.status === 'accepted' ? event.output.betId : '' }),
            },
          },
          {
            // An advance bet waits for the bettor's balance, possibly for hours: placed and held, not polled for.
            guard: { type: 'isHeldOnAdvance', params: ({ event }) => event.output },
            target: 'held',
            actions: {
              type: 'acceptBet',
              params: ({ event }) => ({ betId: event.output.status === 'waiting' ? (event.output.betId ?? '') : '' }),
            },
          },
          { guard: { type: 'isWaiting', params: ({ event }) => event.output }, target: 'waiting' },
          {
            guard: { type: 'canAutoAcceptOdds', params: ({ event }) => event.output },
            target: 'placing',
            reenter: true,
            actions: [
              'countAutoAccept',
              {
                type: 'approveOddsChanges',
                params: ({ event }) => ({ changes: event.output.status === 'oddsChanged' ? event.output.changes : [] }),
              },
            ],
          },
          {
            guard: { type: 'isOddsChanged', params: ({ event }) => event.output },
            target: 'oddsChanged',
            actions: {
              type: 'rememberOddsChanges',
              params: ({ event }) => ({ changes: event.output.status === 'oddsChanged' ? event.output.changes : [] }),
            },
          },
          {
            target: 'rejected',
            actions: {
              type: 'rejectBet',
              params: ({ event }) =>
                event.output.status === 'rejected'
                  ? { reason: event.output.reason, message: event.output.message }
                  : { reason: 'server' as const, message: `Unexpected status ${event.output.status}` },
            },
          },
        ],
        onError: [
          {
            guard: { type: 'isInvalidRequest', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'rejected',
            actions: {
              type: 'rejectBet',
              params: ({ event }) => ({ reason: 'invalidRequest' as const, message: errorMessage(event.error) }),
            },
          },
          {
            target: 'networkError',
            actions: { type: 'failPlacement', params: ({ event }) => ({ failure: toPlacementFailure(event.error) }) },
          },
        ],
      },
    },
    waiting: {
      // The server holds the bet (notWait, advance bets): poll its status, bounded by tries and by time.
      entry: 'resetPollTries',
      initial: 'pausing',
      after: {
        waitTimeout: {
          target: 'networkError',
          actions: {
            type: 'failPlacement',
            params: { failure: { kind: 'timeout', message: 'The held bet was not settled in time' } },
          },
        },
      },
      states: {
        pausing: { after: { pollInterval: 'checking' } },
        checking: {
          invoke: {
            id: 'checkBetStatus',
            src: 'checkBetStatus',
            input: ({ context }) => ({ api: context.api, betGuid: context.betGuid as string }),
            onDone: [
              {
                guard: { type: 'isAccepted', params: ({ event }) => event.output },
                target: '#betPlacement.accepted',
                actions: {
                  type: 'acceptBet',
                  params: ({ event }) => ({ betId: event.output.status === 'accepted' ? event.output.betId : '' }),
                },
              },
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: '#betPlacement.rejected',
                actions: {
                  type: 'rejectBet',
                  params: ({ event }) =>
                    event.output.status === 'rejected'
                      ? { reason: event.output.reason, message: event.output.message }
                      : { reason: 'server' as const, message: '' },
                },
              },
              { guard: 'hasPollTriesLeft', target: 'pausing', actions: 'countPollTry' },
              {
                target: '#betPlacement.networkError',
                actions: {
                  type: 'failPlacement',
                  params: {
                    failure: { kind: 'timeout', message: 'The held bet was still pending after the last poll' },
                  },
                },
              },
            ],
            // A failed poll counts as a try: the bet is still held server-side, so keep asking while tries remain.
            onError: [
              { guard: 'hasPollTriesLeft', target: 'pausing', actions: 'countPollTry' },
              {
                target: '#betPlacement.networkError',
                actions: {
                  type: 'failPlacement',
                  params: ({ event }) => ({ failure: toPlacementFailure(event.error) }),
                },
              },
            ],
          },
        },
      },
    },
    oddsChanged: {
      on: {
        'odds.accept': {
          target: 'placing',
          actions: { type: 'approveOddsChanges', params: ({ context }) => ({ changes: context.oddsChanges }) },
        },
        'coupon.cancel': { target: 'idle', actions: 'clearPlacement' },
      },
    },
    accepted: {
      entry: 'announceAccepted',
      on: { 'coupon.reset': { target: 'idle', actions: 'clearPlacement' } },
    },
    held: {
      entry: 'announceHeld',
      on: { 'coupon.reset': { target: 'idle', actions: 'clearPlacement' } },
    },
    rejected: {
      on: { 'coupon.reset': { target: 'idle', actions: 'clearPlacement' } },
    },
    networkError: {
      // The bet may exist: retry re-sends the same betGuid so the server answers for the existing bet (ADR 0047).
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'hasRetryAfter', target: 'coolingDown' }, { target: 'ready' }] },
        coolingDown: { after: { retryAfter: 'ready' } },
        ready: { on: { 'bet.retry': '#betPlacement.placing' } },
      },
      on: { 'coupon.reset': { target: 'idle', actions: 'clearPlacement' } },
    },
  },
});
