import { randomUUID } from 'node:crypto';
import {
  DevelopmentVipDesk,
  VipDeskUnavailableError,
  type VipBetDesk,
  type VipBid,
  type VipDecision,
} from '@tessera/server/bets';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import {
  buildBetsApp,
  fund,
  GAME_IDS,
  HOST,
  outcome,
  signUp,
  type ScriptedFeed,
  eurBalance as balance,
  until,
} from './testing/bets-test-kit';

const BID = '/service-api/LiveBet/Secure/MakeBetBidWeb';
const STATUS = '/service-api/LiveBet/Secure/GetBetStatus';

/** A trading desk a test answers by hand: each review waits until the test decides it, or fails it. */
class HandDesk implements VipBetDesk {
  readonly asked = new Map<string, { bid: VipBid; answer: (d: VipDecision) => void; fail: (e: Error) => void }>();
  asks = 0;

  review(bid: VipBid, signal: AbortSignal): Promise<VipDecision> {
    this.asks += 1;
    return new Promise((resolve, reject) => {
      this.asked.set(bid.betId, { bid, answer: resolve, fail: reject });
      signal.addEventListener('abort', () => reject(new VipDeskUnavailableError('cancelled')), { once: true });
    });
  }

  /** The pending review of a bet, once the platform asked. */
  async reviewOf(betId: string) {
    await until(async () => this.asked.has(betId), `the desk to be asked about ${betId}`);
    const entry = this.asked.get(betId);
    this.asked.delete(betId);
    if (!entry) throw new Error('no review');
    return entry;
  }
}

interface HistoryBet {
  betId: string;
  status: string;
  summ: number;
  potentialWin: number;
  payout: number | null;
  holdReason: string | null;
  vipDecision: string | null;
}

async function bet(browser: Browser, betId: string): Promise<HistoryBet | undefined> {
  const res = await browser.post('/officeapi/getbetshistory', {});
  return (res.json() as { items: HistoryBet[] }).items.find((b) => b.betId === betId);
}

async function statusOf(browser: Browser, betGuid: string): Promise<{ status: string; message?: string }> {
  return (await browser.post(STATUS, { betGUID: betGuid })).json() as { status: string; message?: string };
}

