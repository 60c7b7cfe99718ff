import { gunzipSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describeEachDatabase } from '@tessera/server/db';
import { FeedSimulator, createManualClock } from '@tessera/server/feed-simulator';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSchema } from '@tessera/server/http';
import { feedApiSchemas, feedSchema, type FeedSchemaName, type FeedService } from '@tessera/server/feed';
import { SIM_START, buildFeedTestApp, smallSimulator } from './testing/feed-test-app';

const ajv = new Ajv({ allErrors: true, strict: false });
for (const schema of feedApiSchemas()) ajv.addSchema(schema);
ajv.addSchema(apiSchema('error'));

function valid(name: FeedSchemaName, body: unknown): boolean {
  const check = ajv.getSchema(feedSchema(name).$id);
  if (!check) throw new Error(`schema ${name} not compiled`);
  const ok = check(body) as boolean;
  if (!ok) console.error(name, JSON.stringify(check.errors, null, 1));
  return ok;
}

interface GameRow {
  id: number;
  sportId: number;
  champId: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
  startsAt: number;
  status: string;
  mainMarket: { id: string; outcomes: Array<{ id: string; odds: number }> } | null;
}

const CYBER = new Set([40, 85, 86, 97, 4046]);

describeEachDatabase('feed API', (ctx) => {
  let sim: FeedSimulator;
  let app: FastifyInstance;
  let service: FeedService;

  async function get(url: string, brand = 'feedbet') {
    const res = await app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}brand=${brand}` });
    return { status: res.statusCode, body: res.json() };
  }

  beforeAll(async () => {
    sim = smallSimulator();
    ({ app, service } = await buildFeedTestApp(ctx.db, sim));
  });
  afterAll(() => app.close());

  it('lists line sports with game and championship counts, the brand top sports first', async () => {
    const { status, body } = await get('/service-api/LineFeed/GetSportsShortZip');
    expect(status).toBe(200);
    expect(valid('feed-sports-response', body)).toBe(true);
    expect(body.kind).toBe(3);
    const prematch = sim.snapshot().games.filter((g) => g.status === 'prematch');
    const football = prematch.filter((g) => g.sportId === 1);
    const row = body.sports.find((s: { id: number }) => s.id === 1);
    expect(row).toMatchObject({ name: 'Football', kind: 'regular', gamesCount: football.length });
    expect(row.champsCount).toBe(new Set(football.map((g) => g.champId)).size);
    expect(body.sports.slice(0, 2).map((s: { id: number }) => s.id)).toEqual([4, 1]);
    const total = body.sports.reduce((n: number, s: { gamesCount: number }) => n + s.gamesCount, 0);
    expect(total).toBe(prematch.length);
  });

  it('lists live sports as feed kind 1 with only games in play', async () => {
    const { body } = await get('/service-api/LiveFeed/GetSportsShortZip');
    expect(body.kind).toBe(1);
    const live = sim.snapshot().games.filter((g) => g.status === 'live');
    expect(body.sports.reduce((n: number, s: { gamesCount: number }) => n + s.gamesCount, 0)).toBe(live.length);
  });

  it('hides cyber sports from a brand with cyber off, in every call', async () => {
    for (const feed of ['LineFeed', 'LiveFeed']) {
      const sports = (await get(`/service-api/${feed}/GetSportsShortZip`, 'nocyber')).body.sports as Array<{
        id: number;
        kind: string;
      }>;
      expect(sports.length).toBeGreaterThan(0);
      expect(sports.filter((s) => s.kind !== 'regular')).toEqual([]);
      const games = (await get(`/service-api/${feed}/Get1x2_VZip?count=500`, 'nocyber')).body.games as GameRow[];
      expect(games.filter((g) => CYBER.has(g.sportId))).toEqual([]);
    }
    const cyberGame = sim.snapshot().games.find((g) => CYBER.has(g.sportId));
    expect(cyberGame).toBeDefined();
    expect((await get(`/service-api/LineFeed/GetGameZip?id=${cyberGame?.id}`, 'nocyber')).status).toBe(404);
    expect((await get(`/service-api/LineFeed/GetGameZip?id=${cyberGame?.id}`)).status).toBe(200);
    expect((await get('/service-api/LineFeed/Web_SearchZip?text=CS2', 'nocyber')).body.champs).toEqual([]);
  });

  it('applies country rules: feedbet in Russia shows no hockey, by ISO code or spec country id', async () => {
    const ids = async (q: string) =>
      ((await get(`/service-api/LineFeed/GetSportsShortZip${q}`)).body.sports as Array<{ id: number }>).map(
        (s) => s.id,
      );
    expect(await ids('')).toContain(2);
    expect(await ids('?country=ru')).not.toContain(2);
    expect(await ids('?country=1')).not.toContain(2);
    expect(await ids('?fcountry=RU')).not.toContain(2);
    const refused = await get('/service-api/LineFeed/GetSportsShortZip?country=de');
    expect(refused.status).toBe(400);
    expect(refused.body.validation_errors[0].field).toBe('country');
    expect((await get('/service-api/LineFeed/GetSportsShortZip?country=9999')).status).toBe(400);
  });

  it('lists the championships of a sport with game counts; an unknown sport gives an empty list', async () => {
    const { body } = await get('/service-api/LineFeed/GetChampsZip?sport=1');
    expect(valid('feed-champs-response', body)).toBe(true);
    expect(body.champs.length).toBeGreaterThan(0);
    expect(body.champs.every((c: { sportId: number }) => c.sportId === 1)).toBe(true);
    const football = sim.snapshot().games.filter((g) => g.status === 'prematch' && g.sportId === 1).length;
    expect(body.champs.reduce((n: number, c: { gamesCount: number }) => n + c.gamesCount, 0)).toBe(football);
    expect((await get('/service-api/LineFeed/GetChampsZip?sportId=1')).body.champs).toEqual(body.champs);
    const unknown = await get('/service-api/LineFeed/GetChampsZip?sport=999999');
    expect(unknown.status).toBe(200);
    expect(unknown.body.champs).toEqual([]);
  });

  it('answers one championship with its games, and 404 for an unknown one', async () => {
    const champId = (await get('/service-api/LineFeed/GetChampsZip?sport=1')).body.champs[0].id as number;
    const { status, body } = await get(`/service-api/LineFeed/GetChampZip?champ=${champId}`);
    expect(status).toBe(200);
    expect(valid('feed-champ-response', body)).toBe(true);
    expect(body.champ.id).toBe(champId);
    expect(body.games.length).toBe(body.champ.gamesCount);
    expect(body.games.every((g: GameRow) => g.champId === champId)).toBe(true);
    expect((await get(`/service-api/LineFeed/GetChampZip?champid=${champId}`)).body.champ.id).toBe(champId);
    const unknown = await get('/service-api/LineFeed/GetChampZip?champ=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Championship not found' });
    expect((await get('/service-api/LineFeed/GetChampZip')).status).toBe(400);
  });

  it('lists games with teams, start, live state and main-market odds with outcome ids', async () => {
    const { body } = await get('/service-api/LiveFeed/Get1x2_VZip?count=3');
    expect(valid('feed-games-response', body)).toBe(true);
    expect(body.games).toHaveLength(3);
    for (const g of body.games as Array<GameRow & { live: { score: unknown } | null }>) {
      expect(g.status).toBe('live');
      expect(g.live).not.toBeNull();
      const market = sim.snapshot().markets[g.id]?.find((m) => m.id === g.mainMarket?.id);
      expect(g.mainMarket?.outcomes.map((o) => [o.id, o.odds])).toEqual(market?.outcomes.map((o) => [o.id, o.odds]));
    }
    const bySports = (await get('/service-api/LineFeed/Get1x2_VZip?sports=3,1&count=500')).body.games as GameRow[];
    expect(new Set(bySports.map((g) => g.sportId))).toEqual(new Set([1, 3]));
    const starts = bySports.map((g) => g.startsAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('answers the odds of now after the feed moved (cached answers follow the read model)', async () => {
    const url = '/service-api/LiveFeed/Get1x2_VZip?count=500';
    const odds = (games: GameRow[]) =>
      games.map((g): [number, number[] | undefined] => [g.id, g.mainMarket?.outcomes.map((o) => o.odds)]);
    const before = (await get(url)).body;
    expect((await get(url)).body).toEqual(before);
    const batch = sim.run(60_000);
    expect(batch.events.some((e) => e.type === 'odds.changed')).toBe(true);
    const after = (await get(url)).body;
    expect(after.version).toBeGreaterThan(before.version);
    const expected = sim
      .snapshot()
      .games.filter((g) => g.status === 'live')
      .map((g): [number, number[] | undefined] => [
        g.id,
        sim
          .snapshot()
          .markets[g.id]?.find((m) => m.id === `${g.id}:${m.type}` && (m.type === '1x2' || m.type === 'winner'))
          ?.outcomes.map((o) => o.odds),
      ]);
    expect(new Map(odds(after.games))).toEqual(new Map(expected));
  });

  it('sends large answers gzip-compressed to clients that accept it, identical once decompressed', async () => {
    const url = '/service-api/LineFeed/Get1x2_VZip?count=500&brand=feedbet';
    const plain = await app.inject({ url });
    const zipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('answers a revalidation with 304 and no body while the answer holds, and in full once the feed moved', async () => {
    const url = '/service-api/LiveFeed/Get1x2_VZip?count=500&brand=feedbet';
    const first = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const plain = await app.inject({ url });
    expect(plain.headers['etag']).toBe(etag);
    const same = await app.inject({ url, headers: { 'if-none-match': `"other", ${String(etag)}` } });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['etag']).toBe(etag);
    expect(same.headers['x-content-type-options']).toBe('nosniff');
    // Another brand's answer under the same path differs (no cyber sports), so the validator does not carry over.
    const otherBrand = await app.inject({
      url: url.replace('feedbet', 'nocyber'),
      headers: { 'if-none-match': String(etag) },
    });
    expect(otherBrand.statusCode).toBe(200);
    expect(otherBrand.headers['etag']).not.toBe(etag);
    expect(sim.run(60_000).events.some((e) => e.type === 'odds.changed')).toBe(true);
    const moved = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['etag']).not.toBe(etag);
    expect(moved.json().version).toBeGreaterThan(plain.json().version);
  });

  it('filters games by start time (tsFrom, tsTo in Unix seconds)', async () => {
    const all = (await get('/service-api/LineFeed/Get1x2_VZip?count=500')).body.games as GameRow[];
    const middle = all[Math.floor(all.length / 2)]?.startsAt ?? 0;
    const later = (await get(`/service-api/LineFeed/Get1x2_VZip?count=500&tsFrom=${middle}`)).body.games as GameRow[];
    expect(later.length).toBe(all.filter((g) => g.startsAt >= middle).length);
    const earlier = (await get(`/service-api/LineFeed/Get1x2_VZip?count=500&tsTo=${middle}`)).body.games as GameRow[];
    expect(earlier.every((g) => g.startsAt <= middle)).toBe(true);
  });

  it('refuses garbage parameters with 400 in the error shape, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/service-api/LineFeed/Get1x2_VZip?count=100000', 'count'],
      ['/service-api/LineFeed/Get1x2_VZip?count=0', 'count'],
      ['/service-api/LineFeed/Get1x2_VZip?sport=abc', 'sport'],
      ['/service-api/LineFeed/Get1x2_VZip?sports=1,x', 'sports'],
      ['/service-api/LineFeed/Get1x2_VZip?tsFrom=-5', 'tsFrom'],
      ['/service-api/LineFeed/Get1x2_VZip?tsFrom=2000&tsTo=1000', 'tsTo'],
      ['/service-api/LiveFeed/GetGameZip?id=1e3x', 'id'],
      ['/service-api/LineFeed/GetChampZip?champ=-1', 'champ'],
      ['/service-api/LineFeed/Web_SearchZip?text=a&limit=1000', 'limit'],
      ['/service-api/LineFeed/GetGamesTeamZip', 'teams'],
      ['/service-api/LineFeed/GetSportsShortZip?lng=de', 'lng'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await get(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(ajv.validate(apiSchema('error').$id, body)).toBe(true);
      expect(body.validation_errors[0].field).toBe(field);
    }
  });

  it('answers unknown ids in every call of both feeds with an empty answer or 404, never an error', async () => {
    const unknown: Record<string, string> = {
      GetSportsShortZip: 'sports=999999&champs=888888',
      GetChampsZip: 'sport=999999',
      GetChampZip: 'champ=888888',
      Get1x2_VZip: 'sports=999999&champs=888888',
      GetGameZip: 'id=9007199254740991',
      Web_SearchZip: 'text=zzzzqqqq',
      GetExpressDayExtendedZip: 'count=3',
      WebGetTopChampsZip: 'count=3',
      GetTopGamesStatZip: 'count=3',
      GetGamesTeamZip: 'teams=777777,777778',
      GetFavoritesZip: 'games=1,2,3,9999999999999999',
    };
    for (const feed of ['LineFeed', 'LiveFeed']) {
      for (const [call, query] of Object.entries(unknown)) {
        const url = `/service-api/${feed}/${call}?${query}`;
        const { status, body } = await get(url);
        if (call === 'GetChampZip' || call === 'GetGameZip') {
          expect({ url, status }).toEqual({ url, status: 404 });
          expect(ajv.validate(apiSchema('error').$id, body)).toBe(true);
        } else {
          expect({ url, status }).toEqual({ url, status: 200 });
          const lists = ['sports', 'champs', 'games'].filter(
            (k) =>
              k in body && !['GetExpressDayExtendedZip', 'WebGetTopChampsZip', 'GetTopGamesStatZip'].includes(call),
          );
          for (const k of lists) expect({ url, [k]: body[k] }).toEqual({ url, [k]: [] });
        }
      }
    }
  });

  it('answers garbage in any parameter of any call with 400 in the error shape or an ordinary answer, never a 5xx', async () => {
    const garbage = [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e309',
      '99999999999999999999',
      '',
      '1,,2',
      ',',
      '%00',
      '<script>',
      'x'.repeat(5000),
    ];
    const params = [
      'lng',
      'country',
      'sport',
      'sports',
      'champ',
      'champs',
      'id',
      'games',
      'teams',
      'count',
      'limit',
      'tsFrom',
      'tsTo',
      'text',
      'strict',
      'virtualSports',
      'unknownParam',
    ];
    let refused = 0;
    for (const call of [
      'GetSportsShortZip',
      'GetChampZip',
      'Get1x2_VZip',
      'GetGameZip',
      'Web_SearchZip',
      'GetFavoritesZip',
    ]) {
      for (const param of params) {
        for (const value of garbage) {
          const url = `/service-api/LiveFeed/${call}?${param}=${encodeURIComponent(value)}`;
          const res = await app.inject({ url: `${url}&brand=feedbet` });
          expect({ url, status: res.statusCode < 500 }).toEqual({ url, status: true });
          if (res.statusCode === 400) {
            refused++;
            expect(ajv.validate(apiSchema('error').$id, res.json())).toBe(true);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('answers a game with all its markets by group; unknown ids give 404', async () => {
    const game = sim.snapshot().games.find((g) => g.status === 'prematch' && g.sportId === 1);
    const { status, body } = await get(`/service-api/LineFeed/GetGameZip?id=${game?.id}`);
    expect(status).toBe(200);
    expect(valid('feed-game-response', body)).toBe(true);
    expect(body.game.home.name).toBe(game?.home.name);
    expect(body.groups.map((g: { id: string }) => g.id)).toEqual(['main', 'totals', 'handicaps', 'goals']);
    const marketIds = body.groups.flatMap((g: { markets: Array<{ id: string }> }) => g.markets.map((m) => m.id));
    expect(marketIds.sort()).toEqual((sim.snapshot().markets[game?.id ?? 0] ?? []).map((m) => m.id).sort());
    expect((await get(`/service-api/LineFeed/GetGameZip?gameId=${game?.id}`)).body.game.id).toBe(game?.id);
    const unknown = await get('/service-api/LineFeed/GetGameZip?id=424242');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Game not found');
  });

  it('searches games by team words and championships by name; an over-long text is cut, not refused', async () => {
    const game = sim.snapshot().games.find((g) => g.status === 'prematch');
    const word = game?.home.name.split(' ').at(-1) ?? '';
    const { body } = await get(
      `/service-api/LineFeed/Web_SearchZip?text=${encodeURIComponent(game?.home.name.toUpperCase() ?? '')}`,
    );
    expect(valid('feed-search-response', body)).toBe(true);
    expect(body.games.map((g: GameRow) => g.id)).toContain(game?.id);
    const loose = (await get(`/service-api/LineFeed/Web_SearchZip?text=${word}&limit=2`)).body;
    expect(loose.games.length).toBeLessThanOrEqual(2);
    const champs = (await get('/service-api/LineFeed/Web_SearchZip?text=premier league')).body.champs as Array<{
      name: string;
    }>;
    expect(champs.length).toBeGreaterThan(0);
    expect(champs.every((c) => c.name.toLowerCase().includes('premier'))).toBe(true);
    const long = await get(`/service-api/LineFeed/Web_SearchZip?text=${'x'.repeat(150)}`);
    expect(long.status).toBe(200);
    expect(long.body.text).toHaveLength(100);
    expect(long.body.games).toEqual([]);
    // Cut by characters, not UTF-16 units: the emoji at the 100th character stays whole.
    const emoji = await get(`/service-api/LineFeed/Web_SearchZip?text=${encodeURIComponent(`${'x'.repeat(99)}😀yz`)}`);
    expect(emoji.status).toBe(200);
    expect(emoji.body.text).toBe(`${'x'.repeat(99)}😀`);
    const emojis = (
      await get(`/service-api/LineFeed/Web_SearchZip?text=${encodeURIComponent('⚽'.repeat(30) + '🏀'.repeat(120))}`)
    ).body.text as string;
    expect([...emojis]).toHaveLength(100);
    expect(emojis).toBe('⚽'.repeat(30) + '🏀'.repeat(70));
    expect((await get('/service-api/LineFeed/Web_SearchZip?text=premier&Language=ru')).status).toBe(200);
  });

  it('offers the express of the day: favourites of games from different championships, unless the brand has it off', async () => {
    const { body } = await get('/service-api/LineFeed/GetExpressDayExtendedZip');
    expect(valid('feed-express-response', body)).toBe(true);
    const events = body.express.events as Array<{ game: GameRow; outcomeId: string; odds: number }>;
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((e) => e.game.champId)).size).toBe(events.length);
    for (const e of events) {
      const outcomes = e.game.mainMarket?.outcomes ?? [];
      expect(e.odds).toBe(Math.min(...outcomes.map((o) => o.odds)));
      expect(outcomes.map((o) => o.id)).toContain(e.outcomeId);
    }
    expect(body.express.totalOdds).toBeCloseTo(
      events.reduce((p, e) => p * e.odds, 1),
      2,
    );
    expect((await get('/service-api/LineFeed/GetExpressDayExtendedZip', 'nocyber')).body.express).toBeNull();
  });

  it('answers top championships, top games, games of a team and favourites', async () => {
    const top = (await get('/service-api/LineFeed/WebGetTopChampsZip?count=3')).body;
    expect(valid('feed-champs-response', top)).toBe(true);
    expect(top.champs).toHaveLength(3);
    expect(top.champs[0].tier).toBe(1);
    const topGames = (await get('/service-api/LineFeed/GetTopGamesStatZip?count=5')).body;
    expect(valid('feed-games-response', topGames)).toBe(true);
    expect(topGames.games).toHaveLength(5);

    const game = sim.snapshot().games.find((g) => g.status === 'prematch');
    const team = (await get(`/service-api/LineFeed/GetGamesTeamZip?teams=${game?.home.id}`)).body.games as GameRow[];
    expect(team.map((g) => g.id)).toContain(game?.id);
    expect(team.every((g) => g.home.id === game?.home.id || g.away.id === game?.home.id)).toBe(true);

    const [a, b] = sim
      .snapshot()
      .games.filter((g) => g.status === 'prematch')
      .slice(-2);
    const fav = (await get(`/service-api/LineFeed/GetFavoritesZip?games=${b?.id},999999,${a?.id}`)).body;
    expect(valid('feed-games-response', fav)).toBe(true);
    expect(fav.games.map((g: GameRow) => g.id)).toEqual([b?.id, a?.id]);
    expect((await get('/service-api/LineFeed/GetFavoritesZip')).body.games).toEqual([]);
  });

  it('publishes every feed call of both feeds in a valid OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api-docs/openapi.json' })).json();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const paths = Object.keys(doc.paths).filter((p) => /^\/service-api\/(LineFeed|LiveFeed)\//.test(p));
    expect(paths).toContain('/service-api/LineFeed/GetSportsShortZip');
    expect(paths).toContain('/service-api/LiveFeed/GetExpressDayExtendedZip');
    // 11 calls under each feed; the WebSocket channel is described by the FeedPushMessage component instead.
    expect(paths.length).toBe(22);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['FeedGameRow', 'FeedPushMessage']));
  });

  it('stores odds ticks in batches and results durably', async () => {
    const batch = sim.run(3 * 60 * 60 * 1000);
    await service.flush();
    const finished = batch.events.filter((e) => e.type === 'game.finished').map((e) => e.gameId);
    expect(finished.length).toBeGreaterThan(0);
    const { rows } = await ctx.db.query<{ game_id: string }>('select game_id from feed_results');
    expect(rows.map((r) => Number(r.game_id))).toEqual(expect.arrayContaining(finished));

    const live = sim.snapshot().games.filter((g) => g.status === 'live');
    const expected = live.flatMap((g) =>
      (sim.snapshot().markets[g.id] ?? []).flatMap((m) => m.outcomes.map((o) => [o.id, o.odds] as const)),
    );
    const stored = await ctx.db.query<{ id: string; odds: string }>(
      `select id, odds from feed_outcomes where game_id = any(select (jsonb_array_elements_text($1::jsonb))::bigint)`,
      [JSON.stringify(live.map((g) => g.id))],
    );
    const byId = new Map(stored.rows.map((r) => [r.id, Number(r.odds)]));
    expect(expected.filter(([id, odds]) => byId.get(id) !== odds)).toEqual([]);
  });

  it('rebuilds the read model from the database on restart, before any provider answers', async () => {
    const before = (await get('/service-api/LiveFeed/Get1x2_VZip?count=500')).body;
    const beforeSports = (await get('/service-api/LineFeed/GetSportsShortZip')).body.sports;
    await app.close();
    ({ app, service } = await buildFeedTestApp(ctx.db, undefined));
    const after = (await get('/service-api/LiveFeed/Get1x2_VZip?count=500')).body;
    expect(after.games.length).toBeGreaterThan(0);
    expect(after.games).toEqual(before.games);
    expect((await get('/service-api/LineFeed/GetSportsShortZip')).body.sports).toEqual(beforeSports);
  });

  it('gives a simulator started later new game ids, so stored games and their results keep their identity', async () => {
    const stored = await ctx.db.query<{ id: string; home_name: string; away_name: string }>(
      'select g.id, g.home_name, g.away_name from feed_games g join feed_results r on r.game_id = g.id',
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    await app.close();
    // The process restarts four hours later with the same seed, as main.ts does: bets settle against game ids.
    const restarted = new FeedSimulator({
      seed: 7,
      clock: createManualClock(SIM_START + 4 * 3_600_000),
      prematchGames: 40,
      liveGames: 10,
    });
    ({ app, service } = await buildFeedTestApp(ctx.db, restarted));
    const storedIds = new Set(stored.rows.map((r) => Number(r.id)));
    expect(restarted.snapshot().games.filter((g) => storedIds.has(g.id))).toEqual([]);
    await service.flush();
    const after = await ctx.db.query<{ id: string; home_name: string; away_name: string }>(
      'select g.id, g.home_name, g.away_name from feed_games g join feed_results r on r.game_id = g.id',
    );
    expect(after.rows).toEqual(expect.arrayContaining(stored.rows));
  });

  it('takes a new provider snapshot as the truth: games it no longer has leave the feed', async () => {
    await app.close();
    const other = new FeedSimulator({
      seed: 99,
      clock: createManualClock(SIM_START + 5 * 3_600_000),
      prematchGames: 40,
      liveGames: 10,
    });
    ({ app, service } = await buildFeedTestApp(ctx.db, other));
    const ids = ((await get('/service-api/LineFeed/Get1x2_VZip?count=500')).body.games as GameRow[])
      .map((g) => g.id)
      .sort();
    const expected = other
      .snapshot()
      .games.filter((g) => g.status === 'prematch')
      .map((g) => g.id)
      .sort();
    expect(ids).toEqual(expected);
    await service.flush();
    const { rows } = await ctx.db.query<{ n: string }>('select count(*) as n from feed_games where removed_at is null');
    expect(Number(rows[0]?.n)).toBe(other.snapshot().games.length);
  });
});
