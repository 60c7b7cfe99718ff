// Crash drill: SIGKILL in the middle of a deposit and bet load, restart, then check the ledger's invariants
// (verifyLedger), that every acknowledged deposit and bet exists exactly once, and that retrying acknowledged
// operations after the restart replays them instead of posting twice.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '@tessera/server/db';
import { depositKey, stakeKey, verifyLedger } from '@tessera/server/ledger';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';

const AREA = 'drills';
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ledger-load.worker.ts');

interface WorkerRun {
  child: ChildProcess;
  acked: string[];
  replays: { key: string; replayed: boolean }[];
  done: Promise<number | null>;
  /** Resolves when `n` operations have been acknowledged. */
  until(n: number): Promise<void>;
}

function startWorker(ctx: BenchContext, env: Record<string, string>): WorkerRun {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ctx.root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: string[] = [];
  const replays: { key: string; replayed: boolean }[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const [word, a, b] = line.split(' ');
    if (word === 'ACK' && b) acked.push(b);
    if (word === 'REPLAY' && b) replays.push({ key: line.split(' ')[3] ?? '', replayed: a === 'true' });
    for (const w of waiters.filter((x) => acked.length >= x.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    acked,
    replays,
    done,
    until: (n) =>
      new Promise<void>((resolve, reject) => {
        if (acked.length >= n) return resolve();
        waiters.push({ n, resolve });
        void done.then((code) =>
          reject(
            new Error(
              `the load worker exited (${code}) after ${acked.length} acknowledgements: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
            ),
          ),
        );
      }),
  };
}

const ledgerKey = (ack: string): string => (ack.startsWith('dep-') ? depositKey('drill', ack) : stakeKey(ack));

/** Runs the drill on a fresh PostgreSQL schema. */
export async function crashDrill(ctx: BenchContext): Promise<Figure[]> {
  const label = 'crash (ledger worker)';
  if (!(await ctx.postgresReachable()))
    return [notMeasured(AREA, `${label}: ledger after SIGKILL`, 'PostgreSQL is not reachable')];
  ctx.note(
    AREA,
    'crash drill (ledger worker): the process killed with SIGKILL is a load worker posting deposits and bet stakes through @tessera/server/ledger (8 in flight) on PostgreSQL, so deposits are killed mid-transaction too; the API-level kill over HTTP is the drill above',
  );
  const schema = await ctx.postgresSchema('crash');
  const env = { DRILL_DB_URL: schema.url };

  const first = startWorker(ctx, { ...env, DRILL_FROM: '0', DRILL_COUNT: '1000000' });
  await first.until(600);
  first.child.kill('SIGKILL');
  await first.done;
  const ackedBeforeKill = [...first.acked];

  // Restart: retry the last 100 acknowledged operations (a client that never saw the answer), then new load.
  const retry = ackedBeforeKill.slice(-100);
  const second = startWorker(ctx, { ...env, DRILL_FROM: '2000000', DRILL_COUNT: '400', DRILL_RETRY: retry.join(',') });
  const exit = await second.done;
  if (exit !== 0) throw new Error(`the restarted load worker exited with ${exit}`);

  const db = await createPostgresDatabase({
    connectionString: schema.url.split('?')[0] ?? schema.url,
    schema: schema.schema,
    maxConnections: 2,
  });
  try {
    const report = await verifyLedger(db);
    const keys = [...ackedBeforeKill, ...second.acked].map(ledgerKey);
    const counts = await db.query<{ key: string; n: string }>(
      'select idempotency_key as key, count(*)::text as n from ledger_transactions where idempotency_key = any($1) group by idempotency_key',
      [keys],
    );
    const seen = new Map(counts.rows.map((r) => [r.key, Number(r.n)]));
    const missing = keys.filter((k) => !seen.has(k)).length;
    const duplicated = keys.filter((k) => (seen.get(k) ?? 0) > 1).length;
    const notReplayed = second.replays.filter((r) => !r.replayed).length;
    const bets = keys.filter((k) => k.startsWith('bet.stake:')).length;
    return [
      figure({
        area: AREA,
        name: `${label}: operations acknowledged before SIGKILL`,
        value: ackedBeforeKill.length,
        unit: 'operations',
        notes: `${ackedBeforeKill.filter((k) => k.startsWith('bet-')).length} bets, the rest deposits`,
      }),
      figure({
        area: AREA,
        name: `${label}: ledger invariant issues after restart (verifyLedger)`,
        value: report.issues.length,
        unit: 'issues',
        budget: 0,
        notes: `${report.counts.transactions} transactions, ${report.counts.postings} postings; totals ${JSON.stringify(report.totals)}`,
      }),
      figure({
        area: AREA,
        name: `${label}: acknowledged operations missing after restart`,
        value: missing,
        unit: 'operations',
        budget: 0,
        notes: `${keys.length} acknowledged (${bets} bets)`,
      }),
      figure({
        area: AREA,
        name: `${label}: acknowledged operations stored more than once`,
        value: duplicated,
        unit: 'operations',
        budget: 0,
      }),
      figure({
        area: AREA,
        name: `${label}: retried acknowledged operations posted again`,
        value: notReplayed,
        unit: 'operations',
        budget: 0,
        notes: `${second.replays.length} retried after the restart`,
      }),
    ];
  } finally {
    await db.close();
  }
}
