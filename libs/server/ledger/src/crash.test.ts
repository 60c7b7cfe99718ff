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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from './accounts';
import { getAccountBalance } from './balances';
import { recordDeposit, stakeBet } from './operations';
import { findTransactionByKey } from './post';
import { verifyLedger } from './verify';

const child = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** Runs the child until it reports ready, then kills it with SIGKILL, as a crash or an OOM kill would. */
function crashAfterStake(url: string, userId: string, betGuid: string, commit: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: workspaceRoot,
      env: {
        ...process.env,
        CRASH_DATABASE_URL: url,
        CRASH_SCHEMA: 'public',
        CRASH_USER_ID: userId,
        CRASH_BET_GUID: betGuid,
        CRASH_COMMIT: commit ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) proc.kill('SIGKILL');
    });
    proc.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited without crashing: ${stderr}`)),
    );
  });
}

// PostgreSQL only: an in-process PGlite cannot outlive the process that is killed. Like describeEachDatabase,
// nothing is registered when the server is unreachable.
if (isTestPostgresReachable()) {
  describe('a crash in the middle of a placement [postgres]', () => {
    let own: PostgresTestDatabase;
    let db: Database;
    beforeAll(async () => {
      // A migrated database of its own (a clone of the test template, describe-each-database.ts).
      own = await createPostgresTestDatabase(testDatabaseUrl(), true);
      db = await createPostgresDatabase({ connectionString: own.url, maxConnections: 4 });
      await db.exec('create table crash_test_bets (guid text primary key)');
    });
    afterAll(async () => {
      await db?.close();
      await own?.drop();
    });

    async function state(userId: string, betGuid: string) {
      const bet = await db.query('select 1 from crash_test_bets where guid = $1', [betGuid]);
      return {
        bet: bet.rows.length,
        stake: (await findTransactionByKey(db, `bet.stake:${betGuid}`)) ? 1 : 0,
        balance: await getAccountBalance(db, userAccount(userId, 'EUR')),
      };
    }

    it('killed before commit: neither the bet nor the debit exists, and the retry places it once', async () => {
      const userId = randomUUID();
      const betGuid = randomUUID();
      await recordDeposit(db, {
        brandId: 'crash',
        userId,
        currency: 'EUR',
        amount: 1_000,
        provider: 'test',
        reference: randomUUID(),
      });
      await crashAfterStake(own.url, userId, betGuid, false);
      expect(await state(userId, betGuid)).toEqual({ bet: 0, stake: 0, balance: 1_000 });
      // The client retries under the same betGuid once the API is back.
      await db.transaction(async (tx) => {
        await tx.query('insert into crash_test_bets (guid) values ($1)', [betGuid]);
        await stakeBet(tx, { brandId: 'crash', userId, currency: 'EUR', betGuid, stake: 400 });
      });
      expect(await state(userId, betGuid)).toEqual({ bet: 1, stake: 1, balance: 600 });
    });

    it('killed after commit: the bet and its debit both exist, and a retry debits nothing more', async () => {
      const userId = randomUUID();
      const betGuid = randomUUID();
      await recordDeposit(db, {
        brandId: 'crash',
        userId,
        currency: 'EUR',
        amount: 1_000,
        provider: 'test',
        reference: randomUUID(),
      });
      await crashAfterStake(own.url, userId, betGuid, true);
      expect(await state(userId, betGuid)).toEqual({ bet: 1, stake: 1, balance: 600 });
      const retry = await stakeBet(db, { brandId: 'crash', userId, currency: 'EUR', betGuid, stake: 400 });
      expect(retry.replayed).toBe(true);
      expect(await state(userId, betGuid)).toEqual({ bet: 1, stake: 1, balance: 600 });
      expect((await verifyLedger(db)).issues).toEqual([]);
    });
  });
}
