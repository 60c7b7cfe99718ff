import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import {
  buildBetsApp,
  eurBalance as balance,
  fund,
  GAME_IDS,
  outcome,
  signUp,
  type ScriptedFeed,
  until,
} from './testing/bets-test-kit';

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';

/** A full cover (vid 4) on the home outcome of each game (2.0 in the scripted feed), at `summ` per line. */
function fullCover(name: string, games: readonly number[], summ = 1, extra: Record<string, unknown> = {}) {
  return {
    betGUID: randomUUID(),
    vid: 4,
    FullCover: name,
    Summ: summ,
    Events: games.map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    ...extra,
  };
}

interface HistoryItem {
  betId: string;
  betType: string;
  fullCover?: string;
  status: string;
  summ: number;
  payout: number | null;
  potentialWin: number;
  canSale: boolean;
  expressNum: number | null;
}

async function history(browser: Browser): Promise<HistoryItem[]> {
  const res = await browser.post('/officeapi/getbetshistory', {});
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: HistoryItem[] }).items;
}

describeEachDatabase('full-cover bets (Trixie, Yankee, Lucky 15)', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  let nextGame = 0;
  const games = (n: number): number[] => {
    const picked = GAME_IDS.slice(nextGame, nextGame + n);
    nextGame += n;
    return picked;
  };

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('charges a Yankee 11 lines × the stake in one posting, shows its kind, and settles a void as 1.00 in its lines', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [a, b, c, d] = games(4) as [number, number, number, number];
    const body = fullCover('yankee', [a, b, c, d]);
    const placed = await browser.post(MAKE, body);
    expect(placed.statusCode).toBe(200);
    // 6 doubles at 4 + 4 trebles at 8 + 1 fourfold at 16 = 72 for 11.00.
    expect(placed.json()).toMatchObject({ status: 'accepted', summ: 11, balance: 89, potentialWin: 72 });
    expect(placed.json().bets).toHaveLength(1);
    // The same guid again answers the same and charges nothing more.
    const again = await browser.post(MAKE, body);
    expect(again.json()).toMatchObject({ status: 'accepted', summ: 11, bets: placed.json().bets });
    expect(await balance(browser)).toBe(89);

    const [open] = await history(browser);
    expect(open).toMatchObject({
      betType: 'fullCover',
      fullCover: 'yankee',
      status: 'accepted',
      summ: 11,
      potentialWin: 72,
      // Like a system, a full cover is not sold.
      canSale: false,
    });
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);

    // a, b, c win at 2.0 and d is void: doubles 3 × 4 + 3 × 2, trebles 8 + 3 × 4, fourfold 8 = 46.
    for (const g of [a, b, c]) feed.finish(g, { home: 1, away: 0 }, { [outcome(g, 'home')]: 'won' });
    feed.finish(d, { home: 0, away: 0 }, { [outcome(d, 'home')]: 'returned' });
    await until(async () => (await history(browser))[0]?.status === 'won', 'settlement');
    expect((await history(browser))[0]).toMatchObject({ status: 'won', payout: 46 });
    expect(await balance(browser)).toBe(135);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('pays a Lucky 15 with one winner its single only, and a Trixie with one winner nothing', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const lucky = games(4) as [number, number, number, number];
    const trixie = games(3) as [number, number, number];
    expect((await browser.post(MAKE, fullCover('lucky15', lucky, 2))).json()).toMatchObject({
      status: 'accepted',
      summ: 30,
      potentialWin: 160,
    });
    expect((await browser.post(MAKE, fullCover('trixie', trixie, 2))).json()).toMatchObject({
      status: 'accepted',
      summ: 8,
      potentialWin: 40,
    });
    expect(await balance(browser)).toBe(62);
    for (const [g, ...rest] of [lucky, trixie]) {
      feed.finish(g as number, { home: 1, away: 0 }, { [outcome(g as number, 'home')]: 'won' });
      for (const lost of rest) feed.finish(lost, { home: 0, away: 1 }, { [outcome(lost, 'home')]: 'lost' });
    }
    await until(
      async () => (await history(browser)).every((bet) => bet.status !== 'accepted'),
      'settlement of both bets',
    );
    const settled = await history(browser);
    expect(settled.find((bet) => bet.fullCover === 'lucky15')).toMatchObject({ status: 'half_lost', payout: 4 });
    expect(settled.find((bet) => bet.fullCover === 'trixie')).toMatchObject({ status: 'lost', payout: 0 });
    expect(await balance(browser)).toBe(66);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('refuses a full cover that does not fit, with its code, writing nothing', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [a, b, c, d] = games(4) as [number, number, number, number];
    const refused = async (body: object, status: number, errorCode: number) => {
      const res = await browser.post(MAKE, body);
      expect({ status: res.statusCode, code: res.json().error_code }).toEqual({ status, code: errorCode });
      expect(res.json().detail).toMatch(/^[a-z_]+: /);
    };
    await refused(fullCover('trixie', [a, b, c, d]), 422, 1003); // a Trixie takes exactly 3
    await refused(fullCover('yankee', [a, b, c]), 422, 1004); // a Yankee exactly 4
    await refused(fullCover('trixie', [a, a, b]), 422, 1005); // one selection per game
    await refused({ ...fullCover('trixie', [a, b, c]), FullCover: undefined }, 422, 1008); // which one?
    await refused(fullCover('superYankee', [...games(5)]), 403, 1002); // not offered by this brand
    await refused(fullCover('lucky15', [a, b, c, d], 0.2), 422, 1010); // below the 0.50 minimum per line
    await refused(fullCover('lucky15', [a, b, c, d], 7), 422, 1012); // 15 × 7 = 105 is above the balance
    await refused(fullCover('trixie', [a, b, c], 1, { IsInsurance: true }), 403, 1002);
    expect(await balance(browser)).toBe(100);
    expect(await history(browser)).toEqual([]);

    await fund(ctx.db, userId, 2000);
    await refused(fullCover('lucky15', [a, b, c, d], 70), 422, 1022); // 1050 is above the 1000 maximum of one bet

    // A country where the brand offers none (pl).
    const pl = await signUp(app, 'pl');
    await fund(ctx.db, pl.userId, 100);
    const res = await pl.browser.post(MAKE, fullCover('trixie', [a, b, c]));
    expect({ status: res.statusCode, code: res.json().error_code }).toEqual({ status: 403, code: 1002 });
    expect(await balance(pl.browser)).toBe(100);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });
});
