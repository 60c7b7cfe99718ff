import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedIpCountryLookup } from '@tessera/server/accounts';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import { b64, Browser } from './testing/accounts-test-kit';

/**
 * geobet (de, at; registration.countryCheck defaults: mismatch refuse, unknown flag; at.json: mismatch flag) and
 * strictbet (de, at; unknown refuse). Public addresses are placed by the real geoip-country data: 194.25.0.1 Deutsche
 * Telekom (DE), 80.120.0.1 A1 Telekom Austria (AT), 81.2.69.142 (GB, MaxMind's own test address).
 */
const worldBrandsDir = fileURLToPath(new URL('./testing/world-brands', import.meta.url));
const GERMAN_IP = '194.25.0.1';
const AUSTRIAN_IP = '80.120.0.1';
const BRITISH_IP = '81.2.69.142';

const fast = (country: string) => ({ variant: 'fast', country, currency: 'EUR', age_confirmed: true });

// ADR 0195: the country that sets tax and compliance is checked against the connection's.
describeEachDatabase('registration: the declared country against the IP country', (ctx) => {
  let app: FastifyInstance;
  let fixed: FastifyInstance;
  beforeAll(async () => {
    const registry = await loadFixtureRegistry(worldBrandsDir);
    app = await buildTestApp(ctx.db, { brandRegistry: registry });
    // A fixed table places test addresses the real data never would (127.0.0.x is loopback: unknown).
    fixed = await buildTestApp(ctx.db, {
      brandRegistry: registry,
      ipCountry: fixedIpCountryLookup({ '127.0.0.2': 'AT', '127.0.0.3': 'DE' }),
    });
    await Promise.all([app.ready(), fixed.ready()]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), fixed.close()]);
  });

  const users = async (): Promise<number> =>
    Number((await ctx.db.query<{ n: string }>('select count(*) as n from accounts_users')).rows[0]?.n);
  const checkOf = async (id: string) =>
    (
      await ctx.db.query<{
        declared_country: string;
        ip_country: string | null;
        outcome: string;
        verification: string;
      }>('select declared_country, ip_country, outcome, verification from accounts_country_checks where user_id = $1', [
        id,
      ])
    ).rows[0];
  const flaggedEvents = async (id: string): Promise<number> =>
    Number(
      (
        await ctx.db.query<{ n: string }>(
          "select count(*) as n from accounts_security_events where user_id = $1 and kind = 'country_verification_required'",
          [id],
        )
      ).rows[0]?.n,
    );
  const countryOf = async (id: string) =>
    (await ctx.db.query<{ country: string }>('select country from accounts_users where id = $1', [id])).rows[0]
      ?.country;

  it('item 3: a German address declaring Austria is refused under refuse (the stricter of both countries), and nothing is written', async () => {
    const before = await users();
    const refused = await new Browser(app, 'geobet.example', 'Vitest', GERMAN_IP).post(
      '/web-api/user/registration',
      fast('at'),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Registration is not possible for this country from your location',
      detail:
        'The country you register with must be the country you are in. Choose your country of residence, or register from there',
      validation_errors: [{ field: 'country', message: 'does not match the country of your connection' }],
    });
    // Same under the country cookie the site's country selector sets: the declared country is whichever is used.
    const byCookie = await new Browser(app, 'geobet.example', 'Vitest', GERMAN_IP).post(
      '/web-api/user/registration',
      { variant: 'fast', currency: 'EUR', age_confirmed: true },
      { cookie: 'tessera_country=at' },
    );
    expect([byCookie.statusCode, byCookie.json().validation_errors]).toEqual([
      403,
      [{ field: 'country', message: 'does not match the country of your connection' }],
    ]);
    expect(await users()).toBe(before);

    const matching = await new Browser(app, 'geobet.example', 'Vitest', GERMAN_IP).post(
      '/web-api/user/registration',
      fast('de'),
    );
    expect(matching.statusCode).toBe(201);
    expect(await checkOf(matching.json().account_id)).toEqual({
      declared_country: 'de',
      ip_country: 'de',
      outcome: 'match',
      verification: 'not_required',
    });
  });

  it('item 3: under flag the mismatch registers and the account is flagged for verification', async () => {
    // Austria's layer flags; Britain is not served by geobet, so only Austria's setting applies.
    const flagged = await new Browser(app, 'geobet.example', 'Vitest', BRITISH_IP).post(
      '/web-api/user/registration',
      fast('at'),
    );
    expect(flagged.statusCode).toBe(201);
    const id = flagged.json().account_id as string;
    expect(await checkOf(id)).toEqual({
      declared_country: 'at',
      ip_country: 'gb',
      outcome: 'mismatch',
      verification: 'required',
    });
    expect(await flaggedEvents(id)).toBe(1);
    expect(await countryOf(id)).toBe('at');
    // An Austrian address declaring Germany meets Germany's refuse.
    const refused = await new Browser(app, 'geobet.example', 'Vitest', `::ffff:${AUSTRIAN_IP}`).post(
      '/web-api/user/registration',
      fast('de'),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('item 3: an unknown address (loopback, private, mapped private) is flagged by default and refused where the brand says so', async () => {
    for (const ip of ['127.0.0.1', '10.1.0.1', '::ffff:192.168.1.1', '::1']) {
      const res = await new Browser(app, 'geobet.example', 'Vitest', ip).post('/web-api/user/registration', fast('de'));
      expect(res.statusCode, ip).toBe(201);
      expect(await checkOf(res.json().account_id), ip).toEqual({
        declared_country: 'de',
        ip_country: null,
        outcome: 'unknown',
        verification: 'required',
      });
    }
    const before = await users();
    const strict = await new Browser(app, 'strictbet.example', 'Vitest', '127.0.0.1').post(
      '/web-api/user/registration',
      fast('de'),
    );
    expect(strict.statusCode).toBe(403);
    expect(strict.json()).toMatchObject({
      message: 'Registration is not possible from your connection',
      validation_errors: [{ field: 'country', message: 'cannot be checked from your connection' }],
    });
    // A known address still registers on strictbet.
    expect(
      (await new Browser(app, 'strictbet.example', 'Vitest', GERMAN_IP).post('/web-api/user/registration', fast('de')))
        .statusCode,
    ).toBe(201);
    expect(await users()).toBe(before + 1);
  });

  it('item 3: the lookup is an interface: a fixed table places test addresses', async () => {
    const refused = await new Browser(fixed, 'geobet.example', 'Vitest', '127.0.0.3').post(
      '/web-api/user/registration',
      fast('at'),
    );
    expect(refused.statusCode).toBe(403);
    const matching = await new Browser(fixed, 'geobet.example', 'Vitest', '127.0.0.2').post(
      '/web-api/user/registration',
      fast('at'),
    );
    expect(matching.statusCode).toBe(201);
    expect(await checkOf(matching.json().account_id)).toMatchObject({
      ip_country: 'at',
      outcome: 'match',
      verification: 'not_required',
    });
  });

  it('item 3: once registered, the player cannot change the country: not by the site country selector, not through the account routes', async () => {
    const browser = new Browser(app, 'geobet.example', 'Vitest', GERMAN_IP);
    const registered = await browser.post('/web-api/user/registration', fast('de'));
    const id = registered.json().account_id as string;
    const password = registered.json().password as string;
    expect((await browser.get('/web-api/site-config?country=at')).statusCode).toBe(200);
    // Account routes take no country: a request that sends one is refused as it is (strict bodies), not applied.
    const change = await browser.put('/web-api/api/web/user/v1/password', {
      data: {
        attributes: {
          old_password: b64(password),
          password: b64('Sunny-Meadow-Lantern-42'),
          password_confirmation: b64('Sunny-Meadow-Lantern-42'),
          country: 'at',
        },
      },
    });
    expect(change.statusCode).toBe(400);
    expect(await countryOf(id)).toBe('de');
  });
});
