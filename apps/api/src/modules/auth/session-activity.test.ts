import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildAccountsApp, registerByEmail, testClock } from './testing/accounts-test-kit';

// A session's last activity is what the session list shows a bettor ("seen 5 minutes ago"): it follows the requests
// made with the session, at most once a minute, so a signed-in page of calls does not write the session row each time.
describeEachDatabase('accounts: session activity', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());

  it('records the last activity of a session at most once a minute', async () => {
    const browser = new Browser(app, 'accountbet.example');
    const registered = await registerByEmail(app, browser, {
      email: `seen.${Date.now()}@example.com`,
      currency: 'EUR',
    });
    expect(registered.statusCode).toBe(201);
    const signedUpAt = clock.now().toISOString();
    const lastSeen = async (): Promise<string> => {
      const res = await browser.post('/officeapi/getusersessions');
      expect(res.statusCode).toBe(200);
      return (
        (res.json() as { sessions: Array<{ current: boolean; last_seen_at: string }> }).sessions.find((s) => s.current)
          ?.last_seen_at ?? ''
      );
    };
    expect(await lastSeen()).toBe(signedUpAt);

    // Within the minute: the requests are made, the stored activity stays as it was.
    clock.advance(59_000);
    expect((await browser.get('/web-api/user/session')).json()).toMatchObject({ status: 'authorised' });
    expect(await lastSeen()).toBe(signedUpAt);

    // A minute after it was last written, the next request records it.
    clock.advance(2_000);
    const now = clock.now().toISOString();
    expect((await browser.get('/web-api/user/session')).json()).toMatchObject({ status: 'authorised' });
    expect(await lastSeen()).toBe(now);
  });
});
