import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../auth/testing/accounts-test-kit';
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

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';
const STATUS = '/service-api/LiveBet/Secure/GetBetStatus';
const ADVANCE = '/service-api/LiveBet/Open/GetAvance';

async function statusOf(browser: Browser, betGuid: string): Promise<{ status: string; message?: string }> {
  return (await browser.post(STATUS, { betGUID: betGuid })).json() as { status: string; message?: string };
}

interface HistoryBet {
  betId: string;
  status: string;
  holdReason: string | null;
  refusal: string | null;
  summ: number;
}

async function historyOf(browser: Browser, betId: string): Promise<HistoryBet | undefined> {
  const res = await browser.post('/officeapi/getbetshistory', {});
  return (res.json() as { items: HistoryBet[] }).items.find((b) => b.betId === betId);
}

describeEachDatabase('advance bets (avanceBet, GetAvance)', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  let nextGame = 0;
  const game = (): number => {
    const id = GAME_IDS[nextGame++];
    if (id === undefined) throw new Error('out of scripted games');
    return id;
  };
  const single = (g: number, summ: number, extra: Record<string, unknown> = {}) => ({
    betGUID: randomUUID(),
    vid: 0,
    Summ: summ,
    CheckCf: 2,
    Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    ...extra,
  });

  /** A bettor whose whole balance went into one open single at 2.0: it would pay 2 × stake. */
  async function bettorWithOpenBet(stake: number) {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, stake);
    const securing = game();
    const placed = await browser.post(MAKE, single(securing, stake));
    expect(placed.json()).toMatchObject({ status: 'accepted' });
    expect(await balance(browser)).toBe(0);
    return { browser, userId, securing };
  }

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('GetAvance answers half of what the open bets would pay, capped per currency, and nothing without open bets', async () => {
    const { browser } = await signUp(app);
    expect((await browser.post(ADVANCE, {})).json()).toEqual({
      advance: 0,
      currency: 'EUR',
      secured: 0,
      held: 0,
      openBets: 0,
      sharePercent: 50,
      maxAmount: 500,
    });

    const { browser: other } = await bettorWithOpenBet(100);
    expect((await other.post(ADVANCE, {})).json()).toMatchObject({ advance: 100, secured: 100, held: 0, openBets: 1 });

    const { browser: big } = await bettorWithOpenBet(900); // would pay 1,800: half is 900, the brand caps it at 500
    expect((await big.post(ADVANCE, {})).json()).toMatchObject({ advance: 500, secured: 900, maxAmount: 500 });
  });

  it('an advance bet is held with no money moved, takes its stake from the advance, and stands once the open bet wins', async () => {
    const { browser, securing } = await bettorWithOpenBet(100);
    const g = game();
    const placed = await browser.post(MAKE, single(g, 80, { avanceBet: true }));
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'advance' });
    const { betId, betGuid } = placed.json() as { betId: string; betGuid: string };
    expect(await balance(browser)).toBe(0);
    expect((await browser.post(ADVANCE, {})).json()).toMatchObject({ advance: 20, held: 80 });
    expect(await historyOf(browser, betId)).toMatchObject({ status: 'waiting', holdReason: 'advance', summ: 80 });

    // A second advance bet above what is left is refused, and nothing of it is kept.
    const over = await browser.post(MAKE, single(game(), 30, { avanceBet: true }));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ error_code: 1034, message: expect.any(String) });

    // The same betGUID again is the same held bet, not a second one.
    const again = await browser.post(MAKE, { ...single(g, 80, { avanceBet: true }), betGUID: betGuid });
    expect(again.json()).toMatchObject({ status: 'waiting', betId, reason: 'advance' });
    expect((await browser.post(ADVANCE, {})).json()).toMatchObject({ held: 80 });

    feed.finish(securing, { home: 1, away: 0 }, { [outcome(securing, 'home')]: 'won' });
    await until(async () => (await statusOf(browser, betGuid)).status === 'accepted', 'the advance bet to stand');
    expect(await balance(browser)).toBe(200 - 80);
    expect(await historyOf(browser, betId)).toMatchObject({ status: 'accepted', summ: 80 });
    expect((await browser.post(ADVANCE, {})).json()).toMatchObject({ held: 0, openBets: 0 });

    // From here it is an ordinary bet at the coefficient it was placed at.
    feed.finish(g, { home: 2, away: 1 }, { [outcome(g, 'home')]: 'won' });
    await until(async () => (await historyOf(browser, betId))?.status === 'won', 'the advance bet to settle');
    expect(await balance(browser)).toBe(120 + 160);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('when the open bet loses and the balance still falls short, the advance bet is refused and no money moves', async () => {
    const { browser, securing } = await bettorWithOpenBet(100);
    const placed = await browser.post(MAKE, single(game(), 50, { avanceBet: true }));
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'advance' });

    feed.finish(securing, { home: 0, away: 1 }, { [outcome(securing, 'away')]: 'won' });
    await until(async () => (await statusOf(browser, placed.json().betGuid)).status === 'rejected', 'the refusal');
    expect(await statusOf(browser, placed.json().betGuid)).toMatchObject({
      status: 'rejected',
      message: 'advance_not_covered',
    });
    expect(await historyOf(browser, placed.json().betId)).toMatchObject({
      status: 'rejected',
      holdReason: 'advance',
      refusal: 'advance_not_covered',
    });
    expect(await balance(browser)).toBe(0);
    const postings = await ctx.db.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key like $1`,
      [`%${placed.json().betGuid}%`],
    );
    expect(postings.rows[0]?.['n']).toBe(0);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('a deposit covers a held advance bet as well as winnings do', async () => {
    const { browser, userId } = await bettorWithOpenBet(100);
    const placed = await browser.post(MAKE, single(game(), 40, { avanceBet: true }));
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'advance' });
    await fund(ctx.db, userId, 50);
    // No settlement happened: the periodic look (or the next finished game) finds the balance now covers it.
    feed.finish(game(), { home: 0, away: 0 }, {});
    await until(
      async () => (await statusOf(browser, placed.json().betGuid)).status === 'accepted',
      'the deposit to cover it',
    );
    expect(await balance(browser)).toBe(10);
  });

  it('an advance bet whose game kicks off before it is covered is refused', async () => {
    const { browser } = await bettorWithOpenBet(100);
    const g = game();
    const placed = await browser.post(MAKE, single(g, 50, { avanceBet: true }));
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'advance' });
    feed.start(g);
    await until(async () => (await statusOf(browser, placed.json().betGuid)).status === 'rejected', 'the refusal');
    expect(await statusOf(browser, placed.json().betGuid)).toMatchObject({
      status: 'rejected',
      message: 'game_started',
    });
    expect(await balance(browser)).toBe(0);
  });

  it('with the balance enough, an advance bet is an ordinary bet placed at once', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const placed = await browser.post(MAKE, single(game(), 60, { avanceBet: true }));
    expect(placed.json()).toMatchObject({ status: 'accepted', balance: 40 });
  });

  it('refuses an advance bet on a live game, an auto-bet or anti-express on advance, and one without open bets', async () => {
    const { browser } = await bettorWithOpenBet(100);
    const live = game();
    feed.start(live);
    const onLive = await browser.post(MAKE, single(live, 10, { avanceBet: true }));
    expect(onLive.statusCode).toBe(422);
    expect(onLive.json()).toMatchObject({ error_code: 1029 });

    const auto = await browser.post(MAKE, single(game(), 10, { avanceBet: true, isAutoBet: true, autoBetCf: 3 }));
    expect(auto.json()).toMatchObject({ error_code: 1029 });

    const [x, y] = [game(), game()];
    const antiExpress = await browser.post(MAKE, {
      ...single(x, 10, { avanceBet: true, vid: 3, AntiExpressCoef: 1.5 }),
      Events: [x, y].map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    });
    expect(antiExpress.json()).toMatchObject({ error_code: 1029 });

    const { browser: poor } = await signUp(app);
    const none = await poor.post(MAKE, single(game(), 10, { avanceBet: true }));
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ error_code: 1034 });
  });

  it('where compliance switched advance bets off, both calls refuse them; a guest gets 401', async () => {
    const { browser } = await signUp(app, 'de');
    const asked = await browser.post(ADVANCE, {});
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ error_code: 1002 });
    const placed = await browser.post(MAKE, single(game(), 10, { avanceBet: true }));
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toMatchObject({ error_code: 1002 });

    const guest = await new Browser(app, HOST).post(ADVANCE, {});
    expect(guest.statusCode).toBe(401);
  });
});
