import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { describe, expect, it } from 'vitest';
import { createBetPlacementApi } from './bet-placement.api';
import type { PlaceBetRequest } from './bet-placement.types';

type Route = (body: Record<string, unknown>) => { status?: number; body?: unknown } | 'network';

/** The real client and request builder over a scripted fetch: only the network is replaced. */
function api(routes: Record<string, Route>) {
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
    seen.push({ path: url.pathname, body });
    const answer = routes[url.pathname]?.(body) ?? { status: 404, body: { message: 'Not found' } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    placement: createBetPlacementApi(
      createApiClient({
        http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/', retry: { limit: 0 } }),
      }),
    ),
    seen,
  };
}

const request: PlaceBetRequest = {
  couponEvents: [
    { gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 },
    { gameId: 2, outcomeId: '2:1x2:home', coef: 2 },
  ],
  summ: 10,
  vid: 1,
  betGuid: '6f1c1e0e-7a4c-4a44-9a55-0d6c1d7a2b11',
  checkCf: 1,
  oneClickBet: false,
  approvedBet: true,
};
const signal = new AbortController().signal;
const PLACE = '/service-api/LiveBet/Secure/MakeBetWeb';

describe('createBetPlacementApi', () => {
  it('sends MakeBetWeb with the spec names and reads an accepted bet', async () => {
    const { placement, seen } = api({
      [PLACE]: () => ({
        body: {
          status: 'accepted',
          betGuid: request.betGuid,
          bets: [{ betId: 'b_1', coef: 3, summ: 10, potentialWin: 30 }],
          summ: 10,
          stakeTax: 0,
          potentialWin: 30,
          balance: 90,
          currency: 'EUR',
          changes: [],
        },
      }),
    });
    await expect(placement.placeBet(request, signal)).resolves.toEqual({ status: 'accepted', betId: 'b_1' });
    expect(seen[0]?.body).toEqual({
      betGUID: request.betGuid,
      Events: request.couponEvents,
      vid: 1,
      Summ: 10,
      CheckCf: 1,
      ApprovedBet: true,
    });
  });

  it('reads odds changes and held bets', async () => {
    const changes = [{ index: 1, previous: 2, current: 1.9 }];
    const first = api({ [PLACE]: () => ({ body: { status: 'oddsChanged', betGuid: request.betGuid, changes } }) });
    await expect(first.placement.placeBet(request, signal)).resolves.toEqual({ status: 'oddsChanged', changes });
    const second = api({
      [PLACE]: () => ({ body: { status: 'waiting', betGuid: request.betGuid, betId: 'b_2', reason: 'autoBet' } }),
    });
    await expect(second.placement.placeBet(request, signal)).resolves.toEqual({
      status: 'waiting',
      betGuid: request.betGuid,
      betId: 'b_2',
      reason: 'autoBet',
    });
  });

  it('turns a refusal into a rejection with the reason of its error_code and the code word to translate', async () => {
    const { placement } = api({
      [PLACE]: () => ({
        status: 422,
        body: { message: 'Bet refused', detail: 'above_balance: the stake is more than the balance', error_code: 1012 },
      }),
    });
    await expect(placement.placeBet(request, signal)).resolves.toEqual({
      status: 'rejected',
      reason: 'insufficientFunds',
      message: 'above_balance',
    });
    const off = api({
      [PLACE]: () => ({
        status: 403,
        body: { message: 'Refused', detail: 'feature_disabled: oneClick is off', error_code: 1002 },
      }),
    });
    await expect(off.placement.placeBet(request, signal)).resolves.toEqual({
      status: 'rejected',
      reason: 'validation',
      message: 'feature_disabled',
    });
  });

  it('throws what the machine retries: a network failure and a 5xx', async () => {
    await expect(api({ [PLACE]: () => 'network' }).placement.placeBet(request, signal)).rejects.toThrow();
    await expect(
      api({ [PLACE]: () => ({ status: 503, body: { message: 'Down' } }) }).placement.placeBet(request, signal),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('sends a VIP bet to MakeBetBidWeb with VIPBetSumm instead of Summ', async () => {
    const { placement, seen } = api({
      '/service-api/LiveBet/Secure/MakeBetBidWeb': () => ({
        body: { status: 'waiting', betGuid: request.betGuid, betId: 'b_3', reason: 'vipApproval' },
      }),
    });
    await expect(placement.placeBet({ ...request, vipBetSumm: 5000 }, signal)).resolves.toEqual({
      status: 'waiting',
      betGuid: request.betGuid,
      betId: 'b_3',
      reason: 'vipApproval',
    });
    expect(seen[0]?.body['VIPBetSumm']).toBe(5000);
    expect(seen[0]?.body).not.toHaveProperty('Summ');
  });

  it('reads a VIP bet refused for want of a trading desk (503, error_code 1025) as a rejection, not a failure to retry', async () => {
    const { placement } = api({
      '/service-api/LiveBet/Secure/MakeBetBidWeb': () => ({
        status: 503,
        body: {
          message: 'Service unavailable',
          detail: 'vip_desk_unavailable: VIP bets need a trading desk, and none is connected',
          error_code: 1025,
        },
      }),
    });
    await expect(placement.placeBet({ ...request, vipBetSumm: 5000 }, signal)).resolves.toEqual({
      status: 'rejected',
      reason: 'server',
      message: 'vip_desk_unavailable',
    });
  });

  it('sends a multi as coupons, with approved prices sliced back per coupon', async () => {
    const { placement, seen } = api({
      '/service-api/LiveBet/Secure/MakeBetWebMulti': () => ({
        body: {
          status: 'accepted',
          betGuid: request.betGuid,
          bets: [
            { betId: 'm1', coef: 1.5, summ: 5, potentialWin: 7.5 },
            { betId: 'm2', coef: 1.9, summ: 5, potentialWin: 9.5 },
          ],
          summ: 10,
          stakeTax: 0,
          potentialWin: 17,
          balance: 90,
          currency: 'EUR',
          changes: [],
        },
      }),
    });
    const multi = {
      ...request,
      // The second price was approved at 1.9 after an odds change: couponEvents carries it.
      couponEvents: [
        { gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 },
        { gameId: 2, outcomeId: '2:1x2:home', coef: 1.9 },
      ],
      coupons: [
        { couponEvents: [{ gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 }], vid: 0 as const, summ: 5 },
        { couponEvents: [{ gameId: 2, outcomeId: '2:1x2:home', coef: 2 }], vid: 0 as const, summ: 5 },
      ],
    };
    await expect(placement.placeBet(multi, signal)).resolves.toEqual({ status: 'accepted', betId: 'm1,m2' });
    expect(seen[0]?.body['coupons']).toEqual([
      { Events: [{ gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 }], vid: 0, Summ: 5 },
      { Events: [{ gameId: 2, outcomeId: '2:1x2:home', coef: 1.9 }], vid: 0, Summ: 5 },
    ]);
  });

  it('validates against the line: a suspended or finished selection refuses before placing', async () => {
    const line = (blocked: boolean, finished: boolean) =>
      api({
        '/service-api/LiveBet/Open/UpdateCoupon': () => ({
          body: {
            events: [
              {
                index: 0,
                gameId: 1,
                outcomeId: '1:1x2:home',
                marketId: '1:1x2',
                coef: 1.5,
                previousCoef: 1.5,
                changed: false,
                blocked,
                finished,
                live: false,
              },
            ],
          },
        }),
      });
    await expect(line(false, false).placement.validateBet(request, signal)).resolves.toEqual({ ok: true });
    await expect(line(true, false).placement.validateBet(request, signal)).resolves.toEqual({
      ok: false,
      reason: 'eventClosed',
      message: 'suspended_selection',
    });
    await expect(line(false, true).placement.validateBet(request, signal)).resolves.toEqual({
      ok: false,
      reason: 'eventClosed',
      message: 'game_closed',
    });
    // No answer from the line: the placement decides (the server checks again).
    await expect(api({}).placement.validateBet(request, signal)).resolves.toEqual({ ok: true });
  });

  it('polls a held bet and reads its rejection', async () => {
    const { placement } = api({
      '/service-api/LiveBet/Secure/GetBetStatus': () => ({
        body: { status: 'rejected', reason: 'eventClosed', message: 'game_closed' },
      }),
    });
    await expect(placement.checkBetStatus(request.betGuid, signal)).resolves.toEqual({
      status: 'rejected',
      reason: 'eventClosed',
      message: 'game_closed',
    });
  });
});
