// A stand-in for the API process in crash.test.ts: opens a transaction, writes a bet row and its stake through the
// ledger, optionally commits, says "ready" and waits to be killed (SIGKILL: no cleanup, no rollback from Node).
import pg from 'pg';
import type { Queryable } from '@tessera/server/db';
import { stakeBet } from '../operations';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const client = new pg.Client({
  connectionString: env('CRASH_DATABASE_URL'),
  options: `-c search_path=${env('CRASH_SCHEMA')}`,
});
await client.connect();
const tx: Queryable = {
  async query<Row>(sql: string, params: readonly unknown[] = []) {
    const result = await client.query(sql, [...params]);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  },
  async exec(sql: string) {
    await client.query(sql);
  },
};
await client.query('begin');
await client.query('insert into crash_test_bets (guid) values ($1)', [env('CRASH_BET_GUID')]);
await stakeBet(tx, {
  brandId: 'crash',
  userId: env('CRASH_USER_ID'),
  currency: 'EUR',
  betGuid: env('CRASH_BET_GUID'),
  stake: 400,
});
if (process.env['CRASH_COMMIT'] === '1') await client.query('commit');
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
