import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFixtureRegistry } from '../../testing/test-app';
import { accountBrandsDir, Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';
import { FakeOAuthServer } from './testing/fake-oauth-server';

const SECRET_ENV = 'ACCOUNTBET_GOOGLE_CLIENT_SECRET';

/** The account fixture brands, with accountbet's server.json naming a real Google at `origin`. */
function brandsWithGoogleAt(origin: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-oauth-brands-'));
  fs.cpSync(accountBrandsDir, dir, { recursive: true });
  const serverFile = path.join(dir, 'accountbet', 'server.json');
  const server = JSON.parse(fs.readFileSync(serverFile, 'utf8')) as Record<string, unknown>;
  server['socialProviders'] = {
    google: {
      authorizeUrl: `${origin}/authorize`,
      tokenUrl: `${origin}/token`,
      userInfoUrl: `${origin}/userinfo`,
      clientId: 'accountbet-client',
      clientSecretEnv: SECRET_ENV,
      scope: 'openid email profile',
      timeoutMs: 400,
    },
  };
  fs.writeFileSync(serverFile, JSON.stringify(server));
  return dir;
}

describeEachDatabase('social sign-in through a configured OAuth provider', (ctx) => {
  let app: FastifyInstance;
  let provider: FakeOAuthServer;
  let brandsDir: string;
  beforeAll(async () => {
    provider = await new FakeOAuthServer('accountbet-client', 'right-secret').start();
    brandsDir = brandsWithGoogleAt(provider.origin);
    app = await buildAccountsApp(ctx.db, testClock(), {
      brandRegistry: await loadFixtureRegistry(brandsDir),
      environment: { [SECRET_ENV]: 'right-secret' },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    fs.rmSync(brandsDir, { recursive: true, force: true });
  });

  /** Start on the site, sign in at the provider (a real HTTP request), and return the provider's redirect back. */
  async function throughProvider(browser: Browser, login: string): Promise<string> {
    const start = await browser.get('/web-api/socauth/google/start?currency=EUR&age_confirmed=true');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location ?? '');
    expect(authorize.origin).toBe(provider.origin);
    authorize.searchParams.set('login_hint', login);
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.pathname).toBe('/web-api/socauth/google/callback');
    return `${back.pathname}${back.search}`;
  }

  it('creates the account from the provider’s user info, then signs the same person in again', async () => {
    provider.tokenMode = 'ok';
    const browser = new Browser(app);
    const callback = await browser.get(await throughProvider(browser, 'grace'));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/en/welcome');
    const session = (await browser.get('/web-api/user/session')).json();
    expect(session).toMatchObject({ status: 'authorised', user: { displayName: 'grace' } });
    const { rows } = await ctx.db.query<{ social_provider: string; social_subject: string; currency: string }>(
      'select social_provider, social_subject, currency from accounts_users where id = $1',
      [session.user.id],
    );
    expect(rows[0]).toEqual({ social_provider: 'google', social_subject: 'fake-grace', currency: 'EUR' });
    // The provider accepted the client's id and secret and the PKCE verifier of the start.
    expect(provider.refusals).toEqual([]);

    const again = new Browser(app);
    const second = await again.get(await throughProvider(again, 'grace'));
    expect(second.headers.location).toBe('/en');
    expect((await again.get('/web-api/user/session')).json().user.id).toBe(session.user.id);
  });

  it('refuses a replayed callback before asking the provider again', async () => {
    provider.tokenMode = 'ok';
    const browser = new Browser(app);
    const callbackPath = await throughProvider(browser, 'replay');
    expect((await browser.get(callbackPath)).statusCode).toBe(302);
    const refusalsBefore = provider.refusals.length;
    // The same callback again: the site's state is spent, so the provider is not even asked.
    const replay = await browser.get(callbackPath);
    expect(replay.statusCode).toBe(400);
    expect(provider.refusals.length).toBe(refusalsBefore);
  });

  it('answers 502 without creating an account when the provider fails or does not answer in time', async () => {
    for (const mode of ['fail', 'slow'] as const) {
      provider.tokenMode = mode;
      const browser = new Browser(app);
      const started = Date.now();
      const res = await browser.get(await throughProvider(browser, `down-${mode}`));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: 'The sign-in could not be completed',
        detail: 'The provider did not confirm the sign-in',
      });
      if (mode === 'slow') expect(Date.now() - started).toBeLessThan(2500);
      const { rows } = await ctx.db.query('select 1 from accounts_users where social_subject = $1', [
        `fake-down-${mode}`,
      ]);
      expect(rows).toHaveLength(0);
    }
    provider.tokenMode = 'ok';
  });

  it('uses the configured provider for its brand only; an offered provider without configuration stays the development one', async () => {
    const other = new Browser(app, 'otherbet.example');
    // otherbet does not offer social sign-in at all.
    expect((await other.get('/web-api/socauth/google/start')).statusCode).toBe(404);
    // vk is offered by accountbet but not configured: outside production the development provider stands in.
    const vk = await new Browser(app).get('/web-api/socauth/vk/start?age_confirmed=true');
    expect(vk.headers.location).toMatch(/^\/__dev\/idp\/authorize\?/);
  });

  it('refuses the start-up when a configured provider’s secret is not set, naming the brand, the provider and the variable', async () => {
    await expect(
      buildAccountsApp(ctx.db, testClock(), { brandRegistry: await loadFixtureRegistry(brandsDir), environment: {} }),
    ).rejects.toThrow(
      `brand accountbet, social provider google: the client secret variable ${SECRET_ENV} (server.json socialProviders.google.clientSecretEnv) is not set`,
    );
  });
});
