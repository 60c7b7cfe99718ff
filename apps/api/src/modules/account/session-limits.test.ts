import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccountsApp, testClock, type Browser } from '../auth/testing/accounts-test-kit';
import { loadFixtureRegistry } from '../../testing/test-app';
import { idleBrandsDir, registerByPhone } from './testing/account-test-kit';

const minute = 60_000;

// idlebet: auth.autoLogoff 30 minutes of inactivity, 120 minutes of whole lifetime; the server allows 720. Accounts are
// opened by phone (a registration with an e-mail address waits for the address's code, ADR 0202).
describeEachDatabase('accounts: idle sign-out and session lifetime', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  let counter = 0;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock, { brandRegistry: await loadFixtureRegistry(idleBrandsDir) });
    await app.ready();
  });
  afterAll(() => app.close());

  async function signUp(): Promise<{ browser: Browser; sessionId: string }> {
    counter += 1;
    const browser = await registerByPhone(app, 'idlebet.example', `70550${String(counter).padStart(5, '0')}`);
    const id = await browser.post('/officeapi/getsessionid');
    return { browser, sessionId: (id.json() as { session_id: string }).session_id };
  }

  async function sessionRow(id: string): Promise<{ id: string } | undefined> {
    const { rows } = await ctx.db.query<{ id: string }>('select id from accounts_sessions where id = $1', [id]);
    return rows[0];
  }

  it('item 10: a session idle for 31 minutes on a 30-minute brand is refused (401) and deleted', async () => {
    const { browser, sessionId } = await signUp();
    clock.advance(29 * minute);
    expect((await browser.post('/officeapi/getusersessions')).statusCode).toBe(200);
    clock.advance(31 * minute);
    const refused = await browser.post('/officeapi/getusersessions');
    expect(refused.statusCode).toBe(401);
    expect(await sessionRow(sessionId)).toBeUndefined();
    // Deleted, not just refused once: the next request is still a guest's.
    expect((await browser.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
    const { rows } = await ctx.db.query<{ detail: { reason: string } }>(
      `select detail from accounts_security_events where kind = 'session_expired' and detail->>'session_id' = $1`,
      [sessionId],
    );
    expect(rows.map((r) => r.detail.reason)).toEqual(['idle']);
  });

  it('item 10: a session used every 10 minutes survives until the absolute lifetime, then is refused', async () => {
    const { browser, sessionId } = await signUp();
    for (let used = 10; used < 120; used += 10) {
      clock.advance(10 * minute);
      expect((await browser.post('/officeapi/getusersessions')).statusCode, `after ${used} minutes`).toBe(200);
    }
    // 110 minutes in; 10 more reach the lifetime of 120 minutes from sign-in.
    clock.advance(10 * minute);
    expect((await browser.post('/officeapi/getusersessions')).statusCode).toBe(401);
    expect((await browser.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
    // The row ends with the lifetime (its expiry is sign-in + 120 minutes, not the server's 720).
    const { rows } = await ctx.db.query<{ expires_at: Date }>(
      'select expires_at from accounts_sessions where id = $1',
      [sessionId],
    );
    expect(rows.map((r) => new Date(r.expires_at).getTime())).toEqual([clock.now().getTime()]);
  });

  it('item 10: the limits answer counts down without counting as activity, and "stay signed in" moves the idle deadline', async () => {
    const { browser } = await signUp();
    const start = clock.now().getTime();
    clock.advance(29 * minute);
    const limits = await browser.get('/web-api/user/session/limits');
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({
      now: new Date(start + 29 * minute).toISOString(),
      idle_timeout_seconds: 1800,
      idle_ends_at: new Date(start + 30 * minute).toISOString(),
      ends_at: new Date(start + 120 * minute).toISOString(),
    });
    // Looking did not keep the session alive: a minute and a half later it has ended.
    clock.advance(90_000);
    expect((await browser.get('/web-api/user/session/limits')).statusCode).toBe(401);

    const second = await signUp();
    const begun = clock.now().getTime();
    clock.advance(29 * minute);
    const touched = await second.browser.post('/web-api/user/session/touch');
    expect(touched.statusCode).toBe(200);
    expect(touched.json()).toMatchObject({ idle_ends_at: new Date(begun + 59 * minute).toISOString() });
    clock.advance(20 * minute);
    expect((await second.browser.post('/officeapi/getusersessions')).statusCode).toBe(200);
  });

  it('item 10: a brand without auto-logoff keeps an idle session until its lifetime', async () => {
    // steadybet: auto-logoff off, a server lifetime of 60 minutes.
    const browser = await registerByPhone(app, 'steadybet.example', '7055099999');
    clock.advance(45 * minute);
    expect((await browser.post('/officeapi/getusersessions')).statusCode).toBe(200);
    expect((await browser.get('/web-api/user/session/limits')).json()).toMatchObject({
      idle_timeout_seconds: null,
      idle_ends_at: null,
    });
    clock.advance(16 * minute);
    expect((await browser.post('/officeapi/getusersessions')).statusCode).toBe(401);
  });
});
