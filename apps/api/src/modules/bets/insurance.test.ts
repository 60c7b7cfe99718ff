import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { insurancePremium } from '@tessera/sportsbook/util-coupon';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import {
  buildBetsApp,
  fund,
  GAME_IDS,
  outcome,
  signUp,
  type ScriptedFeed,
  eurBalance as balance,
  until,
} from './testing/bets-test-kit';

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';

interface HistoryBet {
  betId: string;
  status: string;
  payout: number | null;
  insurance: { premium: number; amount: number } | null;
}

async function historyBet(browser: Browser, betId: string): Promise<HistoryBet | undefined> {
  const res = await browser.post('/officeapi/getbetshistory', {});
  return (res.json() as { items: HistoryBet[] }).items.find((b) => b.betId === betId);
}

// The test brand insures bets in Germany (margin 10%), where a 5% stake tax applies; in Kazakhstan insurance is off.
describeEachDatabase('bet insurance', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  let next = 20;
  const game = (): number => GAME_IDS[next++] as number;

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('an insured single that loses pays its stake after tax back; the premium is the house’s', async () => {
    const { browser, userId } = await signUp(app, 'de');
    await fund(ctx.db, userId, 100);
    const g = game();
    const placed = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 20,
      IsInsurance: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(placed.statusCode).toBe(200);
    // 20 staked, 1.00 stake tax: 19.00 insured at 2.00 for 19 × 0.5 × 1.1 = 10.45.
    const premium = insurancePremium(19, 2, 10);
    expect(premium).toBe(10.45);
    expect(placed.json()).toMatchObject({ status: 'accepted', bets: [{ summ: 20, insurancePremium: premium }] });
    expect(await balance(browser)).toBeCloseTo(100 - 20 - premium, 2);
    const betId = placed.json().bets[0].betId as string;
    expect(await historyBet(browser, betId)).toMatchObject({ status: 'accepted', insurance: { premium, amount: 19 } });

    feed.finish(g, { home: 0, away: 1 }, { [outcome(g, 'home')]: 'lost' });
    await until(async () => (await historyBet(browser, betId))?.status === 'lost', 'settlement');
    expect(await historyBet(browser, betId)).toMatchObject({ status: 'lost', payout: 19 });
    expect(await balance(browser)).toBeCloseTo(100 - 20 - premium + 19, 2);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('an insured express that wins pays as any express; the premium is not refunded', async () => {
    const { browser, userId } = await signUp(app, 'de');
    await fund(ctx.db, userId, 100);
    const [a, b] = [game(), game()];
    const placed = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 1,
      Summ: 10,
      IsInsurance: true,
      Events: [a, b].map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    });
    const premium = insurancePremium(9.5, 4, 10);
    expect(placed.json()).toMatchObject({ status: 'accepted', bets: [{ coef: 4, insurancePremium: premium }] });
    const betId = placed.json().bets[0].betId as string;
    feed.finish(a, { home: 1, away: 0 }, { [outcome(a, 'home')]: 'won' });
    feed.finish(b, { home: 1, away: 0 }, { [outcome(b, 'home')]: 'won' });
    await until(async () => (await historyBet(browser, betId))?.status === 'won', 'settlement');
    expect(await balance(browser)).toBeCloseTo(100 - 10 - premium + 38, 2); // 9.50 after tax at 4.00
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('refuses insurance where the brand has it off, for a VIP bet, and when the premium is above the balance', async () => {
    const kz = await signUp(app, 'kz');
    await fund(ctx.db, kz.userId, 100);
    const g = game();
    const off = await kz.browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      IsInsurance: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect([off.statusCode, off.json().error_code]).toEqual([403, 1002]);

    const de = await signUp(app, 'de');
    await fund(ctx.db, de.userId, 30);
    const vip = await de.browser.post('/service-api/LiveBet/Secure/MakeBetBidWeb', {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: 5000,
      IsInsurance: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect([vip.statusCode, vip.json().error_code]).toEqual([422, 1026]);
    // 25 staked and 12.98 premium is more than 30: refused whole, nothing debited.
    const tooMuch = await de.browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 25,
      IsInsurance: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect([tooMuch.statusCode, tooMuch.json().error_code]).toEqual([422, 1012]);
    expect(await balance(de.browser)).toBe(30);
    // The same without insurance fits.
    const plain = await de.browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 25,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(plain.json().status).toBe('accepted');
  });

  it('a retried insured placement charges the premium once', async () => {
    const { browser, userId } = await signUp(app, 'de');
    await fund(ctx.db, userId, 100);
    const g = game();
    const body = {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      IsInsurance: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => browser.post(MAKE, body)));
    const ids = new Set(answers.map((a) => a.json().bets?.[0]?.betId));
    expect(ids.size).toBe(1);
    expect(await balance(browser)).toBeCloseTo(100 - 10 - insurancePremium(9.5, 2, 10), 2);
    // The same guid without insurance is another request: refused as a conflict.
    const { IsInsurance: _, ...uninsured } = body;
    expect((await browser.post(MAKE, uninsured)).statusCode).toBe(409);
  });
});
