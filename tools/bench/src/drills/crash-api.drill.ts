// Crash drill over HTTP: the production API is killed with SIGKILL in the middle of a bet placement load (and a
// deposit load), restarted on the same PostgreSQL schema and port, and then: the ledger's invariants hold
// (verifyLedger), every acknowledged bet exists exactly once with exactly one stake posting, no stake posting lacks
// its bet, and placing an acknowledged or unanswered bet again with its betGUID replays instead of debiting twice.
import { randomUUID } from 'node:crypto';
import { createPostgresDatabase } from '@tessera/server/db';
import { recordDeposit, stakeKey, verifyLedger } from '@tessera/server/ledger';
import {
  brandWithFastRegistration,
  fundBettor,
  MAKE_BET_PATH,
  openSelections,
  postgresTarget,
  registerBettor,
  singleBet,
  writeHeaders,
  type Bettor,
  type CouponEvent,
} from '../api/bettors';
import { fetchOpenApi, hasOperation } from '../api/openapi';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';
import type { ApiProcess } from '../harness/servers';

const AREA = 'drills';
const LABEL = 'crash (API, HTTP)';
/** Bets in flight, acknowledgements before the kill, and acknowledged bets retried after the restart. */
const IN_FLIGHT = 8;
const ACKS_BEFORE_KILL = Math.max(20, Number(process.env['BENCH_CRASH_ACKS'] ?? 300) || 300);
const RETRIED_ACKS = 50;

interface Placement {
  guid: string;
  bettor: Bettor;
  event: CouponEvent;
}

interface Answer {
  status: number;
  betId?: string;
  outcome?: string;
  detail?: string;
}

