// Benchmark of bet stake postings on real PostgreSQL (issue 5: at least 1,500 accepted bets/s, p99 < 50 ms).
// Run: npx tsx tools/bench/src/ledger/ledger.bench.ts   (BENCH_DATABASE_URL, BENCH_BETS, BENCH_CONCURRENCY to change)
// Works in a fresh schema that is dropped afterwards. The baseline is a plain single-row INSERT per request at the
// same concurrency over the same pool: the floor any transactional write pays on this machine.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { createPostgresDatabase, migrate, type Database } from '@tessera/server/db';
import { InsufficientFundsError, recordDeposit, stakeBet, verifyLedger } from '@tessera/server/ledger';

const url = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const totalBets = Number(process.env['BENCH_BETS'] ?? 30_000);
const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const users = Number(process.env['BENCH_USERS'] ?? 5_000);
const brandId = 'bench-brand';
const currency = 'EUR';

interface RunResult {
  name: string;
  ok: number;
  refused: number;
  seconds: number;
  latencies: number[];
}

/** Runs `total` requests with `concurrency` in flight; each worker takes the next index until none is left. */
async function run(name: string, total: number, op: (i: number) => Promise<boolean>): Promise<RunResult> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let refused = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        if (await op(i)) ok++;
        else refused++;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  latencies.sort((a, b) => a - b);
  return { name, ok, refused, seconds, latencies };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

function print(r: RunResult): void {
  console.log(
    `${r.name.padEnd(44)} ${(r.ok / r.seconds).toFixed(0).padStart(6)} ok/s   p50 ${pct(r.latencies, 0.5).toFixed(2).padStart(6)} ms   ` +
      `p99 ${pct(r.latencies, 0.99).toFixed(2).padStart(6)} ms   max ${pct(r.latencies, 1).toFixed(1).padStart(6)} ms   (${r.ok} ok, ${r.refused} refused, ${r.seconds.toFixed(1)} s)`,
  );
}

async function main(): Promise<void> {
  // Others share this machine: the load average says how much of it the run really had.
  const loadAtStart = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
  const admin = await createPostgresDatabase({ connectionString: url, maxConnections: 1 });
  await admin.exec(`create schema ${schema}`);
  let db: Database | undefined;
  try {
    db = await createPostgresDatabase({ connectionString: url, schema, maxConnections: concurrency });
    await migrate(db);
    const database = db;
    await database.exec('create table bench_baseline (id bigint generated always as identity primary key, guid text not null, amount bigint not null)');

    // Fund every user; each can afford its share of the bets with room to spare.
    const perUser = Math.ceil(totalBets / users) * 1_000 + 10_000;
    await run('setup: deposits', users, async (u) => {
      await recordDeposit(database, { brandId, userId: u + 1, currency, amount: perUser, provider: 'bench', reference: `fund-${u}` });
      return true;
    });

    // Warm-up: connections, plans of the ledger_post function, JIT.
    await run('warm-up', 2_000, async (i) => {
      await stakeBet(database, { brandId, userId: (i % users) + 1, currency, betGuid: `warm-${i}`, stake: 100 });
      return true;
    });

    const guids = Array.from({ length: totalBets }, () => randomUUID());
    const baseline = await run('baseline: single-row INSERT', totalBets, async (i) => {
      await database.query('insert into bench_baseline (guid, amount) values ($1, $2)', [guids[i], 100]);
      return true;
    });
    const stakes = await run('stakeBet (user wallet -> bets held + tax)', totalBets, async (i) => {
      try {
        await stakeBet(database, {
          brandId,
          userId: (i % users) + 1,
          currency,
          betGuid: guids[i] ?? '',
          stake: 100 + (i % 900),
          stakeTax: i % 10 === 0 ? 5 : 0,
        });
        return true;
      } catch (error) {
        if (error instanceof InsufficientFundsError) return false;
        throw error;
      }
    });
    // Retries of already placed guids (a client timeout): each must answer with the first bet and debit nothing.
    const retries = await run('stakeBet retried (same betGuid again)', Math.min(5_000, totalBets), async (i) => {
      const tx = await stakeBet(database, { brandId, userId: (i % users) + 1, currency, betGuid: guids[i] ?? '', stake: 100 + (i % 900) });
      return tx.replayed;
    });

    console.log(`ledger stake benchmark: node ${process.version}, ${os.cpus().length} cores, PostgreSQL ${url.replace(/\/\/.*@/, '//')}`);
    console.log(`concurrency ${concurrency} (pool of ${concurrency}), ${totalBets} bets over ${users} funded users`);
    console.log(`load average at start ${loadAtStart}, now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    print(baseline);
    print(stakes);
    print(retries);

    const started = process.hrtime.bigint();
    const report = await verifyLedger(database);
    const verifyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const perGuid = await database.query<{ bets: string; guids: string }>(
      `select count(*)::text as bets, count(distinct metadata->>'betGuid')::text as guids from ledger_transactions where kind = 'bet.stake'`,
    );
    const held = await database.query<{ total: string }>(
      `select coalesce(sum(b.balance), 0)::text as total from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.purpose = 'bets_held'`,
    );
    const expectedHeld = guids.reduce((sum, _g, i) => sum + 100 + (i % 900) - (i % 10 === 0 ? 5 : 0), 0) + 2_000 * 100;
    const row = perGuid.rows[0];
    console.log('');
    console.log(`verifyLedger (${verifyMs.toFixed(0)} ms): ${report.ok ? 'OK' : 'FAILED'}  totals ${JSON.stringify(report.totals)}  ` +
      `${report.counts.transactions} transactions, ${report.counts.postings} postings, ${report.issues.length} issues`);
    console.log(`one bet per guid: ${row?.bets} stake transactions for ${row?.guids} guids -> ${row?.bets === row?.guids ? 'OK' : 'FAILED'}`);
    console.log(`bets held ${held.rows[0]?.total} = expected ${expectedHeld} -> ${Number(held.rows[0]?.total) === expectedHeld ? 'OK' : 'FAILED'}`);
    const rate = stakes.ok / stakes.seconds;
    const p99 = pct(stakes.latencies, 0.99);
    console.log(`\nstake vs baseline: ${(rate / (baseline.ok / baseline.seconds)).toFixed(2)}x the throughput`);
    console.log(`target >= 1,500 accepted bets/s: ${rate >= 1_500 ? 'PASS' : 'FAIL'} (${rate.toFixed(0)})   target p99 < 50 ms: ${p99 < 50 ? 'PASS' : 'FAIL'} (${p99.toFixed(2)} ms)`);
    if (!report.ok) console.log(JSON.stringify(report.issues.slice(0, 10), null, 2));
    process.exitCode = report.ok && row?.bets === row?.guids && rate >= 1_500 && p99 < 50 ? 0 : 1;
  } finally {
    await db?.close();
    await admin.exec(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }
}

await main();