describeEachDatabase('VIP bets and the trading desk', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  const desk = new HandDesk();
  let nextGame = 0;
  const game = (): number => {
    const id = GAME_IDS[nextGame++];
    if (id === undefined) throw new Error('out of scripted games');
    return id;
  };
  const bid = (g: number, summ: number) => ({
    betGUID: randomUUID(),
    vid: 0,
    VIPBetSumm: summ,
    Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
  });

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db, { vipDesk: desk }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('with a desk connected the site offers VIP bets as the brand file says', async () => {
    const site = await app.inject({ url: '/web-api/site-config', headers: { host: HOST } });
    expect(site.json().config.coupon.features.vipBet).toBe(true);
    const why = await app.inject({
      url: '/web-api/site-config/explain?pointer=/coupon/features/vipBet',
      headers: { host: HOST },
    });
    expect(why.json()).toMatchObject({ value: true, layer: 'brand' });
    expect(why.json()).not.toHaveProperty('reason');
  });

  it('an approved VIP bet is debited then, stands at its coefficient and settles like any bet', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const g = game();
    const placed = await browser.post(BID, bid(g, 3000));
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'vipApproval' });
    const betId = placed.json().betId as string;

    const review = await desk.reviewOf(betId);
    // The desk sees the stake, the coefficient and the brand's ordinary limit (1,000 EUR), in minor units.
    expect(review.bid).toMatchObject({
      stake: 300_000,
      coef: 2,
      currency: 'EUR',
      maxBet: 100_000,
      selections: [{ gameId: g, outcomeId: outcome(g, 'home') }],
    });
    expect(await balance(browser)).toBe(5000); // nothing moves while the desk looks
    review.answer({ kind: 'approved', stake: 300_000 });

    await until(async () => (await statusOf(browser, placed.json().betGuid)).status === 'accepted', 'the approval');
    expect(await balance(browser)).toBe(2000);
    expect(await bet(browser, betId)).toMatchObject({
      status: 'accepted',
      summ: 3000,
      potentialWin: 6000,
      vipDecision: 'approved',
    });

    feed.finish(g, { home: 2, away: 0 }, { [outcome(g, 'home')]: 'won' });
    await until(async () => (await bet(browser, betId))?.status === 'won', 'settlement');
    expect(await balance(browser)).toBe(8000);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('a counter-offer places the lower stake, with the return scaled to it', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const placed = await browser.post(BID, bid(game(), 4000));
    const betId = placed.json().betId as string;
    (await desk.reviewOf(betId)).answer({ kind: 'approved', stake: 250_000 });
    await until(async () => (await bet(browser, betId))?.status === 'accepted', 'the approval');
    expect(await bet(browser, betId)).toMatchObject({ summ: 2500, potentialWin: 5000, vipDecision: 'approved' });
    expect(await balance(browser)).toBe(2500);
  });

  it('a declined VIP bet is rejected with the reason and moves no money', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const placed = await browser.post(BID, bid(game(), 3000));
    (await desk.reviewOf(placed.json().betId)).answer({ kind: 'declined', reason: 'stake_too_high' });
    await until(async () => (await statusOf(browser, placed.json().betGuid)).status === 'rejected', 'the decline');
    expect(await statusOf(browser, placed.json().betGuid)).toMatchObject({
      status: 'rejected',
      message: 'vip_declined',
    });
    expect(await bet(browser, placed.json().betId)).toMatchObject({
      status: 'rejected',
      payout: 0,
      vipDecision: 'declined',
    });
    expect(await balance(browser)).toBe(5000);
  });

  it('a desk that does not answer is asked again, and its later approval counts', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const placed = await browser.post(BID, bid(game(), 2000));
    const betId = placed.json().betId as string;
    (await desk.reviewOf(betId)).fail(new VipDeskUnavailableError('desk down'));
    // Asked again after a pause (1 s), not given up.
    (await desk.reviewOf(betId)).answer({ kind: 'approved', stake: 200_000 });
    await until(async () => (await bet(browser, betId))?.status === 'accepted', 'the approval after a retry');
    expect(await balance(browser)).toBe(3000);
  });

  it('an approval the balance no longer covers is not placed, and nothing moves', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 3500);
    const placed = await browser.post(BID, bid(game(), 3000));
    const betId = placed.json().betId as string;
    const review = await desk.reviewOf(betId);
    // Meanwhile the bettor spends part of the balance on an ordinary bet.
    const g2 = game();
    const ordinary = await browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 1000,
      Events: [{ gameId: g2, outcomeId: outcome(g2, 'home'), coef: 2 }],
    });
    expect(ordinary.json().status).toBe('accepted');
    const left = await balance(browser);
    expect(left).toBe(2500);
    review.answer({ kind: 'approved', stake: 300_000 });
    await until(async () => (await bet(browser, betId))?.status === 'rejected', 'the unplaceable approval');
    expect(await statusOf(browser, placed.json().betGuid)).toMatchObject({
      status: 'rejected',
      message: 'above_balance',
    });
    expect(await bet(browser, betId)).toMatchObject({ vipDecision: 'unplaceable' });
    expect(await balance(browser)).toBe(left);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('a bet whose game ended before the approval is not placed by a late approval', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const g = game();
    const placed = await browser.post(BID, bid(g, 3000));
    const betId = placed.json().betId as string;
    const review = await desk.reviewOf(betId);
    feed.finish(g, { home: 1, away: 0 }, { [outcome(g, 'home')]: 'won' });
    await until(async () => (await bet(browser, betId))?.status === 'rejected', 'the held bet to close with its game');
    review.answer({ kind: 'approved', stake: 300_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await bet(browser, betId)).toMatchObject({ status: 'rejected', payout: 0 });
    expect(await balance(browser)).toBe(5000);
  });
});

