import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createPostgresDatabase,
  createPostgresTestDatabase,
  isTestPostgresReachable,
  testDatabaseUrl,
  type Database,
  type PostgresTestDatabase,
} from '@tessera/server/db';
import {
  findTransactionByKey,
  getAccountBalance,
  platformAccount,
  recordDeposit,
  userAccount,
  verifyLedger,
} from '@tessera/server/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CasinoRounds } from './casino-rounds.service';

const child = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** Runs the child until it says `ready`, kills it with SIGKILL, and answers what it wrote before. */
function runAndKill(url: string, env: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: workspaceRoot,
      env: { ...process.env, CRASH_DATABASE_URL: url, CRASH_SCHEMA: 'public', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        if (line === 'ready') proc.kill('SIGKILL');
      }
    });
    proc.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(lines) : reject(new Error(`child exited without crashing: ${stderr}`)),
    );
  });
}

// PostgreSQL only: an in-process PGlite cannot outlive the process that is killed (the in-process fault seam of
// casino-rounds.service.test.ts covers the same points on both engines).
if (isTestPostgresReachable()) {
  describe('a server killed in the middle of a casino round [postgres]', () => {
    let own: PostgresTestDatabase;
    let db: Database;
    beforeAll(async () => {
      // A migrated database of its own (a clone of the test template, describe-each-database.ts).
      own = await createPostgresTestDatabase(testDatabaseUrl(), true);
      db = await createPostgresDatabase({ connectionString: own.url, maxConnections: 4 });
    });
    afterAll(async () => {
      await db?.close();
      await own?.drop();
    });

    it('an open hand outlives the process; a decision killed mid-transaction is undone and taken again once', async () => {
      const p = { brandId: 'casino-crash', userId: randomUUID(), currency: 'EUR' };
      await recordDeposit(db, { ...p, amount: 100_000, provider: 'test', reference: randomUUID() });
      const env = { CRASH_BRAND_ID: p.brandId, CRASH_USER_ID: p.userId };
      const dealt = await runAndKill(own.url, { ...env, CRASH_MODE: 'deal' });
      const roundId = dealt.find((l) => l.startsWith('open '))?.slice(5) ?? '';
      // The restarted server finds the hand where the killed one left it.
      const rounds = new CasinoRounds({ db });
      const [open] = await rounds.openRounds(p.userId);
      expect(open?.roundId).toBe(roundId);
      const allowed = (open?.outcome as { allowed: string[] }).allowed;
      const action = allowed.includes('noInsurance') ? 'noInsurance' : 'stand';
      const step = open?.step ?? 0;
      const heldBefore = await getAccountBalance(db, platformAccount(p.brandId, 'EUR', 'casino_held'));
      const balanceBefore = await getAccountBalance(db, userAccount(p.userId, 'EUR'));
      await runAndKill(own.url, {
        ...env,
        CRASH_MODE: 'decision',
        CRASH_ROUND_ID: roundId,
        CRASH_STEP: String(step),
        CRASH_ACTION: action,
      });
      expect(await rounds.round(p.userId, roundId)).toMatchObject({ status: 'open', step });
      expect(await getAccountBalance(db, platformAccount(p.brandId, 'EUR', 'casino_held'))).toBe(heldBefore);
      expect(await getAccountBalance(db, userAccount(p.userId, 'EUR'))).toBe(balanceBefore);
      const after = await rounds.act(p, { roundId, step, action });
      expect(after.step).toBe(step + 1);
      expect((await verifyLedger(db)).issues).toEqual([]);
    });

    it('a spin killed after its posting leaves no money moved, and its retry draws the same nonce once', async () => {
      const p = { brandId: 'casino-crash', userId: randomUUID(), currency: 'EUR' };
      await recordDeposit(db, { ...p, amount: 10_000, provider: 'test', reference: randomUUID() });
      const roundId = randomUUID();
      await runAndKill(own.url, {
        CRASH_BRAND_ID: p.brandId,
        CRASH_USER_ID: p.userId,
        CRASH_MODE: 'spin',
        CRASH_ROUND_ID: roundId,
      });
      expect(await findTransactionByKey(db, `casino.round:${roundId}`)).toBeUndefined();
      expect(await getAccountBalance(db, userAccount(p.userId, 'EUR'))).toBe(10_000);
      const rounds = new CasinoRounds({ db });
      const round = await rounds.play(p, { roundId, gameId: 'aurora-gems', bet: { stake: 200 } });
      expect(round.nonce).toBe(0);
      expect(await getAccountBalance(db, userAccount(p.userId, 'EUR'))).toBe(10_000 - 200 + (round.win ?? 0));
      expect((await verifyLedger(db)).issues).toEqual([]);
    });
  });
}
