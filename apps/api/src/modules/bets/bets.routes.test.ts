import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import type { FeedService } from '@tessera/server/feed';
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

/** Bets on three games, coefficients as the scripted feed starts. */
function express(games: number[], summ = 10, extra: Record<string, unknown> = {}) {
  return {
    betGUID: randomUUID(),
    vid: 1,
    Summ: summ,
    Events: games.map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    ...extra,
  };
}

async function history(browser: Browser, body: object = {}) {
  const res = await browser.post('/officeapi/getbetshistory', body);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: Array<{
      betId: string;
      status: string;
      payout: number | null;
      summ: number;
      canSale: boolean;
      events: Array<Record<string, unknown> & { result: string | null }>;
    }>;
    total: number;
  };
}

describeEachDatabase('bets API', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  let service: FeedService;
  // Each test takes games of its own, so results of one never settle another's bets.
  let nextGame = 0;
  const games = (n: number): number[] => {
    const picked = GAME_IDS.slice(nextGame, nextGame + n);
    nextGame += n;
    if (picked.length !== n) throw new Error('out of scripted games');
    return picked;
  };

  beforeAll(async () => {
    ({ app, feed, service } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('places an express: the balance falls, history shows it, results settle it and the balance rises', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [a, b, c] = games(3) as [number, number, number];
    const placed = await browser.post(MAKE, express([a, b, c]));
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      status: 'accepted',
      summ: 10,
      stakeTax: 0,
      balance: 90,
      currency: 'EUR',
      bets: [{ coef: 8, summ: 10, potentialWin: 80 }],
    });
    expect(await balance(browser)).toBe(90);
    const open = await history(browser);
    expect(open.items).toHaveLength(1);
    expect(open.items[0]).toMatchObject({ status: 'accepted', summ: 10, payout: null, canSale: true });
    // Each selection keeps the line's words for it, so the history can name it after the game has left the line.
    const words = {
      marketType: '1x2',
      marketLine: null,
      outcomeCode: 'home',
      outcomeNameKey: expect.stringMatching(/home/),
    };
    expect(open.items[0]?.events).toEqual(
      [a, b, c].map((gameId) => expect.objectContaining({ gameId, outcomeId: outcome(gameId, 'home'), ...words })),
    );

    for (const g of [a, b, c]) feed.finish(g, { home: 1, away: 0 }, { [outcome(g, 'home')]: 'won' });
    await until(async () => (await history(browser)).items[0]?.status === 'won', 'settlement');
    expect((await history(browser)).items[0]).toMatchObject({
      status: 'won',
      payout: 80,
      events: [{ result: 'won' }, { result: 'won' }, { result: 'won' }],
    });
    expect(await balance(browser)).toBe(170);
  });

  it('refuses every bad bet with its code and leaves the balance untouched', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [g1, g2, g3, g4] = games(4) as [number, number, number, number];
    const single = (extra: Record<string, unknown> = {}) => ({
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [{ gameId: g1, outcomeId: outcome(g1, 'home'), coef: 2 }],
      ...extra,
    });
    const refused = async (body: object, status: number, errorCode: number, url = MAKE) => {
      const res = await browser.post(url, body);
      expect({ status: res.statusCode, code: res.json().error_code }).toEqual({ status, code: errorCode });
      expect(res.json().detail).toMatch(/^[a-z_]+: /);
      expect(await balance(browser)).toBe(100);
    };
    await refused(single({ Summ: 0.2 }), 422, 1010); // below the 0.50 EUR minimum
    await refused(single({ Summ: 500 }), 422, 1012); // above the balance
    await refused(single({ Summ: 1500 }), 422, 1022); // above the 1000 EUR maximum
    const many = Array.from({ length: 51 }, (_, i) => ({
      gameId: 5000 + i,
      outcomeId: `${5000 + i}:1x2:home`,
      coef: 1.5,
    }));
    await refused({ betGUID: randomUUID(), vid: 1, Summ: 5, Events: many }, 422, 1003); // express: coupon.maxEvents, 50
    await refused({ betGUID: randomUUID(), vid: 2, expressNum: 2, Summ: 5, Events: many.slice(0, 21) }, 422, 1003); // system: 20
    await refused(single({ IsPowerBet: true }), 403, 1002); // power bet is switched off for betbet
    await refused(single({ IsInsurance: true }), 403, 1002); // so is insurance (the default)
    await refused({ ...single(), Events: [{ gameId: 999_999, outcomeId: '999999:1x2:home', coef: 2 }] }, 422, 1020);
    await refused({ ...single(), Events: [{ gameId: g1, outcomeId: `${g1}:1x2:nothing`, coef: 2 }] }, 422, 1021);
    await refused(express([g1, g1]), 422, 1005);

    feed.suspend(`${g2}:1x2`);
    await refused({ ...single(), Events: [{ gameId: g2, outcomeId: outcome(g2, 'home'), coef: 2 }] }, 422, 1006);
    feed.finish(g3, { home: 0, away: 0 }, {});
    await refused({ ...single(), Events: [{ gameId: g3, outcomeId: outcome(g3, 'draw'), coef: 3.4 }] }, 422, 1020);

    const bad = await browser.post(MAKE, {
      betGUID: 'not-a-guid',
      vid: 7,
      Summ: -1,
      Events: [{ gameId: g4, outcomeId: outcome(g4, 'home') }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid request' });
    expect(bad.json().validation_errors.length).toBeGreaterThan(0);

    const guest = await app.inject({
      method: 'POST',
      url: MAKE,
      headers: { host: 'betbet.example' },
      payload: single(),
    });
    expect(guest.statusCode).toBe(401);
    expect((await history(browser)).items).toEqual([]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('refuses coupon features the country switches off (de: system, sale) and applies its stake tax', async () => {
    const { browser, userId } = await signUp(app, 'de');
    await fund(ctx.db, userId, 100);
    const [a, b, c] = games(3) as [number, number, number];
    const system = {
      betGUID: randomUUID(),
      vid: 2,
      expressNum: 2,
      Summ: 6,
      Events: [a, b, c].map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    };
    const res = await browser.post(MAKE, system);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 1002, detail: expect.stringMatching(/^feature_disabled: system/) });
    const taxed = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [{ gameId: a, outcomeId: outcome(a, 'home'), coef: 2 }],
    });
    expect(taxed.json()).toMatchObject({
      status: 'accepted',
      summ: 10,
      stakeTax: 0.5,
      balance: 90,
      bets: [{ potentialWin: 19 }],
    });
    const betId = taxed.json().bets[0].betId as string;
    const sale = await browser.post('/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: betId });
    expect(sale.statusCode).toBe(403);
    expect((await history(browser)).items[0]?.canSale).toBe(false);
  });

  it('refuses every coupon feature a country switches off (pl), writes nothing, and still takes a plain bet', async () => {
    const { browser, userId } = await signUp(app, 'pl');
    await fund(ctx.db, userId, 100);
    const [a, b, c] = games(3) as [number, number, number];
    const ev = (g: number) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 });
    const single = (extra: Record<string, unknown> = {}) => ({
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [ev(a)],
      ...extra,
    });
    const cases: Array<[feature: string, url: string, body: object]> = [
      ['oneClick', MAKE, single({ OneClickBet: true })],
      ['autoBet', MAKE, single({ isAutoBet: true, autoBetCf: 2.5 })],
      [
        'vipBet',
        '/service-api/LiveBet/Secure/MakeBetBidWeb',
        { betGUID: randomUUID(), vid: 0, VIPBetSumm: 5000, Events: [ev(a)] },
      ],
      ['powerBet', MAKE, single({ IsPowerBet: true })],
      ['expressBoost', MAKE, express([a, b, c], 5, { IsExpressBoost: true })],
      ['promoCode', MAKE, single({ promo: 'WELCOME' })],
      ['lobby', MAKE, single({ withLobby: true })],
      ['insurance', MAKE, single({ IsInsurance: true })],
      ['advanceBet', MAKE, single({ avanceBet: true })],
      ['system', MAKE, { betGUID: randomUUID(), vid: 2, expressNum: 2, Summ: 6, Events: [a, b, c].map(ev) }],
      [
        'multiBet',
        '/service-api/LiveBet/Secure/MakeBetWebMulti',
        {
          betGUID: randomUUID(),
          coupons: [
            { Events: [ev(a)], vid: 0, Summ: 5 },
            { Events: [ev(b), ev(c)], vid: 1, Summ: 5 },
          ],
        },
      ],
      ['saveLoad', '/service-api/LiveBet/Open/SaveCoupon', { Events: [ev(a)], vid: 0 }],
    ];
    const answers = [];
    for (const [feature, url, body] of cases) {
      const res = await browser.post(url, body);
      answers.push({
        feature,
        status: res.statusCode,
        code: res.json().error_code,
        detail: String(res.json().detail).split(':')[0],
      });
    }
    expect(answers).toEqual(
      cases.map(([feature]) => ({ feature, status: 403, code: 1002, detail: 'feature_disabled' })),
    );
    expect(await balance(browser)).toBe(100);
    expect((await history(browser)).total).toBe(0);

    // The sale of a whole bet stays on in pl; selling a part of it does not.
    const placed = await browser.post(MAKE, single({ Summ: 10 }));
    expect(placed.json()).toMatchObject({ status: 'accepted', balance: 90 });
    const betId = placed.json().bets[0].betId as string;
    const part = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId, Summ: 5 });
    expect({
      status: part.statusCode,
      code: part.json().error_code,
      detail: String(part.json().detail).split(':')[0],
    }).toEqual({ status: 403, code: 1002, detail: 'feature_disabled' });
    expect(await balance(browser)).toBe(90);
    expect((await history(browser)).items[0]).toMatchObject({ betId, status: 'accepted', summ: 10 });
  });

  it('refuses SaleBet itself where the country switches the sale off (de), and the bet stands', async () => {
    const { browser, userId } = await signUp(app, 'de');
    await fund(ctx.db, userId, 100);
    const [g] = games(1) as [number];
    const placed = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    const betId = placed.json().bets[0].betId as string;
    const sold = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId });
    expect({ status: sold.statusCode, code: sold.json().error_code }).toEqual({ status: 403, code: 1002 });
    expect(await balance(browser)).toBe(90);
    expect((await history(browser)).items[0]).toMatchObject({ betId, status: 'accepted' });
  });

  it('applies the CheckCf policy: reports changes, accepts increases, places the approved odds under the same guid', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [g] = games(1) as [number];
    feed.setOdds(outcome(g, 'home'), 1.8);
    const body = {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    };
    const asked = await browser.post(MAKE, body);
    expect(asked.json()).toEqual({
      status: 'oddsChanged',
      betGuid: body.betGUID,
      changes: [{ index: 0, previous: 2, current: 1.8 }],
    });
    expect(await balance(browser)).toBe(100);
    const onlyUp = await browser.post(MAKE, { ...body, CheckCf: 1 });
    expect(onlyUp.json().status).toBe('oddsChanged');
    const approved = await browser.post(MAKE, {
      ...body,
      ApprovedBet: true,
      Events: [{ ...body.Events[0], coef: 1.8 }],
    });
    expect(approved.json()).toMatchObject({ status: 'accepted', bets: [{ coef: 1.8, potentialWin: 18 }], balance: 90 });

    feed.setOdds(outcome(g, 'draw'), 3.6);
    const up = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      CheckCf: 1,
      Events: [{ gameId: g, outcomeId: outcome(g, 'draw'), coef: 3.4 }],
    });
    expect(up.json()).toMatchObject({
      status: 'accepted',
      bets: [{ coef: 3.6 }],
      changes: [{ index: 0, previous: 3.4, current: 3.6 }],
    });
  });

  it('places the same betGUID fired 50 times in parallel once: one bet, one debit', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const body = express(games(3), 7);
    const answers = await Promise.all(Array.from({ length: 50 }, () => browser.post(MAKE, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const betIds = new Set(answers.map((a) => a.json().bets[0].betId as string));
    expect(betIds.size).toBe(1);
    expect(await balance(browser)).toBe(93);
    const rows = await ctx.db.query(`select count(*)::int as n from bets where bet_guid = $1`, [body.betGUID]);
    expect(rows.rows[0]?.['n']).toBe(1);
    const stakes = await ctx.db.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key like $1`,
      [`bet.stake:${body.betGUID}%`],
    );
    expect(stakes.rows[0]?.['n']).toBe(1);
    // After a "timeout" the client retries: still the first answer; another request under the guid is refused.
    expect((await browser.post(MAKE, body)).json().bets[0].betId).toBe([...betIds][0]);
    const reused = await browser.post(MAKE, { ...body, Summ: 8 });
    expect({ status: reused.statusCode, code: reused.json().error_code }).toEqual({ status: 409, code: 1023 });
    expect(await balance(browser)).toBe(93);
  });

  it('settles singles won, lost, returned, half won and half lost; a system 2 of 3; each exactly once', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 200);
    const [g1, g2, g3, s1, s2, s3] = games(6) as [number, number, number, number, number, number];
    const singles = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [
        { gameId: g1, outcomeId: outcome(g1, 'home'), coef: 2 },
        { gameId: g1, outcomeId: outcome(g1, 'draw'), coef: 3.4 },
        { gameId: g2, outcomeId: outcome(g2, 'away'), coef: 3.8 },
        { gameId: g3, outcomeId: outcome(g3, 'under'), coef: 1.9 },
        { gameId: g3, outcomeId: outcome(g3, 'over'), coef: 1.9 },
      ],
    });
    expect(singles.json()).toMatchObject({ status: 'accepted', summ: 50, balance: 150 });
    const system = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 2,
      expressNum: 2,
      Summ: 30,
      Events: [s1, s2, s3].map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    });
    expect(system.json()).toMatchObject({ status: 'accepted', balance: 120, bets: [{ summ: 30, potentialWin: 120 }] });

    feed.finish(g1, { home: 1, away: 0 }, { [outcome(g1, 'home')]: 'won' });
    feed.finish(g2, { home: 0, away: 0 }, { [outcome(g2, 'away')]: 'returned' });
    feed.finish(g3, { home: 2, away: 0 }, { [outcome(g3, 'under')]: 'half-won', [outcome(g3, 'over')]: 'half-lost' });
    feed.finish(s1, { home: 1, away: 0 }, { [outcome(s1, 'home')]: 'won' });
    feed.finish(s2, { home: 1, away: 0 }, { [outcome(s2, 'home')]: 'won' });
    feed.finish(s3, { home: 0, away: 1 }, {});
    // Finishing again (a provider resending its result) must not pay twice.
    feed.finish(g1, { home: 1, away: 0 }, { [outcome(g1, 'home')]: 'won' });
    await until(async () => (await history(browser, { statuses: ['accepted'] })).total === 0, 'settlement');
    const settled = (await history(browser)).items;
    const byStatus = settled.map((i) => `${i.status}:${i.payout}`).sort();
    // 10 at 2.00 won 20; draw lost; away returned 10; under half-won 10 x (1 + 1.9) / 2 = 14.5; over half-lost 5;
    // system 2 of 3, 10 a line, one line (s1 x s2 at 2 x 2) won: 40.
    expect(byStatus).toEqual(['half_lost:5', 'half_won:14.5', 'lost:0', 'returned:10', 'won:20', 'won:40']);
    expect(await balance(browser)).toBe(120 + 20 + 10 + 14.5 + 5 + 40);
    const report = await verifyLedger(ctx.db);
    expect(report.issues).toEqual([]);
  });

  it('sells a bet whole or in part at the value from current odds less the margin, once', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [g, h] = games(2) as [number, number];
    const whole = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    const betId = whole.json().bets[0].betId as string;
    feed.setOdds(outcome(g, 'home'), 1.5);
    const info = await browser.post('/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: betId });
    // 10 x 2.00 / 1.50 x 0.95 = 12.666.. rounded down
    expect(info.json()).toEqual({ betId, saleSumm: 12.66, partSale: true, minPartSumm: 0.5, summ: 10 });
    const tooGreedy = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId, saleSumm: 13 });
    expect(tooGreedy.statusCode).toBe(409);
    const sold = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId, saleSumm: 12.66 });
    expect(sold.json()).toEqual({
      status: 'sold',
      betId,
      saleSumm: 12.66,
      remainingSumm: 0,
      balance: 102.66,
      currency: 'EUR',
    });
    const again = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId });
    expect({ status: again.statusCode, code: again.json().error_code }).toEqual({ status: 409, code: 1030 });

    const part = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [{ gameId: h, outcomeId: outcome(h, 'home'), coef: 2 }],
    });
    const partId = part.json().bets[0].betId as string;
    const partSold = await browser.post('/service-api/LiveBet/Secure/SaleBet', { SaleBetId: partId, Summ: 4 });
    // the whole bet is worth 10 x 2 / 2 x 0.95 = 9.50; 4 of 10 sells for 3.80 and 6 stay on
    expect(partSold.json()).toMatchObject({ status: 'sold', saleSumm: 3.8, remainingSumm: 6, balance: 96.46 });
    feed.finish(h, { home: 1, away: 0 }, { [outcome(h, 'home')]: 'won' });
    await until(async () => (await history(browser, { statuses: ['won'] })).total === 1, 'settlement');
    expect(await balance(browser)).toBe(108.46);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('raises an express by the boost when asked and the brand allows it', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 20);
    // 3 selections at 2.00: 10 x 8 = 80, plus 10% of the 70 won
    const boosted = await browser.post(MAKE, express(games(3), 10, { IsExpressBoost: true }));
    expect(boosted.json()).toMatchObject({ status: 'accepted', potentialWin: 87 });
    const plain = await browser.post(MAKE, express(games(3), 10));
    expect(plain.json()).toMatchObject({ status: 'accepted', potentialWin: 80 });
  });

  it('places a multi bet all or nothing: a single and an express in one request', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 20);
    const [a, b, c] = games(3) as [number, number, number];
    const ev = (g: number) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 });
    const multi = {
      betGUID: randomUUID(),
      coupons: [
        { Events: [ev(a)], vid: 0, Summ: 5 },
        { Events: [ev(b), ev(c)], vid: 1, Summ: 5 },
      ],
    };
    const placed = await browser.post('/service-api/LiveBet/Secure/MakeBetWebMulti', multi);
    expect(placed.json()).toMatchObject({
      status: 'accepted',
      summ: 10,
      balance: 10,
      bets: [
        { coef: 2, potentialWin: 10 },
        { coef: 4, potentialWin: 20 },
      ],
    });
    const tooMuch = await browser.post('/service-api/LiveBet/Secure/MakeBetWebMulti', {
      ...multi,
      betGUID: randomUUID(),
      coupons: [
        { Events: [ev(a)], vid: 0, Summ: 5 },
        { Events: [ev(b)], vid: 0, Summ: 6 },
      ],
    });
    expect(tooMuch.json().error_code).toBe(1012);
    // A coupon's vid must agree with its events: a single of two events would be stored as a single and paid as an express.
    const singleOfTwo = await browser.post('/service-api/LiveBet/Secure/MakeBetWebMulti', {
      betGUID: randomUUID(),
      coupons: [
        { Events: [ev(a)], vid: 0, Summ: 1 },
        { Events: [ev(b), ev(c)], vid: 0, Summ: 1 },
      ],
    });
    expect({ status: singleOfTwo.statusCode, code: singleOfTwo.json().error_code }).toEqual({
      status: 422,
      code: 1003,
    });
    const expressOfOne = await browser.post('/service-api/LiveBet/Secure/MakeBetWebMulti', {
      betGUID: randomUUID(),
      coupons: [
        { Events: [ev(a)], vid: 0, Summ: 1 },
        { Events: [ev(b)], vid: 1, Summ: 1 },
      ],
    });
    expect({ status: expressOfOne.statusCode, code: expressOfOne.json().error_code }).toEqual({
      status: 422,
      code: 1004,
    });
    expect(await balance(browser)).toBe(10);
    expect((await history(browser)).total).toBe(2);
  });

  it('holds a VIP bet for approval without a debit, and an auto-bet until the odds reach its coefficient', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [g, h] = games(2) as [number, number];
    const vip = await browser.post('/service-api/LiveBet/Secure/MakeBetBidWeb', {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: 5000,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(vip.json()).toMatchObject({ status: 'waiting', reason: 'vipApproval' });
    expect(await balance(browser)).toBe(100);
    const status = await browser.post('/service-api/LiveBet/Secure/GetBetStatus', { betGUID: vip.json().betGuid });
    expect(status.json()).toMatchObject({ status: 'waiting' });

    const auto = await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      isAutoBet: true,
      autoBetCf: 2.5,
      Events: [{ gameId: h, outcomeId: outcome(h, 'home'), coef: 2 }],
    });
    expect(auto.json()).toMatchObject({ status: 'waiting', reason: 'autoBet' });
    expect(await balance(browser)).toBe(90);
    feed.setOdds(outcome(h, 'home'), 2.6);
    await until(
      async () =>
        (await browser.post('/service-api/LiveBet/Secure/GetBetStatus', { betGUID: auto.json().betGuid })).json()
          .status === 'accepted',
      'auto-bet acceptance',
    );
    feed.finish(h, { home: 1, away: 0 }, { [outcome(h, 'home')]: 'won' });
    await until(async () => (await history(browser, { statuses: ['won'] })).total === 1, 'settlement');
    expect(await balance(browser)).toBe(115); // 10 at the bettor's 2.50
  });

  it('saves a coupon by code, loads it with the line as it stands, and updates a coupon', async () => {
    const [g] = games(1) as [number];
    const events = [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }];
    const page = { host: 'betbet.example', origin: 'https://betbet.example' };
    const saved = await app.inject({
      method: 'POST',
      url: '/service-api/LiveBet/Open/SaveCoupon',
      headers: page,
      payload: { Events: events, vid: 0, Summ: 5 },
    });
    const code = saved.json().CouponCode as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    feed.setOdds(outcome(g, 'home'), 2.2);
    const loaded = await app.inject({
      method: 'POST',
      url: '/service-api/LiveBet/Open/GetCoupon',
      headers: page,
      payload: { CouponCode: code },
    });
    expect(loaded.json()).toMatchObject({
      CouponCode: code,
      vid: 0,
      Summ: 5,
      events: [{ coef: 2.2, previousCoef: 2, changed: true, blocked: false, finished: false }],
    });
    // What the coupon needs to name the selection it did not pick itself.
    expect(loaded.json().events[0]).toMatchObject({
      home: `Home ${g}`,
      away: `Away ${g}`,
      marketType: '1x2',
      marketLine: null,
      outcomeCode: 'home',
      outcomeNameKey: 'feed:outcome.home',
    });
    const missing = await app.inject({
      method: 'POST',
      url: '/service-api/LiveBet/Open/GetCoupon',
      headers: page,
      payload: { CouponCode: 'ZZZZZZZZ' },
    });
    expect(missing.statusCode).toBe(404);
    feed.suspend(`${g}:1x2`);
    const updated = await app.inject({
      method: 'POST',
      url: '/service-api/LiveBet/Open/UpdateCoupon',
      headers: page,
      payload: { Events: events },
    });
    expect(updated.json().events[0]).toMatchObject({ blocked: true, marketId: `${g}:1x2` });
    void service;
  });

  it('finishes games through the development control and settles their bets; the OpenAPI document lists the calls', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 50);
    const [a, b] = games(2) as [number, number];
    await browser.post(MAKE, express([a, b], 10));
    const [t] = games(1) as [number];
    await browser.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 10,
      Events: [
        { gameId: t, outcomeId: outcome(t, 'under'), coef: 1.9 },
        { gameId: t, outcomeId: outcome(t, 'over'), coef: 1.9 },
      ],
    });
    expect(await balance(browser)).toBe(20);
    const res = await browser.post('/__dev/feed/finish', { gameIds: [a, b, t], score: { home: 2, away: 0 } });
    expect(res.json()).toEqual({ finished: [a, b, t], settledBets: 3 });
    // express 10 x 2 x 2 = 40; total 2.25 at 2:0: under half won 14.50, over half lost 5.00 (the simulator's settlement)
    expect(await balance(browser)).toBe(20 + 40 + 14.5 + 5);
    const byStatus = (await history(browser)).items.map((i) => `${i.status}:${i.payout}`).sort();
    expect(byStatus).toEqual(['half_lost:5', 'half_won:14.5', 'won:40']);
    const doc = (await app.inject({ url: '/api-docs/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        MAKE,
        '/service-api/LiveBet/Secure/MakeBetWebMulti',
        '/service-api/LiveBet/Secure/MakeBetBidWeb',
        '/officeapi/getbetshistory',
        '/account-api/user/balance',
        '/web-api/payments/deposit',
      ]),
    );
  });
});
