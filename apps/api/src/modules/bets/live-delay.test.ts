import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
const STATUS = '/service-api/LiveBet/Secure/GetBetStatus';

// The test brand holds bets on live games for 1 second (betting.liveBetDelaySeconds); prematch bets stand at once.
describeEachDatabase('live bets held for the brand delay', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  let next = 30;
  const liveGame = (): number => {
    const id = GAME_IDS[next++] as number;
    feed.start(id);
    return id;
  };
  const single = (g: number, extra: Record<string, unknown> = {}) => ({
    betGUID: randomUUID(),
    vid: 0,
    Summ: 10,
    Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    ...extra,
  });

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('holds the request through the delay, then accepts the bet when the line stood still', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const g = liveGame();
    const started = Date.now();
    const placed = await browser.post(MAKE, single(g));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(placed.json()).toMatchObject({ status: 'accepted', summ: 10, balance: 90 });
  });

  it('refuses the bet and returns the stake when the odds fall during the hold', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const g = liveGame();
    const body = single(g);
    const pending = browser.post(MAKE, body);
    await until(async () => (await balance(browser)) === 90, 'the stake to be held');
    feed.setOdds(outcome(g, 'home'), 1.7);
    const answer = await pending;
    expect([answer.statusCode, answer.json().error_code]).toEqual([422, 1027]);
    expect(await balance(browser)).toBe(100);
    // A retry of the same guid gets the same word, and moves nothing.
    expect((await browser.post(MAKE, body)).json().error_code).toBe(1027);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('with CheckCf 1 a rise during the hold is accepted; with notWait the answer is waiting and GetBetStatus tells the end', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const g = liveGame();
    const body = single(g, { CheckCf: 1, notWait: true });
    const placed = await browser.post(MAKE, body);
    expect(placed.json()).toMatchObject({ status: 'waiting', reason: 'liveDelay' });
    expect(await balance(browser)).toBe(90);
    feed.setOdds(outcome(g, 'home'), 2.3);
    await until(
      async () => (await browser.post(STATUS, { betGUID: body.betGUID })).json().status === 'accepted',
      'acceptance after the hold',
    );
    expect(await balance(browser)).toBe(90);
  });

  it('with DropOnScoreChange a goal during the hold refuses the bet', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const g = liveGame();
    const body = single(g, { DropOnScoreChange: true, notWait: true, CheckCf: 2 });
    await browser.post(MAKE, body);
    feed.score(g, { home: 1, away: 0 });
    await until(
      async () => (await browser.post(STATUS, { betGUID: body.betGUID })).json().status === 'rejected',
      'refusal after the goal',
    );
    expect((await browser.post(STATUS, { betGUID: body.betGUID })).json()).toMatchObject({
      status: 'rejected',
      message: 'live_score_changed',
    });
    expect(await balance(browser)).toBe(100);
    // Without the flag the same goal does not matter.
    const other = single(liveGame(), { notWait: true });
    await browser.post(MAKE, other);
    feed.score(other.Events[0]?.gameId as number, { home: 0, away: 1 });
    await until(
      async () => (await browser.post(STATUS, { betGUID: other.betGUID })).json().status === 'accepted',
      'acceptance despite the goal',
    );
  });

  it('a suspended market refuses the whole placement, every single of it', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [a, b] = [liveGame(), liveGame()];
    const body = {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      notWait: true,
      Events: [a, b].map((g) => ({ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 })),
    };
    const placed = await browser.post(MAKE, body);
    expect(placed.json().status).toBe('waiting');
    expect(await balance(browser)).toBe(90);
    feed.suspend(`${b}:1x2`);
    await until(
      async () => (await browser.post(STATUS, { betGUID: body.betGUID })).json().status === 'rejected',
      'refusal',
    );
    expect(await balance(browser)).toBe(100);
    const rows = await ctx.db.query<{ status: string }>(`select status from bets where bet_guid = $1`, [body.betGUID]);
    expect(rows.rows.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('a prematch bet is not held', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const g = GAME_IDS[next++] as number;
    const started = Date.now();
    expect((await browser.post(MAKE, single(g))).json()).toMatchObject({ status: 'accepted' });
    expect(Date.now() - started).toBeLessThan(900);
  });
});
