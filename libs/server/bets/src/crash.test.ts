import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createPostgresDatabase,
  createPostgresTestDatabase,
  isTestPostgresReachable,
  testDatabaseUrl,
  type Database,
  type PostgresTestDatabase,
} from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { place, planSingle } from './bets.service';
import { CRASH_CURRENCY, crashBetBody, crashBettor, crashLine, crashRules } from './testing/crash-placement';

const child = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../../..', import.meta.url));

const USERS = 20;
const IN_FLIGHT = 8;
/** Acknowledged placements after which the child is killed: the load is well under way by then. */
const KILL_AFTER_ACKS = 150;
/** Each bettor's deposit, minor units: far more than the child can stake before it is killed. */
const DEPOSIT = 1_000_000;

/** What the child said before it died: placements it started, and those it acknowledged (with their bet ids). */
interface ChildLog {
  tried: Map<number, string>;
  acked: Map<number, { guid: string; betIds: string[] }>;
}

/** Runs the placing child until it has acknowledged `acks` bets, then kills it with SIGKILL, as a crash or an OOM kill would. */
function placeUntilKilled(url: string, acks: number): Promise<ChildLog> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: workspaceRoot,
      env: {
        ...process.env,
        CRASH_DATABASE_URL: url,
        CRASH_SCHEMA: 'public',
        CRASH_USERS: String(USERS),
        CRASH_IN_FLIGHT: String(IN_FLIGHT),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: ChildLog = { tried: new Map(), acked: new Map() };
    let stderr = '';
    let pending = '';
    let killed = false;
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      // Only whole lines count: a line cut by the kill was never fully said.
      const lines = (pending + d.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [word, i, guid, betIds] = line.split(' ');
        if (word === 'try' && guid) log.tried.set(Number(i), guid);
        if (word === 'ack' && guid && betIds) log.acked.set(Number(i), { guid, betIds: betIds.split(',') });
      }
      if (!killed && log.acked.size >= acks) {
        killed = true;
        proc.kill('SIGKILL');
      }
    });
    proc.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(log) : reject(new Error(`child exited without being killed: ${stderr}`)),
    );
  });
}

