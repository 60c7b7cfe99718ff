import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import { describeEachDatabase } from '@tessera/server/db';
import { SandboxExclusionRegister, SANDBOX_REGISTER_LISTINGS } from '@tessera/server/responsible';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, registerByEmail } from '../modules/auth/testing/accounts-test-kit';
import { fund, GAME_IDS, ScriptedFeed } from '../modules/bets/testing/bets-test-kit';
import { buildTestApp, loadFixtureRegistry } from '../testing/test-app';

/**
 * DEGGL-LIVE-1 over HTTP, against the licensed-bet fixture (de under de-ggl, ca under on-agco, nothing else set about
 * live markets): once a game is live, a German player's feed shows only its final-result markets and a bet on any
 * other market is refused; a player in Ontario sees and bets on them all. Named by the rule for
 * jurisdiction-conformance.meta.test.ts.
 */
const brandsDir = fileURLToPath(new URL('./brands', import.meta.url));
const HOST = 'licensed-bet.example';

describeEachDatabase('live markets a jurisdiction allows, over HTTP (DEGGL-LIVE-1)', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  const live = GAME_IDS[5] as number;
  const prematch = GAME_IDS[6] as number;
  let counter = 0;

  beforeAll(async () => {
    feed = new ScriptedFeed();
    const control = new ControllableFeed(feed);
    app = await buildTestApp(ctx.db, {
      brandsDir,
      brandRegistry: await loadFixtureRegistry(brandsDir),
      rateLimitPerMinute: 100_000,
      mode: 'test',
      logger: false,
      feed: { provider: control, flushIntervalMs: 60_000 },
      feedControl: control,
      responsible: {
        registers: { sandbox: new SandboxExclusionRegister([...SANDBOX_REGISTER_LISTINGS]) },
        registerTimeoutMs: 150,
      },
    });
    await app.ready();
    feed.start(live);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A funded player of the country, with the deposit limit Germany asks for before play (DEGGL-DL-4) set. */
  async function player(country: 'de' | 'ca') {
    const browser = new Browser(app, HOST);
    const email = `live${++counter}.${country}.${Date.now()}@example.com`;
    const res = await registerByEmail(app, browser, { email, country, currency: 'EUR' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const userId = (res.json() as { account_id: string }).account_id;
    if (country === 'de') {
      const set = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'month', amount: 1000 });
      expect(set.statusCode, set.body).toBe(200);
    }
    await fund(ctx.db, userId, 50);
    return browser;
  }

  const bet = (browser: Browser, gameId: number, outcomeId: string, coef: number) =>
    browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
      betGUID: crypto.randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [{ gameId, outcomeId, coef }],
    });

  /** The market types of a game's page and its row in the live feed, for a visitor from the country. */
  async function seen(country: 'de' | 'ca', gameId: number, feedName = 'LiveFeed') {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
    const page = await get(`/service-api/${feedName}/GetGameZip?id=${gameId}&country=${country}&lng=en`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as {
      game: { mainTotal: unknown; marketsCount: number };
      groups: Array<{ markets: Array<{ type: string }> }>;
    };
    return {
      types: body.groups.flatMap((g) => g.markets.map((m) => m.type)).sort(),
      row: { mainTotal: body.game.mainTotal !== null, marketsCount: body.game.marketsCount },
    };
  }

  it('DEGGL-LIVE-1: during a match a German player sees and bets only on the final result', async () => {
    expect(await seen('de', live)).toEqual({ types: ['1x2'], row: { mainTotal: false, marketsCount: 1 } });
    expect(await seen('ca', live)).toEqual({ types: ['1x2', 'total'], row: { mainTotal: true, marketsCount: 2 } });
    // Before kick-off every market stays open, in Germany too.
    expect((await seen('de', prematch, 'LineFeed')).types).toEqual(['1x2', 'total']);

    const de = await player('de');
    const refused = await bet(de, live, `${live}:total:2.25:over`, 1.9);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      error_code: 1050,
      detail: expect.stringMatching(/^live_market_not_offered: /),
    });
    expect((await bet(de, live, `${live}:1x2:home`, 2)).statusCode).toBeLessThan(300);
    expect((await bet(de, prematch, `${prematch}:total:2.25:over`, 1.9)).statusCode).toBeLessThan(300);

    const ca = await player('ca');
    expect((await bet(ca, live, `${live}:total:2.25:over`, 1.9)).statusCode).toBeLessThan(300);
  });
});
