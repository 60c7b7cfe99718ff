import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { betPlacementMachine, type BetPlacementEvent, type BetPlacementInput } from './bet-placement.machine';
import type { BetDraft, BetPlacementApi } from './bet-placement.types';
import { findUntakenTransitions } from '@tessera/shared/testing-xstate';

const draft: BetDraft = { couponEvents: [{ gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 }], summ: 5, vid: 1 };
const api: BetPlacementApi = {
  validateBet: async () => ({ ok: true }),
  placeBet: async () => ({ status: 'accepted', betId: 'B' }),
  checkBetStatus: async () => ({ status: 'waiting' }),
};

// Every event the machine handles. Outcomes of the invoked actors are fed to the pure traversal as their done/error events.
const events = [
  { type: 'coupon.submit', draft },
  { type: 'coupon.oneClick', draft },
  { type: 'coupon.confirm' },
  { type: 'coupon.cancel' },
  { type: 'odds.accept' },
  { type: 'bet.retry' },
  { type: 'coupon.reset' },
  // Passing events replaces xstate/graph's defaults, so the delayed transitions are listed by their internal names.
  { type: 'xstate.after.pollInterval.betPlacement.waiting.pausing' },
  { type: 'xstate.after.waitTimeout.betPlacement.waiting' },
  { type: 'xstate.after.retryAfter.betPlacement.networkError.coolingDown' },
  { type: 'xstate.done.actor.validateBet', output: { ok: true } },
  { type: 'xstate.done.actor.validateBet', output: { ok: false, reason: 'limitExceeded', message: 'limit' } },
  { type: 'xstate.error.actor.validateBet', error: new Error('down') },
  { type: 'xstate.done.actor.placeBet', output: { status: 'accepted', betId: 'B' } },
  { type: 'xstate.done.actor.placeBet', output: { status: 'waiting', betGuid: 'g' } },
  { type: 'xstate.done.actor.placeBet', output: { status: 'waiting', betGuid: 'g', betId: 'B', reason: 'advance' } },
  {
    type: 'xstate.done.actor.placeBet',
    output: { status: 'oddsChanged', changes: [{ index: 0, previous: 1.5, current: 1.4 }] },
  },
  { type: 'xstate.done.actor.placeBet', output: { status: 'rejected', reason: 'eventClosed', message: 'closed' } },
  { type: 'xstate.error.actor.placeBet', error: { status: 422, message: 'bad' } },
  { type: 'xstate.error.actor.placeBet', error: new TypeError('offline') },
  { type: 'xstate.error.actor.placeBet', error: { status: 429, message: 'slow', retryAfterMs: 1000 } },
  { type: 'xstate.done.actor.checkBetStatus', output: { status: 'accepted', betId: 'B' } },
  { type: 'xstate.done.actor.checkBetStatus', output: { status: 'waiting' } },
  {
    type: 'xstate.done.actor.checkBetStatus',
    output: { status: 'rejected', reason: 'eventClosed', message: 'closed' },
  },
  { type: 'xstate.error.actor.checkBetStatus', error: new TypeError('offline') },
] as unknown as BetPlacementEvent[];

type Snapshot = SnapshotFrom<typeof betPlacementMachine>;

// State identity for the traversal: where the machine is plus the context that changes what happens next.
// The random betGuid and the draft's coefficients are left out so each placement does not count as a new state.
function serializeState(snapshot: Snapshot): string {
  const { oneClick, pollTries, autoAccepts, approvedBet } = snapshot.context;
  const failure = snapshot.context.failure?.kind ?? null;
  return JSON.stringify({ value: snapshot.value, oneClick, pollTries, autoAccepts, approvedBet, failure });
}

const traversals = new Map<string, ReturnType<typeof computeTraversal>>();

// Simple-path enumeration costs about a second per configuration, so each configuration is traversed once per file.
function traverse(input: Partial<BetPlacementInput>) {
  const key = JSON.stringify(input);
  const cached = traversals.get(key) ?? computeTraversal(input);
  traversals.set(key, cached);
  return cached;
}

