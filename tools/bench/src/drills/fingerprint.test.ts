import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isTestPostgresReachable, testDatabaseUrl } from '@tessera/server/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, fingerprint } from './fingerprint';

describe('changedTables', () => {
  const a = { users: { rows: 1, checksum: 'x' }, sessions: { rows: 2, checksum: 'y' } };
  it('is empty for equal fingerprints', () => expect(changedTables(a, structuredClone(a))).toEqual([]));
  it('names tables whose rows or contents changed, and tables that appeared or vanished', () => {
    const b = { users: { rows: 1, checksum: 'z' }, feed: { rows: 0, checksum: '' } };
    expect(changedTables(a, b)).toEqual(['feed', 'sessions', 'users']);
  });
});

describe.runIf(isTestPostgresReachable())('fingerprint on PostgreSQL', () => {
  const url = testDatabaseUrl();
  const schema = `bench_fp_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  beforeAll(async () => {
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query(`create table ${schema}.backoffice_audit (seq bigint primary key, action text not null)`);
    await client.query(`create table ${schema}.accounts (id int primary key)`);
  });
  afterAll(async () => {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });

  it('leaves failed console sign-ins out of the audit table and counts every other change', async () => {
    const start = await fingerprint(url, schema);
    await client.query(`insert into ${schema}.backoffice_audit values (1, 'operator.sign-in.failed')`);
    expect(changedTables(start, await fingerprint(url, schema))).toEqual([]);
    await client.query(`insert into ${schema}.backoffice_audit values (2, 'player.limit.set')`);
    await client.query(`insert into ${schema}.accounts values (1)`);
    expect(changedTables(start, await fingerprint(url, schema))).toEqual(['accounts', 'backoffice_audit']);
  });
});