async function place(api: ApiProcess, p: Placement): Promise<Answer> {
  const res = await fetch(`${api.baseUrl}${MAKE_BET_PATH}?brand=${p.bettor.brand}`, {
    method: 'POST',
    headers: writeHeaders(api, p.bettor),
    body: singleBet(p.guid, p.event, p.bettor.minStake),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as {
    status?: string;
    bets?: { betId?: string }[];
    detail?: string;
    message?: string;
  };
  const detail = body.detail ?? body.message;
  return {
    status: res.status,
    ...(body.bets?.[0]?.betId ? { betId: body.bets[0].betId } : {}),
    ...(body.status ? { outcome: body.status } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** Runs the drill on a fresh PostgreSQL schema (the check reads the API's tables from outside the process). */
export async function crashApiDrill(ctx: BenchContext): Promise<Figure[]> {
  if (!(await ctx.postgresReachable()))
    return [notMeasured(AREA, `${LABEL}: acknowledged bets stored exactly once`, 'PostgreSQL is not reachable')];
  const schema = await ctx.postgresSchema('crashapi');
  const api = await ctx.startApi({ name: 'crash-api-1', engine: 'postgres', databaseUrl: schema.url });
  let restarted: ApiProcess | undefined;
  try {
    if (!hasOperation(await fetchOpenApi(api.baseUrl), 'post', MAKE_BET_PATH))
      return [
        notMeasured(
          AREA,
          `${LABEL}: acknowledged bets stored exactly once`,
          'the API has no bet placement call yet (the ledger-level crash drill runs instead)',
        ),
      ];
    const pg = postgresTarget(api);
    if (!pg) throw new Error('the API process does not say which schema it runs on');
    // Bettors register by the fast variant on a brand whose registration the built-in puzzle does not guard (ADR 0160).
    const brand = await brandWithFastRegistration(api);
    if (!brand) throw new Error('no brand offers the fast registration variant without a puzzle captcha');
    const bettors: Bettor[] = [];
    for (let i = 0; i < IN_FLIGHT; i++) bettors.push(await registerBettor(api, brand));
    const funding = new Set<string>();
    for (const b of bettors) funding.add(await fundBettor(api, b, b.minStake * 5_000));
    const selections = await openSelections(api, brand);

    // Deposits beside the bets: through the API when it has a payment provider, else ledger deposits from here
    // into the same schema (they then do not pass through the killed process; the note says so).
    const apiDeposits = funding.has('api deposit');
    ctx.note(
      AREA,
      `crash drill over HTTP: ${IN_FLIGHT} bets in flight (MakeBetWeb singles, fresh betGUIDs) against the production API on PostgreSQL, SIGKILL after ${ACKS_BEFORE_KILL} acknowledged bets, restart on the same schema and port; deposits during the load ${apiDeposits ? 'through the API deposit call' : 'as ledger deposits from the bench process (the production API has no payment provider configured, its deposit call answers 503)'}`,
    );
    const depositDb = apiDeposits
      ? undefined
      : await createPostgresDatabase({ connectionString: pg.url, schema: pg.schema, maxConnections: 2 });
    const acked = new Map<string, { placement: Placement; betId: string }>();
    const unanswered: Placement[] = [];
    let deposits = 0;
    let refused = 0;
    let n = 0;
    let killed = false;
    const depositLoop = (async () => {
      while (!killed) {
        const b = bettors[deposits % bettors.length] as Bettor;
        if (depositDb)
          await recordDeposit(depositDb, {
            brandId: b.brand,
            userId: b.userId,
            currency: b.currency,
            amount: Math.round(b.minStake * 100),
            provider: 'bench-drill',
            reference: randomUUID(),
          });
        else await fundBettor(api, b, b.minStake).catch(() => undefined);
        deposits++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    let killedAt = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_x, worker) => {
        while (!killed) {
          const i = n++;
          const p: Placement = {
            guid: randomUUID(),
            bettor: bettors[worker] as Bettor,
            event: selections[i % selections.length] as CouponEvent,
          };
          try {
            const a = await place(api, p);
            if (a.status === 200 && a.outcome === 'accepted' && a.betId)
              acked.set(p.guid, { placement: p, betId: a.betId });
            else refused++;
          } catch {
            // No answer: the client cannot know whether the bet was placed. It must retry with the same guid.
            unanswered.push(p);
          }
          if (!killed && acked.size >= ACKS_BEFORE_KILL) {
            killed = true;
            killedAt = Date.now();
            await api.kill();
          }
        }
      }),
    );
    await depositLoop;
    await depositDb?.close();

    const restartStarted = Date.now();
    restarted = await ctx.startApi({
      name: 'crash-api-2',
      engine: 'postgres',
      databaseUrl: schema.url,
      port: api.port,
    });
    const readySeconds = (Date.now() - restartStarted) / 1000;

    // Retries after the restart: every unanswered placement and the last acknowledged ones, same guid, same body.
    const retryAcked = [...acked.values()].slice(-RETRIED_ACKS);
    let retriedDifferent = 0;
    for (const { placement, betId } of retryAcked) {
      const a = await place(restarted, placement);
      if (a.status !== 200 || a.betId !== betId) retriedDifferent++;
    }
    // An unanswered bet may or may not have been placed before the kill; its retry must agree with the database:
    // accepted (placed now or replayed) with its bet stored, or refused with no bet stored and no money moved.
    const unansweredAnswers = new Map<string, number>();
    const retryAnswers = new Map<string, Answer>();
    for (const p of unanswered) {
      const a = await place(restarted, p);
      retryAnswers.set(p.guid, a);
      const key = `${a.status} ${a.outcome ?? a.detail?.split(':')[0] ?? ''}`.trim();
      unansweredAnswers.set(key, (unansweredAnswers.get(key) ?? 0) + 1);
    }

    const db = await createPostgresDatabase({ connectionString: pg.url, schema: pg.schema, maxConnections: 2 });
    try {
      const report = await verifyLedger(db);
      const guids = [...acked.keys()];
      const rows = await db.query<{ guid: string; n: string }>(
        'select bet_guid::text as guid, count(*)::text as n from bets where bet_guid = any($1::uuid[]) group by bet_guid',
        [guids],
      );
      const perGuid = new Map(rows.rows.map((r) => [r.guid, Number(r.n)]));
      const missing = guids.filter((g) => !perGuid.has(g)).length;
      // Unanswered bets were retried after the restart: they too must exist once at most.
      const unansweredRows = await db.query<{ n: string }>(
        'select count(*)::text as n from (select bet_guid from bets where bet_guid = any($1::uuid[]) group by bet_guid having count(*) > 1) d',
        [unanswered.map((p) => p.guid)],
      );
      const doubled = guids.filter((g) => (perGuid.get(g) ?? 0) > 1).length + Number(unansweredRows.rows[0]?.n ?? 0);
      // Every bet row has exactly one stake posting and every stake posting has its bet row: no money moved without a bet.
      const keys = (await db.query<{ ledger_guid: string }>('select ledger_guid from bets')).rows.map((r) =>
        stakeKey(r.ledger_guid),
      );
      const stakes = await db.query<{ key: string; n: string }>(
        `select idempotency_key as key, count(*)::text as n from ledger_transactions where kind = 'bet.stake' group by idempotency_key`,
      );
      const stakeCount = new Map(stakes.rows.map((r) => [r.key, Number(r.n)]));
      const betsWithoutOneStake = keys.filter((k) => stakeCount.get(k) !== 1).length;
      const keySet = new Set(keys);
      const stakesWithoutBet = stakes.rows.filter((r) => !keySet.has(r.key)).length;
      const storedUnanswered = new Set(
        (
          await db.query<{ guid: string }>(
            'select distinct bet_guid::text as guid from bets where bet_guid = any($1::uuid[])',
            [unanswered.map((p) => p.guid)],
          )
        ).rows.map((r) => r.guid),
      );
      const unansweredDisagreeing = unanswered.filter((p) => {
        const a = retryAnswers.get(p.guid);
        const accepted = a?.status === 200 && a.outcome === 'accepted';
        return accepted !== storedUnanswered.has(p.guid);
      }).length;
      const killNote = `restart began ${((restartStarted - killedAt) / 1000).toFixed(1)} s after the kill; ${unanswered.length} bets were in flight without an answer, ${refused} refused, ${deposits} deposits during the load`;
      return [
        figure({
          area: AREA,
          name: `${LABEL}: bets acknowledged before SIGKILL`,
          value: acked.size,
          unit: 'bets',
          notes: killNote,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: API ready again after restart`,
          value: readySeconds,
          unit: 's',
          budget: 30,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: ledger invariant issues (verifyLedger)`,
          value: report.issues.length,
          unit: 'issues',
          budget: 0,
          notes: `${report.counts.transactions} transactions, ${report.counts.postings} postings`,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: acknowledged bets missing`,
          value: missing,
          unit: 'bets',
          budget: 0,
          notes: `${guids.length} acknowledged`,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: acknowledged bets stored more than once`,
          value: doubled,
          unit: 'bets',
          budget: 0,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: bets without exactly one stake posting`,
          value: betsWithoutOneStake,
          unit: 'bets',
          budget: 0,
          notes: `${keys.length} bets stored`,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: stake postings without a bet`,
          value: stakesWithoutBet,
          unit: 'postings',
          budget: 0,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: acknowledged bets retried that did not replay the same bet`,
          value: retriedDifferent,
          unit: 'bets',
          budget: 0,
          notes: `${retryAcked.length} retried with their betGUID after the restart`,
        }),
        figure({
          area: AREA,
          name: `${LABEL}: unanswered bets whose retry disagrees with the database`,
          value: unansweredDisagreeing,
          unit: 'bets',
          budget: 0,
          notes: `${unanswered.length} retried after the restart, answers: ${[...unansweredAnswers].map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'}; accepted must mean stored, refused must mean not stored`,
        }),
      ];
    } finally {
      await db.close();
    }
  } finally {
    await restarted?.stop();
    await api.stop();
  }
}
