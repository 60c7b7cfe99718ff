// The withdrawal sweep across servers (ADR 0366): it was a timer on every server; as the recurring job
// `wallet.withdrawal-sweep` one server per interval sends an approved withdrawal, and it is sent and paid once.
import { randomUUID } from 'node:crypto';
import {
  createPostgresDatabase,
  createPostgresTestDatabase,
  testDatabaseUrl,
  type Database,
  type PostgresTestDatabase,
} from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { createWithdrawals, WITHDRAWAL_SWEEP_JOB } from '@tessera/server/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, until, type SteppedScheduler } from '../modules/bets/testing/bets-test-kit';
import { buildWalletApp, deposit } from '../modules/wallet/testing/wallet-test-kit';

describe('the withdrawal sweep on two servers of one PostgreSQL database', () => {
  let database: PostgresTestDatabase | undefined;
  let db: Database;
  const pools: Database[] = [];
  const servers: Array<Awaited<ReturnType<typeof buildWalletApp>>> = [];

  beforeAll(async () => {
    // A migrated database of its own (a clone of the test template, describe-each-database.ts).
    database = await createPostgresTestDatabase(testDatabaseUrl(), true);
    db = await createPostgresDatabase({ connectionString: database.url, maxConnections: 2 });
    for (let i = 0; i < 2; i++) {
      const own = await createPostgresDatabase({ connectionString: database.url, maxConnections: 4 });
      pools.push(own);
      // The shortest interval that runs as the job (shorter ones stay a timer in the process).
      servers.push(await buildWalletApp(own, { withdrawalSweepMs: 1_000 }));
    }
  });
  afterAll(async () => {
    for (const { app } of servers) await app.close();
    for (const pool of pools) await pool.close();
    await db?.close();
    await database?.drop();
  });

  it('an approved withdrawal is sent once, by one server, and paid', async () => {
    const [a] = servers as [(typeof servers)[number]];
    const { browser } = await signUp(a.app, 'pl');
    const reference = await deposit(browser, a.scheduler, 100);
    const requested = await browser.post('/web-api/payments/withdrawal', {
      amount: 30,
      requestId: randomUUID(),
      methodReference: reference,
    });
    expect(requested.statusCode).toBe(202);
    const id = (requested.json() as { id: string }).id;
    // pl: every withdrawal waits for a person; an operator approves it.
    await createWithdrawals({ db, provider: undefined, clock: () => new Date() }).decide(id, 'approve', {
      actor: 'operator:cluster',
      reason: 'checked',
    });
    const stateOf = async () =>
      (await db.query<{ state: string }>(`select state from cashier_withdrawals where id = $1`, [id])).rows[0]?.state;
    // Whichever server's sweep runs sends it; its sandbox decides the payout on that server's scheduler.
    const schedulers = servers.map((s) => s.scheduler) as SteppedScheduler[];
    await until(
      async () => {
        for (const scheduler of schedulers) await scheduler.runAll();
        return (await stateOf()) === 'paid';
      },
      'the approved withdrawal to be sent and paid',
      1_000,
    );
    const events = await db.query<{ to_state: string }>(
      `select to_state from cashier_withdrawal_events where withdrawal_id = $1 order by id`,
      [id],
    );
    expect(events.rows.map((r) => r.to_state)).toEqual(['requested', 'approved', 'sent', 'paid']);
    const payouts = await db.query<{ n: number }>(
      `select count(*)::int as n from payment_sandbox_payouts where payout_reference = $1::text`,
      [id],
    );
    expect(payouts.rows[0]?.n).toBe(1);
    // The sweep ran as the job: one run per one-second slot, however many servers.
    const runs = await db.query<{ slot: string; n: number }>(
      `select data->>'slot' as slot, count(*)::int as n from job where name = $1 group by 1 having count(*) > 1`,
      [WITHDRAWAL_SWEEP_JOB],
    );
    expect(runs.rows).toEqual([]);
    const ran = await db.query<{ n: number }>(
      `select count(*)::int as n from job where name = $1 and state = 'completed'`,
      [WITHDRAWAL_SWEEP_JOB],
    );
    expect(ran.rows[0]?.n).toBeGreaterThan(0);
    expect((await verifyLedger(db)).issues).toEqual([]);
  });
});