function computeTraversal(input: Partial<BetPlacementInput>) {
  const options = { input: { api, maxPollTries: 2, maxAutoAccepts: 1, ...input }, events, serializeState };
  return {
    shortest: getShortestPaths(betPlacementMachine, options),
    simple: getSimplePaths(betPlacementMachine, options),
  };
}

function leafStates(paths: Array<{ state: Snapshot }>): Set<string> {
  return new Set(paths.map((path) => JSON.stringify(path.state.value)));
}

const ALL_STATE_VALUES = [
  '"idle"',
  '"validating"',
  '"confirming"',
  '"placing"',
  '{"waiting":"pausing"}',
  '{"waiting":"checking"}',
  '"oddsChanged"',
  '"accepted"',
  '"held"',
  '"rejected"',
  '{"networkError":"coolingDown"}',
  '{"networkError":"ready"}',
];

describe('betPlacementMachine paths', () => {
  it('CheckCf 0 (ask): every state is reachable, with a pinned number of shortest and simple paths', () => {
    const { shortest, simple } = traverse({ checkCf: 0 });
    expect([...leafStates(shortest)].sort()).toEqual([...ALL_STATE_VALUES].sort());
    // One shortest path per distinct state identity (value + oneClick, pollTries, autoAccepts, approvedBet, failure kind).
    expect(shortest).toHaveLength(92);
    expect(simple).toHaveLength(1196);
  });

  it('CheckCf 2 (accept any): a lower price is re-placed by the policy once before asking, so fewer states exist', () => {
    const { shortest, simple } = traverse({ checkCf: 2 });
    expect([...leafStates(shortest)].sort()).toEqual([...ALL_STATE_VALUES].sort());
    expect(shortest).toHaveLength(88);
    expect(simple).toHaveLength(1178);
  });

  it('every path to an accepted bet passes through placing, and normal bets through confirming', () => {
    const { simple } = traverse({ checkCf: 0 });
    const toAccepted = simple.filter((path) => path.state.value === 'accepted');
    expect(toAccepted.length).toBeGreaterThan(0);
    for (const path of toAccepted) {
      const values = path.steps.map((step) => JSON.stringify(step.state.value));
      expect(values).toContain('"placing"');
      if (!path.state.context.oneClick) expect(values).toContain('"confirming"');
      else expect(values).not.toContain('"confirming"');
      expect(values).toContain('"validating"');
    }
  });

  it('no path reaches placing without going through validating first', () => {
    const { simple } = traverse({ checkCf: 2 });
    for (const path of simple) {
      const values = path.steps.map((step) => JSON.stringify(step.state.value));
      const firstPlacing = values.indexOf('"placing"');
      if (firstPlacing >= 0) expect(values.slice(0, firstPlacing)).toContain('"validating"');
    }
  });
});

describe('betPlacementMachine transition coverage', () => {
  // The path counts above use a lower price only; coverage adds a higher one so CheckCf 1 can accept by itself.
  const withIncrease = [
    ...events,
    {
      type: 'xstate.done.actor.placeBet',
      output: { status: 'oddsChanged', changes: [{ index: 0, previous: 1.5, current: 1.6 }] },
    },
  ] as unknown as BetPlacementEvent[];
  const untakenFor = (checkCf: 0 | 1 | 2) =>
    findUntakenTransitions(betPlacementMachine, {
      input: { api, maxPollTries: 2, maxAutoAccepts: 1, checkCf },
      events: withIncrease,
      serializeState: serializeState as never,
    });

  it.each([1, 2] as const)('CheckCf %i: every declared transition is taken by some reachable state', (checkCf) => {
    expect(untakenFor(checkCf)).toEqual([]);
  });

  it('CheckCf 0: the only transition never taken is the automatic odds acceptance', () => {
    expect(untakenFor(0)).toEqual(['betPlacement.placing --xstate.done.actor.placeBet#3-->']);
  });
});
