import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOAuthClient } from '@tessera/server/accounts';
import { Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';

function pathOf(location: string | undefined): string {
  const url = new URL(location ?? '', 'http://accountbet.example');
  return `${url.pathname}${url.search}`;
}

describeEachDatabase('social sign-in', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, testClock(), {
      identityProviders: {
        // A "real" provider whose token endpoint refuses: the callback must fail cleanly.
        vk: createOAuthClient(
          {
            id: 'vk',
            authorizeUrl: 'https://id.vk.example/authorize',
            tokenUrl: 'https://id.vk.example/token',
            userInfoUrl: 'https://id.vk.example/me',
            clientId: 'client-1',
            clientSecret: 'secret',
            scope: 'email',
          },
          async () => new Response('{}', { status: 401 }),
        ),
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  async function signInWithGoogle(browser: Browser, loginHint: string) {
    const start = await browser.get('/web-api/socauth/google/start?currency=EUR&age_confirmed=true');
    expect(start.statusCode).toBe(302);
    const authorize = await browser.get(`${pathOf(start.headers.location)}&login_hint=${loginHint}`);
    expect(authorize.statusCode).toBe(302);
    return browser.get(pathOf(authorize.headers.location));
  }

  it('registers through the development provider, then signs the same person in again', async () => {
    const browser = new Browser(app);
    const first = await signInWithGoogle(browser, 'ada');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/en/welcome');
    const session = (await browser.get('/web-api/user/session')).json();
    expect(session).toMatchObject({ status: 'authorised', user: { displayName: 'ada' } });
    const { rows } = await ctx.db.query<{ currency: string; registration_variant: string }>(
      'select currency, registration_variant from accounts_users where id = $1',
      [session.user.id],
    );
    expect(rows[0]).toEqual({ currency: 'EUR', registration_variant: 'social' });

    const again = new Browser(app);
    const second = await signInWithGoogle(again, 'ada');
    expect(second.headers.location).toBe('/en');
    expect((await again.get('/web-api/user/session')).json().user.id).toBe(session.user.id);
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const victim = new Browser(app);
    const start = await victim.get('/web-api/socauth/google/start?age_confirmed=true');
    const authorize = await victim.get(pathOf(start.headers.location));
    // The attacker sends the victim's callback link to another browser (login CSRF).
    const attacker = new Browser(app);
    const res = await attacker.get(pathOf(authorize.headers.location));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The sign-in could not be completed', detail: 'Start the sign-in again' });
  });

  it('answers 502 when a real provider refuses the code, and 404 for a provider the brand does not offer', async () => {
    const browser = new Browser(app);
    const start = await browser.get('/web-api/socauth/vk/start?age_confirmed=true');
    const location = new URL(start.headers.location ?? '');
    expect(location.origin).toBe('https://id.vk.example');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const state = location.searchParams.get('state') ?? '';
    const res = await browser.get(`/web-api/socauth/vk/callback?code=abc&state=${encodeURIComponent(state)}`);
    expect(res.statusCode).toBe(502);
    expect((await browser.get('/web-api/socauth/discord/start')).statusCode).toBe(404);
    expect((await new Browser(app, 'otherbet.example').get('/web-api/socauth/google/start')).statusCode).toBe(404);
  });
});
