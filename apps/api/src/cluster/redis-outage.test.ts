// A Redis that goes away and comes back (ADR 0365): a shared-mode server keeps serving while it is down (the limits
// let requests through uncounted) and counts again once it is back, without a restart. The Redis is a redis-server of
// this test's own on port 5254, so stopping it touches nobody else's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loadFixtureRegistry } from '../testing/test-app';
import { betsBrandsDir, HOST, until } from '../modules/bets/testing/bets-test-kit';
import {
  createPostgresDatabase,
  createPostgresTestDatabase,
  testDatabaseUrl,
  type Database,
  type PostgresTestDatabase,
} from '@tessera/server/db';
import { openSharedMode, type SharedMode } from './shared-mode';

const PORT = Number(process.env['TEST_OUTAGE_REDIS_PORT'] ?? 5254);

function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out.slice(-300)}`)));
  });
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('shared mode when Redis goes away', () => {
  let database: PostgresTestDatabase | undefined;
  let db: Database;
  let redis: ChildProcess;
  let shared: SharedMode;
  let app: FastifyInstance;
  const keyPrefix = `test:outage:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    // A migrated database of its own (a clone of the test template, describe-each-database.ts).
    database = await createPostgresTestDatabase(testDatabaseUrl(), true);
    db = await createPostgresDatabase({ connectionString: database.url, maxConnections: 4 });
    redis = await startRedis();
    shared = await openSharedMode({ redisUrl: `redis://127.0.0.1:${PORT}/0`, keyPrefix });
    app = await buildTestApp(db, {
      brandsDir: betsBrandsDir,
      brandRegistry: await loadFixtureRegistry(betsBrandsDir),
      rateLimitPerMinute: 5,
      shared: { redis: shared.redis, keyPrefix },
      mode: 'test',
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await shared?.close();
    if (redis) await stopRedis(redis);
    await db?.close();
    await database?.drop();
  });

  const ask = (address: string) =>
    app.inject({ method: 'GET', url: '/web-api/site-config', remoteAddress: address, headers: { host: HOST } });

  it('serves uncounted while Redis is down and counts again once it is back, without a restart', async () => {
    // Up: the sixth request of one address within the minute is refused.
    const up: number[] = [];
    for (let i = 0; i < 6; i++) up.push((await ask('10.60.0.1')).statusCode);
    expect(up).toEqual([200, 200, 200, 200, 200, 429]);

    await stopRedis(redis);
    const started = Date.now();
    // Down: another address makes twice its budget of requests, all answered, none waiting on Redis.
    const down: number[] = [];
    for (let i = 0; i < 10; i++) down.push((await ask('10.60.0.2')).statusCode);
    expect(down).toEqual(Array(10).fill(200));
    expect(Date.now() - started).toBeLessThan(5_000);

    // Back (an empty Redis, as after a crash): the same connection reconnects by itself and counts again.
    redis = await startRedis();
    await until(async () => shared.redis.status === 'ready', 'the connection to come back', 500);
    const back: number[] = [];
    for (let i = 0; i < 6; i++) back.push((await ask('10.60.0.3')).statusCode);
    expect(back).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
