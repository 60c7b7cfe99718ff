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
import { getAccountBalance, userAccount, verifyLedger } from '@tessera/server/ledger';
import { createSandboxPaymentProvider, handleDepositCallback, type SignedCallback } from '@tessera/server/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWithdrawals } from './withdrawals.service';

const child = fileURLToPath(new URL('./testing/withdrawal-crash-child.ts', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const secret = 'crash-callback-secret';

/** Runs the child until it reports ready, then kills it with SIGKILL, as a crash or an OOM kill would. */
function crashAt(url: string, point: 'before-send' | 'before-settle', vars: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: workspaceRoot,
      env: {
        ...process.env,
        CRASH_DATABASE_URL: url,
        CRASH_SCHEMA: 'public',
        CRASH_POINT: point,
        CRASH_CALLBACK_SECRET: secret,
        ...vars,
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

// PostgreSQL only: an in-process PGlite cannot outlive the process that is killed (as the ledger's crash test).
if (isTestPostgresReachable()) {
  describe('a crash in the middle of a withdrawal [postgres]', () => {
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

    /** The restarted server: its provider over the same database, callbacks kept for the test to hand over. */
    function restarted() {
      const queue: Array<() => Promise<void>> = [];
      const callbacks: SignedCallback[] = [];
      const provider = createSandboxPaymentProvider({
        database: db,
        callbackSecret: secret,
        confirmDelayMs: 0,
        scheduler: { schedule: (task) => void queue.push(task) },
        deliver: async (c) => void (await handleDepositCallback(db, provider, c.body, c.signature)),
        deliverPayout: async (c) => void callbacks.push(c),
      });
      const withdrawals = createWithdrawals({ db, provider, clock: () => new Date() });
      const run = async () => {
        while (queue.length > 0) for (const task of queue.splice(0)) await task();
        for (const c of callbacks.splice(0)) await withdrawals.handleCallback(c.body, c.signature);
      };
      return { provider, withdrawals, run };
    }

    async function fundedPlayer() {
      const server = restarted();
      const userId = randomUUID();
      const merchantReference = `dep-${randomUUID()}`;
      await server.provider.createDepositIntent({
        merchantReference,
        amount: 10_000,
        currency: 'EUR',
        card: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123' },
        metadata: { brandId: 'crash', userId },
      });
      await server.run();
      return { userId, merchantReference };
    }

    const stateOf = async (userId: string) => {
      const { rows } = await db.query<{ id: string; state: string }>(
        'select id, state from cashier_withdrawals where user_id = $1',
        [userId],
      );
      return rows;
    };
    const balances = async (userId: string) => ({
      main: await getAccountBalance(db, userAccount(userId, 'EUR')),
      hold: await getAccountBalance(db, userAccount(userId, 'EUR', 'withdrawal_hold')),
    });

    it('killed between the reserve and the provider send: the start-up sweep sends it once and it is paid', async () => {
      const { userId, merchantReference } = await fundedPlayer();
      await crashAt(own.url, 'before-send', {
        CRASH_USER_ID: userId,
        CRASH_DEPOSIT_REF: merchantReference,
        CRASH_REQUEST_ID: randomUUID(),
      });
      const [w] = await stateOf(userId);
      expect(w?.state).toBe('sent');
      expect(await balances(userId)).toEqual({ main: 6_000, hold: 4_000 });
      expect((await verifyLedger(db)).issues).toEqual([]);

      const server = restarted();
      expect(await server.provider.getPayout(w?.id ?? '')).toBeUndefined();
      await server.withdrawals.resume();
      await server.run();
      expect((await stateOf(userId))[0]?.state).toBe('paid');
      expect(await balances(userId)).toEqual({ main: 6_000, hold: 0 });
      // A second sweep and the provider's redelivery change nothing.
      await server.withdrawals.resume();
      await server.provider.resumePending();
      await server.run();
      expect(await balances(userId)).toEqual({ main: 6_000, hold: 0 });
      expect((await verifyLedger(db)).issues).toEqual([]);
    });

    it('killed between the callback and the settlement: the payout is re-queried and settled once', async () => {
      const { userId, merchantReference } = await fundedPlayer();
      await crashAt(own.url, 'before-settle', {
        CRASH_USER_ID: userId,
        CRASH_DEPOSIT_REF: merchantReference,
        CRASH_REQUEST_ID: randomUUID(),
      });
      const [w] = await stateOf(userId);
      const server = restarted();
      // The provider paid; the platform never settled: the money is still held.
      expect(w?.state).toBe('sent');
      expect((await server.provider.getPayout(w?.id ?? ''))?.status).toBe('paid');
      expect(await balances(userId)).toEqual({ main: 6_000, hold: 4_000 });
      expect((await verifyLedger(db)).issues).toEqual([]);

      await server.provider.resumePending(); // the undelivered callback comes again
      await server.withdrawals.resume(); // and the sweep re-queries: whichever is first settles, the other is ignored
      await server.run();
      expect((await stateOf(userId))[0]?.state).toBe('paid');
      expect(await balances(userId)).toEqual({ main: 6_000, hold: 0 });
      const events = await server.withdrawals.events(w?.id ?? '');
      expect(events.map((e) => e.toState)).toEqual(['requested', 'approved', 'sent', 'paid']);
      expect((await verifyLedger(db)).issues).toEqual([]);
    });
  });
}
