import { randomUUID } from 'node:crypto';
import { DevelopmentVipDesk, LIVE_DELAY_JOB, VIP_JOB } from '@tessera/server/bets';
import { describeEachDatabase } from '@tessera/server/db';
import { createJobQueue, type JobQueue } from '@tessera/server/jobs';
import { verifyLedger } from '@tessera/server/ledger';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  buildBetsApp,
  fund,
  GAME_IDS,
  outcome,
  signUp,
  eurBalance as balance,
  until,
  type ScriptedFeed,
} from './testing/bets-test-kit';

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';
const BID = '/service-api/LiveBet/Secure/MakeBetBidWeb';

type BetsApp = Awaited<ReturnType<typeof buildBetsApp>>;

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// The test brand holds live bets for 1 s (betting.liveBetDelaySeconds). Held bets' decisions are jobs in the database
// (libs/server/jobs): these tests close servers and start others on the same database, as a deployment does.
describeEachDatabase('deferred work survives restarts and runs once across servers', (ctx) => {
  /** Reads job records; defines no kind, runs nothing. */
  let inspector: JobQueue;
  let next = 0;
  const open: BetsApp[] = [];
  const game = (): number => {
    const id = GAME_IDS[next++];
    if (id === undefined) throw new Error('out of scripted games');
    return id;
  };
  const startEverywhere = (feeds: ScriptedFeed[], g: number) => feeds.forEach((f) => f.start(g));
  const single = (g: number, extra: Record<string, unknown> = {}) => ({
    betGUID: randomUUID(),
    vid: 0,
    Summ: 10,
    notWait: true,
    Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    ...extra,
  });
  const statuses = async (guid: string) =>
    (await ctx.db.query<{ status: string }>(`select status from bets where bet_guid = $1`, [guid])).rows.map(
      (r) => r.status,
    );
  const server = async (options: Parameters<typeof buildBetsApp>[1] = {}) => {
    const built = await buildBetsApp(ctx.db, options);
    open.push(built);
    return built;
  };

  beforeAll(() => {
    inspector = createJobQueue({ database: ctx.db, log: quiet });
  });
  // Every server of a test follows the same line (as a deployment's servers follow one feed); servers of earlier tests,
  // whose scripted feeds did not see this test's moves, are closed so they take none of its jobs.
  afterEach(async () => {
    for (const { app } of open.splice(0)) await app.close();
  });
  afterAll(async () => {
    await inspector.stop();
  });

  it('a held live bet queued by a server that then stops is decided by the next one on the same database', async () => {
    const first = await server();
    const { browser, userId } = await signUp(first.app);
    await fund(ctx.db, userId, 100);
    const g = game();
    first.feed.start(g);
    const body = single(g);
    expect((await browser.post(MAKE, body)).json()).toMatchObject({ status: 'waiting', reason: 'liveDelay' });
    await first.app.close(); // within the 1 s hold: the decision has not run
    open.splice(open.indexOf(first), 1);
    const jobId = inspector.idFor(LIVE_DELAY_JOB, body.betGUID);
    expect(await inspector.job(LIVE_DELAY_JOB, jobId)).toMatchObject({ state: 'created' });
    expect(await statuses(body.betGUID)).toEqual(['waiting']);

    const second = await server();
    second.feed.start(g);
    await until(async () => (await statuses(body.betGUID))[0] === 'accepted', 'the second server to decide the bet');
    // The job the first server queued did it (the second one's start-up sweep found it queued and added none). The
    // queue marks the job done just after its work commits, so a loaded machine may see the bet decided first.
    await until(
      async () => (await inspector.job(LIVE_DELAY_JOB, jobId))?.state !== 'active',
      'the queue to close the job that decided the bet',
    );
    expect(await inspector.job(LIVE_DELAY_JOB, jobId)).toMatchObject({
      state: 'completed',
      retryCount: 0,
      output: { decision: 'accepted' },
    });
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('two servers on one database: each held bet is decided once, each VIP bet placed once', async () => {
    const servers = [
      await server({ vipDesk: new DevelopmentVipDesk({ decisionMs: 20 }) }),
      await server({ vipDesk: new DevelopmentVipDesk({ decisionMs: 20 }) }),
    ];
    const feeds = servers.map((s) => s.feed);
    const placed: Array<{ guid: string; vip: boolean; on: number }> = [];
    const bettors: Array<Awaited<ReturnType<typeof signUp>>> = [];
    for (const [on, s] of servers.entries()) {
      const bettor = await signUp(s.app);
      await fund(ctx.db, bettor.userId, 10_000);
      bettors.push(bettor);
      for (let i = 0; i < 4; i++) {
        const g = game();
        startEverywhere(feeds, g);
        const live = single(g, { Summ: 10 + i });
        expect((await bettor.browser.post(MAKE, live)).json()).toMatchObject({ status: 'waiting' });
        placed.push({ guid: live.betGUID, vip: false, on });
      }
      // VIP bets above the brand's 1,000 EUR limit: the development desk approves up to ten times it.
      const g = game();
      const vip = {
        betGUID: randomUUID(),
        vid: 0,
        VIPBetSumm: 1500 + on,
        Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
      };
      expect((await bettor.browser.post(BID, vip)).json()).toMatchObject({ status: 'waiting', reason: 'vipApproval' });
      placed.push({ guid: vip.betGUID, vip: true, on });
    }
    await until(
      async () => (await Promise.all(placed.map((p) => statuses(p.guid)))).every((s) => s[0] === 'accepted'),
      'every held bet to be accepted',
      1_000,
    );
    for (const p of placed) {
      const bet = await ctx.db.query<{ id: string; ledger_guid: string; stake: string }>(
        `select id, ledger_guid, stake from bets where bet_guid = $1`,
        [p.guid],
      );
      const row = bet.rows[0];
      expect(bet.rows).toHaveLength(1);
      // One stake posting per bet: a second run of its job would have posted (VIP) or settled (live) it again.
      const stakes = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
        [`bet.stake:${row?.ledger_guid}`],
      );
      expect(stakes.rows[0]?.n).toBe(1);
      const record = p.vip
        ? await inspector.job(VIP_JOB, inspector.idFor(VIP_JOB, `review:${row?.id}`))
        : await inspector.job(LIVE_DELAY_JOB, inspector.idFor(LIVE_DELAY_JOB, p.guid));
      expect(record).toMatchObject({ state: 'completed', retryCount: 0 });
      expect(record?.output).toEqual(p.vip ? { outcome: 'accepted' } : { decision: 'accepted' });
    }
    // Each bettor paid exactly their stakes once: 10 + 11 + 12 + 13 live and the VIP stake.
    for (const [on, bettor] of bettors.entries()) expect(await balance(bettor.browser)).toBe(10_000 - 46 - 1500 - on);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('a decision that fails is retried, then kept as failed; its transaction left no refund half-written', async () => {
    const s = await server();
    // As an operator may tune a kind: one retry, at once (the stored queue options; the code's apply at next start).
    await ctx.db.query(`update queue set retry_limit = 1, retry_delay = 0, retry_backoff = false where name = $1`, [
      LIVE_DELAY_JOB,
    ]);
    // The refusal's last write (after the bet was marked rejected and the ledger returned the stake) fails.
    await ctx.db.exec(`
      create function fail_live_refusal() returns trigger language plpgsql as $$
      begin
        if new.details->'liveDelay' ? 'refused' then raise exception 'injected failure after the refund'; end if;
        return new;
      end $$;
      create trigger fail_live_refusal before update on bets for each row execute function fail_live_refusal();`);
    try {
      const { browser, userId } = await signUp(s.app);
      await fund(ctx.db, userId, 100);
      const g = game();
      s.feed.start(g);
      const body = single(g);
      await browser.post(MAKE, body);
      s.feed.setOdds(outcome(g, 'home'), 1.5); // the hold ends in a refusal
      const jobId = inspector.idFor(LIVE_DELAY_JOB, body.betGUID);
      await until(async () => (await inspector.job(LIVE_DELAY_JOB, jobId))?.state === 'failed', 'the job to fail');
      const record = await inspector.job(LIVE_DELAY_JOB, jobId);
      expect(record).toMatchObject({ state: 'failed', retryCount: 1 });
      expect(record?.output).toMatchObject({ message: expect.stringContaining('injected failure after the refund') });
      // Nothing of either run stayed: the bet is still held with its stake, no refund was posted.
      expect(await statuses(body.betGUID)).toEqual(['waiting']);
      expect(await balance(browser)).toBe(90);
      const refunds = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where idempotency_key like $1 and kind <> 'bet.stake'`,
        [`%${body.betGUID}%`],
      );
      expect(refunds.rows[0]?.n).toBe(0);
      expect((await verifyLedger(ctx.db)).issues).toEqual([]);
    } finally {
      await ctx.db.exec(`drop trigger fail_live_refusal on bets; drop function fail_live_refusal();`);
    }
  });
});