describeEachDatabase('VIP bets without a desk, lapsing and restarts', (ctx) => {
  it('production without a trading desk refuses VIP bets with 503 and stores nothing', async () => {
    const { app } = await buildBetsApp(ctx.db, { mode: 'production', vipDesk: null });
    try {
      const { browser, userId } = await signUp(app);
      await fund(ctx.db, userId, 5000);
      const g = GAME_IDS[0] as number;
      const res = await browser.post(BID, {
        betGUID: randomUUID(),
        vid: 0,
        VIPBetSumm: 3000,
        Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error_code: 1025 });
      const stored = await ctx.db.query<{ n: number }>(`select count(*)::int as n from bets where user_id = $1`, [
        userId,
      ]);
      expect(stored.rows[0]?.n).toBe(0);
      // The site is not offered what the server can only refuse: the brand's vipBet reaches it switched off, and
      // explain names the platform and why (ADR 0140).
      const site = await app.inject({ url: '/web-api/site-config', headers: { host: HOST } });
      expect(site.json().config.coupon.features.vipBet).toBe(false);
      const why = await app.inject({
        url: '/web-api/site-config/explain?pointer=/coupon/features/vipBet',
        headers: { host: HOST },
      });
      expect(why.json()).toMatchObject({
        value: false,
        layer: 'platform',
        file: null,
        reason: expect.stringMatching(/trading desk/),
      });
    } finally {
      await app.close();
    }
  });

  it('an undecided bet lapses at the brand deadline, and a restart sends held bets to the desk again', async () => {
    let now = Date.now();
    const clock = () => new Date(now);
    const silent = new HandDesk();
    const first = await buildBetsApp(ctx.db, { clock, vipDesk: silent });
    const { browser, userId } = await signUp(first.app);
    await fund(ctx.db, userId, 5000);
    const [g1, g2] = [GAME_IDS[1] as number, GAME_IDS[2] as number];
    const lapsing = await browser.post(BID, {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: 3000,
      Events: [{ gameId: g1, outcomeId: outcome(g1, 'home'), coef: 2 }],
    });
    const kept = await browser.post(BID, {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: 2000,
      Events: [{ gameId: g2, outcomeId: outcome(g2, 'home'), coef: 2 }],
    });
    await silent.reviewOf(lapsing.json().betId);
    await silent.reviewOf(kept.json().betId);
    await first.app.close(); // the API stops while the desk still looks at both

    // The restart comes 5 minutes later: within the brand's 10-minute window, both go back to the desk.
    now += 5 * 60_000;
    const desk = new HandDesk();
    const second = await buildBetsApp(ctx.db, { clock, vipDesk: desk });
    try {
      const keptReview = await desk.reviewOf(kept.json().betId);
      const lapsingReview = await desk.reviewOf(lapsing.json().betId);
      keptReview.answer({ kind: 'approved', stake: 200_000 });
      // The other is never decided: past its deadline the desk's failure makes it lapse instead of asking again.
      now += 6 * 60_000;
      lapsingReview.fail(new VipDeskUnavailableError('desk down'));
      const rows = async () =>
        (
          await ctx.db.query<{ id: string; status: string }>(`select id, status from bets where id = any($1::text[])`, [
            [kept.json().betId, lapsing.json().betId],
          ])
        ).rows;
      await until(async () => (await rows()).every((r) => r.status !== 'waiting'), 'both bets decided');
      const byId = Object.fromEntries((await rows()).map((r) => [r.id, r.status]));
      expect(byId[kept.json().betId]).toBe('accepted');
      expect(byId[lapsing.json().betId]).toBe('rejected');
      const lapsed = await ctx.db.query<{ details: { vip: { decision: string; reason: string } } }>(
        `select details from bets where id = $1`,
        [lapsing.json().betId],
      );
      expect(lapsed.rows[0]?.details.vip).toMatchObject({ decision: 'lapsed', reason: 'no_decision_in_time' });
      expect((await verifyLedger(ctx.db)).ok).toBe(true);
    } finally {
      await second.app.close();
    }
  });
});

describe('the development trading desk', () => {
  it('approves within 10× the limit, counter-offers up to 50×, declines above it and without a limit', async () => {
    const desk = new DevelopmentVipDesk({ decisionMs: 0 });
    const signal = new AbortController().signal;
    const base: VipBid = {
      betId: 'b1',
      brandId: 'x',
      userId: 'u',
      currency: 'EUR',
      stake: 500_000,
      coef: 2,
      potentialWin: 1_000_000,
      selections: [],
      maxBet: 100_000,
      createdAt: new Date(),
    };
    expect(await desk.review(base, signal)).toEqual({ kind: 'approved', stake: 500_000 });
    expect(await desk.review({ ...base, betId: 'b2', stake: 2_000_000 }, signal)).toEqual({
      kind: 'approved',
      stake: 1_000_000,
    });
    expect(await desk.review({ ...base, betId: 'b3', stake: 6_000_000 }, signal)).toEqual({
      kind: 'declined',
      reason: 'stake_too_high',
    });
    expect(await desk.review({ ...base, betId: 'b4', maxBet: undefined }, signal)).toEqual({
      kind: 'declined',
      reason: 'no_limit_for_currency',
    });
    expect(await desk.review({ ...base, betId: 'b5', coef: 80 }, signal)).toEqual({
      kind: 'declined',
      reason: 'coefficient_too_high',
    });
    // The same bet asked again gets the same word.
    expect(await desk.review({ ...base, stake: 6_000_000 }, signal)).toEqual({ kind: 'approved', stake: 500_000 });
  });

  it('when down it fails after its decision time, and a cancelled review stops at once', async () => {
    const desk = new DevelopmentVipDesk({ decisionMs: 5, available: false });
    const base: VipBid = {
      betId: 'b1',
      brandId: 'x',
      userId: 'u',
      currency: 'EUR',
      stake: 1,
      coef: 2,
      potentialWin: 2,
      selections: [],
      maxBet: 100,
      createdAt: new Date(),
    };
    await expect(desk.review(base, new AbortController().signal)).rejects.toBeInstanceOf(VipDeskUnavailableError);
    const slow = new DevelopmentVipDesk({ decisionMs: 60_000 });
    const controller = new AbortController();
    const pending = slow.review(base, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(VipDeskUnavailableError);
  });
});