// PostgreSQL only, as the ledger's crash test: an in-process PGlite cannot outlive the process that is killed, and a
// second process cannot open its data directory while the first holds it. Like describeEachDatabase, nothing is
// registered when the server is unreachable.
if (isTestPostgresReachable()) {
  describe('bet placement killed mid-load (SIGKILL) [postgres]', () => {
    let own: PostgresTestDatabase | undefined;
    let db: Database;
    let log: ChildLog;
    const line = crashLine();
    const rules = crashRules();

    beforeAll(async () => {
      // A migrated database of its own (a clone of the test template, describe-each-database.ts).
      own = await createPostgresTestDatabase(testDatabaseUrl(), true);
      db = await createPostgresDatabase({ connectionString: own.url, maxConnections: IN_FLIGHT });
      for (let u = 0; u < USERS; u++) {
        const bettor = crashBettor(u, USERS);
        await recordDeposit(db, {
          brandId: bettor.brandId,
          userId: bettor.userId,
          currency: CRASH_CURRENCY,
          amount: DEPOSIT,
          provider: 'test',
          reference: `crash-fund-${u}`,
        });
      }
      log = await placeUntilKilled(own.url, KILL_AFTER_ACKS);
    });
    afterAll(async () => {
      await db?.close();
      await own?.drop();
    });

    /** Placements started but never acknowledged: the ones in flight when the process died. */
    const unacknowledged = () => [...log.tried].filter(([i]) => !log.acked.has(i));

    async function countsByGuid(guids: readonly string[]) {
      const result = await db.query<{ guid: string; bets: number; stakes: number }>(
        `select g.guid::text as guid,
                (select count(*)::int from bets b where b.bet_guid = g.guid) as bets,
                (select count(*)::int from ledger_transactions t join bets b on t.idempotency_key = 'bet.stake:' || b.ledger_guid
                  where b.bet_guid = g.guid and t.kind = 'bet.stake') as stakes
           from unnest($1::uuid[]) as g(guid)`,
        [guids],
      );
      return new Map(result.rows.map((r) => [r.guid, { bets: r.bets, stakes: r.stakes }]));
    }

    async function orphans() {
      const result = await db.query<{ stakes_without_bet: number; bets_without_stake: number }>(
        `select (select count(*)::int from ledger_transactions t where t.kind = 'bet.stake'
                   and not exists (select 1 from bets b where 'bet.stake:' || b.ledger_guid = t.idempotency_key)) as stakes_without_bet,
                (select count(*)::int from bets b
                   where not exists (select 1 from ledger_transactions t where t.kind = 'bet.stake' and t.idempotency_key = 'bet.stake:' || b.ledger_guid)) as bets_without_stake`,
      );
      return result.rows[0];
    }

    /** Every cent deposited is either in a wallet or staked on a bet. */
    async function moneyAccountedFor() {
      let wallets = 0;
      for (let u = 0; u < USERS; u++)
        wallets += await getAccountBalance(db, userAccount(crashBettor(u, USERS).userId, CRASH_CURRENCY));
      const staked = await db.query<{ total: string }>('select coalesce(sum(stake), 0)::text as total from bets');
      return { wallets, staked: Number(staked.rows[0]?.total), deposited: USERS * DEPOSIT };
    }

    const retry = (i: number, guid: string) =>
      place(
        { db, model: () => line, clock: () => new Date() },
        crashBettor(i, USERS),
        rules,
        planSingle(crashBetBody(i, guid), false),
      );

    it('was killed mid-load: bets acknowledged, others still in flight', () => {
      expect(log.acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(unacknowledged().length).toBeGreaterThan(0);
    });

    it('left a ledger with no issue, every acknowledged guid with exactly its bet and one stake, no stake without its bet and no bet without its stake', async () => {
      expect((await verifyLedger(db)).issues).toEqual([]);
      const acked = [...log.acked.values()];
      const counts = await countsByGuid(acked.map((a) => a.guid));
      for (const { guid, betIds } of acked)
        expect({ guid, ...counts.get(guid) }).toEqual({ guid, bets: betIds.length, stakes: betIds.length });
      const stored = await db.query<{ id: string }>(
        'select id from bets where bet_guid = any($1::uuid[]) order by id',
        [acked.map((a) => a.guid)],
      );
      expect(stored.rows.map((r) => r.id)).toEqual(acked.flatMap((a) => a.betIds).sort());
      expect(await orphans()).toEqual({ stakes_without_bet: 0, bets_without_stake: 0 });
      const money = await moneyAccountedFor();
      expect(money.wallets + money.staked).toBe(money.deposited);
    });

    it('answers a retry of every guid, acknowledged or not, with one placement: the same bets again, or placed once now', async () => {
      const acked = [...log.acked];
      const inFlight = unacknowledged();
      const stakesBefore = await db.query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where kind = 'bet.stake'`,
      );

      // Acknowledged: the first answer again, the same bet ids, no new stake.
      for (const [i, { guid, betIds }] of acked) {
        const answer = await retry(i, guid);
        expect(answer.status).toBe('accepted');
        if (answer.status === 'accepted') expect(answer.bets.map((b) => b.betId)).toEqual(betIds);
      }
      const afterAcked = await db.query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where kind = 'bet.stake'`,
      );
      expect(afterAcked.rows[0]?.n).toBe(stakesBefore.rows[0]?.n);

      // In flight at the kill: committed before it (replayed) or rolled back (placed now); either way accepted once,
      // and a second retry changes nothing.
      const first = new Map<string, string[]>();
      for (const [i, guid] of inFlight) {
        const answer = await retry(i, guid);
        expect(answer.status).toBe('accepted');
        if (answer.status === 'accepted')
          first.set(
            guid,
            answer.bets.map((b) => b.betId),
          );
      }
      for (const [i, guid] of inFlight) {
        const again = await retry(i, guid);
        expect(again.status === 'accepted' ? again.bets.map((b) => b.betId) : again.status).toEqual(first.get(guid));
      }
      const counts = await countsByGuid(inFlight.map(([, guid]) => guid));
      // A single or an express: one bet and one stake each.
      for (const [, guid] of inFlight) expect({ guid, ...counts.get(guid) }).toEqual({ guid, bets: 1, stakes: 1 });

      expect((await verifyLedger(db)).issues).toEqual([]);
      expect(await orphans()).toEqual({ stakes_without_bet: 0, bets_without_stake: 0 });
      const money = await moneyAccountedFor();
      expect(money.wallets + money.staked).toBe(money.deposited);
    });
  });
}
