import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASHING, hashPassword, passwordHashing, verifyPassword } from '@tessera/server/accounts';
import { buildAccountsApp, testClock } from './testing/accounts-test-kit';

/** A client build with one hashed asset, as the production build serves it. */
function clientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-hashing-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), 'console.log("asset");'.repeat(200));
  return dir;
}

describeEachDatabase('password hashing under load', (ctx) => {
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = clientBuild();
    app = await buildAccountsApp(ctx.db, testClock(), {
      clientDir,
      rateLimitPerMinute: 100_000,
      passwordHashing: { concurrency: 1, maxQueue: 2 },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    passwordHashing.configure({ ...DEFAULT_PASSWORD_HASHING });
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const signIn = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/web-api/user/auth',
      remoteAddress: `10.77.0.${i}`,
      headers: { host: 'accountbet.example', origin: 'https://accountbet.example' },
      payload: { login: `nobody-${i}@example.com`, password: 'Wrong-password-1' },
    });

  it('item 17: a sign-in over the hashing queue is refused at once with 503, Retry-After and the error shape', async () => {
    passwordHashing.configure({ concurrency: 1, maxQueue: 2 });
    // Hold the one slot and the two places in the queue.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = [0, 1, 2].map(() => passwordHashing.run(() => gate));
    expect(passwordHashing.load).toEqual({ running: 1, waiting: 2 });
    const refused = await signIn(1);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      message: 'The server is busy',
      detail: expect.stringMatching(/^Please try again in \d+ s$/),
    });
    release();
    await Promise.all(held);
    // With the queue free again the same sign-in is checked and answered as usual.
    const checked = await signIn(2);
    expect(checked.statusCode).not.toBe(503);
    expect(passwordHashing.load).toEqual({ running: 0, waiting: 0 });
  }, 120_000);

  it('item 17: with argon2 saturated, a static asset is served while the hashing is still going on', async () => {
    passwordHashing.configure({ ...DEFAULT_PASSWORD_HASHING });
    const stored = await hashPassword('Right-password-1');
    // 40 checks at once: without the queue they take all of libuv's threads and the asset's file reads wait for them.
    let hashingDone = false;
    const checks = Promise.all(Array.from({ length: 40 }, () => verifyPassword(stored, 'Wrong-password-1'))).then(
      () => (hashingDone = true),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(passwordHashing.load.running).toBe(DEFAULT_PASSWORD_HASHING.concurrency);
    const asset = await app.inject({ url: '/assets/entry-abc.js', headers: { host: 'accountbet.example' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log("asset")');
    // Served while most of the 40 were still queued: the asset did not wait for the hashing.
    expect(hashingDone).toBe(false);
    expect(passwordHashing.load.waiting).toBeGreaterThan(10);
    await checks;
  }, 120_000);
});
