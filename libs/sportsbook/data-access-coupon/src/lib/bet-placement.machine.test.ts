import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { betPlacementMachine, type BetPlacementInput } from './bet-placement.machine';
import type {
  BetDraft,
  BetPlacementApi,
  BetStatusResult,
  BetValidationResult,
  PlaceBetRequest,
  PlaceBetResult,
} from './bet-placement.types';

const draft: BetDraft = {
  couponEvents: [
    { gameId: 101, outcomeId: '101:1x2:home', coef: 1.8 },
    { gameId: 102, outcomeId: '102:1x2:home', coef: 2.1 },
  ],
  summ: 10,
  vid: 1,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A scripted fake of the server: each call takes the next answer (a value, or an Error-like to throw). */
function fakeApi(script: {
  validate?: Array<BetValidationResult | { throw: unknown }>;
  place?: Array<PlaceBetResult | { throw: unknown }>;
  status?: Array<BetStatusResult | { throw: unknown }>;
}) {
  const answer = async <T>(queue: Array<T | { throw: unknown }> | undefined, fallback: T): Promise<T> => {
    const next = queue?.shift() ?? fallback;
    if (typeof next === 'object' && next !== null && 'throw' in next) throw next.throw;
    return next as T;
  };
  const api = {
    validateBet: vi.fn((_d: BetDraft, _s: AbortSignal) => answer(script.validate, { ok: true } as BetValidationResult)),
    placeBet: vi.fn((_r: PlaceBetRequest, _s: AbortSignal) =>
      answer(script.place, { status: 'accepted', betId: 'B1' } as PlaceBetResult),
    ),
    checkBetStatus: vi.fn((_g: string, _s: AbortSignal) =>
      answer(script.status, { status: 'waiting' } as BetStatusResult),
    ),
  } satisfies BetPlacementApi;
  return api;
}

function start(api: BetPlacementApi, input: Partial<BetPlacementInput> = {}) {
  const actor = createActor(betPlacementMachine, {
    input: { api, pollIntervalMs: 1000, maxPollTries: 3, waitTimeoutMs: 10_000, ...input },
  });
  actor.start();
  return actor;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('betPlacementMachine: submit, confirm, place', () => {
  it('validates, waits for confirmation, then places with a fresh betGuid and the default CheckCf 0', async () => {
    const api = fakeApi({});
    const actor = start(api);
    const accepted = vi.fn();
    actor.on('bet.accepted', accepted);

    actor.send({ type: 'coupon.submit', draft });
    expect(actor.getSnapshot().value).toBe('validating');
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(api.placeBet).not.toHaveBeenCalled();

    actor.send({ type: 'coupon.confirm' });
    expect(actor.getSnapshot().value).toBe('placing');
    await flush();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('accepted');
    expect(snapshot.context.betId).toBe('B1');
    const request = api.placeBet.mock.calls[0]?.[0];
    expect(request).toMatchObject({ ...draft, checkCf: 0, oneClickBet: false, approvedBet: false });
    expect(request?.betGuid).toMatch(UUID);
    expect(accepted).toHaveBeenCalledWith(
      expect.objectContaining({ betId: 'B1', betGuid: request?.betGuid, oneClick: false }),
    );
  });

  it('one-click skips the confirmation but still validates', async () => {
    const api = fakeApi({});
    const actor = start(api);
    actor.send({ type: 'coupon.oneClick', draft });
    expect(actor.getSnapshot().value).toBe('validating');
    await flush();
    expect(api.validateBet).toHaveBeenCalledWith(draft, expect.anything());
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(api.placeBet.mock.calls[0]?.[0].oneClickBet).toBe(true);
  });

  it('one-click that fails validation is rejected without placing', async () => {
    const api = fakeApi({ validate: [{ ok: false, reason: 'limitExceeded', message: 'Max stake 100' }] });
    const actor = start(api);
    actor.send({ type: 'coupon.oneClick', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('places straight after validation when the brand turns confirmation off', async () => {
    const api = fakeApi({});
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('ignores submits while a placement is under way (one bet at a time)', async () => {
    const api = fakeApi({});
    const actor = start(api);
    actor.send({ type: 'coupon.submit', draft });
    expect(actor.getSnapshot().can({ type: 'coupon.submit', draft })).toBe(false);
    await flush();
    actor.send({ type: 'coupon.confirm' });
    expect(actor.getSnapshot().can({ type: 'coupon.oneClick', draft })).toBe(false);
  });
});

describe('betPlacementMachine: validation', () => {
  it('a draft the validator refuses ends rejected with its reason, and nothing is sent', async () => {
    const api = fakeApi({ validate: [{ ok: false, reason: 'insufficientFunds', message: 'Top up' }] });
    const actor = start(api);
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.rejection).toEqual({ reason: 'insufficientFunds', message: 'Top up' });
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('a validator that throws ends rejected as a server problem', async () => {
    const api = fakeApi({ validate: [{ throw: new Error('limits service down') }] });
    const actor = start(api);
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().context.rejection).toEqual({ reason: 'server', message: 'limits service down' });
  });

  it('cancel while validating or confirming returns to idle and clears the draft', async () => {
    const api = fakeApi({});
    const actor = start(api);
    actor.send({ type: 'coupon.submit', draft });
    actor.send({ type: 'coupon.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');

    actor.send({ type: 'coupon.submit', draft });
    await flush();
    actor.send({ type: 'coupon.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.draft).toBeNull();
  });
});

describe('betPlacementMachine: rejections', () => {
  it('a refused bet shows the reason; reset starts over', async () => {
    const api = fakeApi({ place: [{ status: 'rejected', reason: 'eventClosed', message: 'Market suspended' }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.rejection?.reason).toBe('eventClosed');
    expect(actor.getSnapshot().can({ type: 'bet.retry' })).toBe(false);
    actor.send({ type: 'coupon.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.rejection).toBeNull();
  });

  it.each([400, 403, 422])('HTTP %i is an invalid request: rejected, not retried', async (status) => {
    const api = fakeApi({ place: [{ throw: { status, message: 'Bad coupon' } }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().context.rejection).toEqual({ reason: 'invalidRequest', message: 'Bad coupon' });
  });
});

describe('betPlacementMachine: network errors and retry', () => {
  it('retries with the same betGuid after a network failure', async () => {
    const api = fakeApi({ place: [{ throw: new TypeError('Failed to fetch') }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().matches({ networkError: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network', message: 'Failed to fetch' });

    actor.send({ type: 'bet.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    const [first, second] = api.placeBet.mock.calls.map(([request]) => request.betGuid);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a server error (5xx) is retryable too', async () => {
    const api = fakeApi({ place: [{ throw: { status: 502, message: 'Bad gateway' } }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().context.failure?.kind).toBe('server');
    expect(actor.getSnapshot().can({ type: 'bet.retry' })).toBe(true);
  });

  it('429 holds the retry back for Retry-After', async () => {
    const api = fakeApi({ place: [{ throw: { status: 429, message: 'Too many', retryAfterMs: 5000 } }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().matches({ networkError: 'coolingDown' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'bet.retry' })).toBe(false);
    await vi.advanceTimersByTimeAsync(4999);
    expect(actor.getSnapshot().can({ type: 'bet.retry' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ networkError: 'ready' })).toBe(true);
  });

  it('429 without Retry-After can be retried at once', async () => {
    const api = fakeApi({ place: [{ throw: { status: 429, message: 'Too many' } }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().context.failure?.kind).toBe('rateLimited');
    expect(actor.getSnapshot().matches({ networkError: 'ready' })).toBe(true);
  });

  it('reset after a network error gives the next placement a new betGuid', async () => {
    const api = fakeApi({ place: [{ throw: new TypeError('offline') }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    actor.send({ type: 'coupon.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    const [first, second] = api.placeBet.mock.calls.map(([request]) => request.betGuid);
    expect(second).not.toBe(first);
  });
});

describe('betPlacementMachine: odds changes and CheckCf', () => {
  const up: PlaceBetResult = { status: 'oddsChanged', changes: [{ index: 0, previous: 1.8, current: 1.9 }] };
  const down: PlaceBetResult = { status: 'oddsChanged', changes: [{ index: 1, previous: 2.1, current: 2.0 }] };

  it('CheckCf 0 asks; accepting re-places with the new odds, approvedBet and the same betGuid', async () => {
    const api = fakeApi({ place: [up] });
    const actor = start(api, { requireConfirmation: false, checkCf: 0 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('oddsChanged');
    expect(actor.getSnapshot().context.oddsChanges).toEqual([{ index: 0, previous: 1.8, current: 1.9 }]);

    actor.send({ type: 'odds.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    const [first, second] = api.placeBet.mock.calls.map(([request]) => request);
    expect(second?.betGuid).toBe(first?.betGuid);
    expect(second?.approvedBet).toBe(true);
    expect(second?.couponEvents[0]?.coef).toBe(1.9);
    expect(second?.couponEvents[1]?.coef).toBe(2.1);
  });

  it('declining changed odds returns to idle without placing', async () => {
    const api = fakeApi({ place: [up] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    actor.send({ type: 'coupon.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(api.placeBet).toHaveBeenCalledTimes(1);
  });

  it('CheckCf 1 accepts an increase by itself', async () => {
    const api = fakeApi({ place: [up] });
    const actor = start(api, { requireConfirmation: false, checkCf: 1 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(api.placeBet.mock.calls[1]?.[0]).toMatchObject({ checkCf: 1, approvedBet: true });
  });

  it('CheckCf 1 asks about a decrease', async () => {
    const api = fakeApi({ place: [down] });
    const actor = start(api, { requireConfirmation: false, checkCf: 1 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('oddsChanged');
  });

  it('CheckCf 2 accepts a decrease by itself', async () => {
    const api = fakeApi({ place: [down] });
    const actor = start(api, { requireConfirmation: false, checkCf: 2 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(api.placeBet.mock.calls[1]?.[0].couponEvents[1]?.coef).toBe(2.0);
  });

  it('asks the bettor after maxAutoAccepts automatic re-placements, so a moving line cannot loop forever', async () => {
    const api = fakeApi({ place: [up, up, up] });
    const actor = start(api, { requireConfirmation: false, checkCf: 2, maxAutoAccepts: 2 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    expect(actor.getSnapshot().value).toBe('oddsChanged');
    expect(api.placeBet).toHaveBeenCalledTimes(3);
    expect(new Set(api.placeBet.mock.calls.map(([r]) => r.betGuid)).size).toBe(1);
  });
});

describe('betPlacementMachine: held bets (waiting)', () => {
  const held = { status: 'waiting', betGuid: 'server-guid' } as const;

  it('polls the held bet by betGuid at the interval until it is accepted', async () => {
    const api = fakeApi({ place: [held], status: [{ status: 'waiting' }, { status: 'accepted', betId: 'B7' }] });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft: { ...draft, notWait: true } });
    await flush();
    expect(actor.getSnapshot().matches({ waiting: 'pausing' })).toBe(true);
    expect(api.placeBet.mock.calls[0]?.[0].notWait).toBe(true);

    await vi.advanceTimersByTimeAsync(999);
    expect(api.checkBetStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.checkBetStatus).toHaveBeenCalledTimes(1);
    expect(api.checkBetStatus.mock.calls[0]?.[0]).toBe(api.placeBet.mock.calls[0]?.[0].betGuid);
    expect(actor.getSnapshot().context.pollTries).toBe(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().context.betId).toBe('B7');
  });

  it('an advance bet held for its cover is placed: held, announced, not polled, and the slip can start the next bet', async () => {
    const api = fakeApi({ place: [{ status: 'waiting', betGuid: 'server-guid', betId: 'B9', reason: 'advance' }] });
    const actor = start(api, { requireConfirmation: false });
    const announced = vi.fn();
    actor.on('bet.held', announced);
    actor.on('bet.accepted', () => {
      throw new Error('an advance bet held for its cover is not accepted yet');
    });
    actor.send({ type: 'coupon.submit', draft: { ...draft, avanceBet: true } });
    await flush();
    expect(actor.getSnapshot().value).toBe('held');
    expect(actor.getSnapshot().context.betId).toBe('B9');
    expect(api.placeBet.mock.calls[0]?.[0].avanceBet).toBe(true);
    expect(announced).toHaveBeenCalledWith(expect.objectContaining({ type: 'bet.held', betId: 'B9', oneClick: false }));

    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.checkBetStatus).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('held');

    actor.send({ type: 'coupon.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.betId).toBeNull();
  });

  it('a held bet the server refuses ends rejected', async () => {
    const api = fakeApi({
      place: [held],
      status: [{ status: 'rejected', reason: 'eventClosed', message: 'Event started' }],
    });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft: { ...draft, avanceBet: true } });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.rejection?.message).toBe('Event started');
  });

  it('gives up after maxPollTries and offers a retry under the same betGuid', async () => {
    const api = fakeApi({ place: [held] });
    const actor = start(api, { requireConfirmation: false, maxPollTries: 3 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    expect(api.checkBetStatus).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().matches({ networkError: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.failure?.kind).toBe('timeout');

    actor.send({ type: 'bet.retry' });
    await flush();
    expect(api.placeBet.mock.calls[1]?.[0].betGuid).toBe(api.placeBet.mock.calls[0]?.[0].betGuid);
  });

  it('a failed poll counts as a try and polling goes on', async () => {
    const api = fakeApi({
      place: [held],
      status: [{ throw: new TypeError('offline') }, { status: 'accepted', betId: 'B8' }],
    });
    const actor = start(api, { requireConfirmation: false });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ waiting: 'pausing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('a failed last poll ends in a network error carrying that failure', async () => {
    const api = fakeApi({ place: [held], status: [{ throw: { status: 503, message: 'busy' } }] });
    const actor = start(api, { requireConfirmation: false, maxPollTries: 1 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'server', message: 'busy' });
  });

  it('the overall wait timeout ends the wait even when polls would go on', async () => {
    const api = fakeApi({ place: [held] });
    const actor = start(api, { requireConfirmation: false, maxPollTries: 100, waitTimeoutMs: 4500 });
    actor.send({ type: 'coupon.submit', draft });
    await flush();
    await vi.advanceTimersByTimeAsync(4499);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('networkError')).toBe(true);
    expect(actor.getSnapshot().context.failure?.kind).toBe('timeout');
    expect(api.checkBetStatus).toHaveBeenCalledTimes(4);
  });
});
