import { describeEachDatabase } from '@tessera/server/db';
import type { FeedSimulator } from '@tessera/server/feed-simulator';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSchema } from '@tessera/server/http';
import type { FeedProviderMarket as FeedMarket } from '@tessera/shared/contract-api';
import { feedApiSchemas, feedSchema, mainLineMarket, type FeedSchemaName } from '@tessera/server/feed';
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

interface WireMarket {
  id: string;
  type: string;
  line: number | null;
  status: string;
  outcomes: Array<{ id: string; code: string; odds: number }>;
}

interface Row {
  id: number;
  startsAt: number;
  mainMarket: WireMarket | null;
  mainHandicap?: WireMarket | null;
  mainTotal?: WireMarket | null;
}

/** How far a two-way market's prices are from even (the rule's second criterion). */
const unevenness = (m: WireMarket) => Math.abs(1 / (m.outcomes[0]?.odds ?? 1) - 1 / (m.outcomes[1]?.odds ?? 1));

describeEachDatabase('feed API: the feed clock and the Asian view lines', (ctx) => {
  let sim: FeedSimulator;
  let app: FastifyInstance;

  async function get(url: string, brand = 'feedbet') {
    const res = await app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}brand=${brand}` });
    return { status: res.statusCode, body: res.json() };
  }

  beforeAll(async () => {
    sim = smallSimulator();
    ({ app } = await buildFeedTestApp(ctx.db, sim));
  });
  afterAll(() => app.close());

  it("gives every answer the feed's clock, which moves with the feed and not with the wall clock", async () => {
    // The test feed's clock starts days before the wall clock of this run and only moves when the test steps it.
    const feedNow = () => Math.floor(sim.time / 1000);
    expect(Math.abs(feedNow() * 1000 - Date.now())).toBeGreaterThan(3_600_000);
    const calls: Array<[string, FeedSchemaName]> = [
      ['LineFeed/GetSportsShortZip', 'feed-sports-response'],
      ['LineFeed/Get1x2_VZip?count=5', 'feed-games-response'],
      ['LiveFeed/Get1x2_VZip?count=5', 'feed-games-response'],
      ['LineFeed/GetChampsZip?sport=1', 'feed-champs-response'],
      ['LineFeed/GetExpressDayExtendedZip', 'feed-express-response'],
      ['LineFeed/Web_SearchZip?text=a', 'feed-search-response'],
    ];
    for (const [call, schema] of calls) {
      const { body } = await get(`/service-api/${call}`);
      expect(valid(schema, body)).toBe(true);
      expect(body.now, call).toBe(feedNow());
    }
    const before = (await get('/service-api/LineFeed/GetSportsShortZip')).body.now as number;
    sim.run(90 * 60_000);
    // A cached answer (structural: sports counts) is not served with an old clock.
    const after = (await get('/service-api/LineFeed/GetSportsShortZip')).body.now as number;
    expect(after).toBe(feedNow());
    expect(after - before).toBe(90 * 60);
  });

  it("dates the express of the day by the feed's day, not the server's", async () => {
    const { body } = await get('/service-api/LineFeed/GetExpressDayExtendedZip');
    const feedDay = new Date(sim.time).toISOString().slice(0, 10);
    expect(feedDay).toBe(new Date(SIM_START).toISOString().slice(0, 10));
    expect(feedDay).not.toBe(new Date().toISOString().slice(0, 10));
    expect(body.express.id.startsWith(`${feedDay}:`)).toBe(true);
  });

  it('selects the upcoming windows from the feed clock: tsFrom and tsTo bounds are both inclusive', async () => {
    const all = (await get('/service-api/LineFeed/Get1x2_VZip?count=500')).body as { now: number; games: Row[] };
    const first = all.games[0];
    if (!first) throw new Error('the test feed has no pre-match game');
    // A window whose upper bound is exactly the first game's start includes it; one a second shorter does not.
    const at = (await get(`/service-api/LineFeed/Get1x2_VZip?count=500&tsFrom=${all.now}&tsTo=${first.startsAt}`)).body
      .games as Row[];
    expect(at.map((g) => g.id)).toContain(first.id);
    const short = (
      await get(`/service-api/LineFeed/Get1x2_VZip?count=500&tsFrom=${all.now}&tsTo=${first.startsAt - 1}`)
    ).body.games as Row[];
    expect(short.map((g) => g.id)).not.toContain(first.id);
    const from = (await get(`/service-api/LineFeed/Get1x2_VZip?count=500&tsFrom=${first.startsAt}`)).body
      .games as Row[];
    expect(from.map((g) => g.id)).toContain(first.id);
  });

  it('lists the main handicap and the main total of every game of both feeds, the most even open line of each', async () => {
    for (const feed of ['LineFeed', 'LiveFeed'] as const) {
      const { body } = await get(`/service-api/${feed}/Get1x2_VZip?count=500`);
      expect(valid('feed-games-response', body)).toBe(true);
      const rows = body.games as Row[];
      expect(rows.length).toBeGreaterThan(0);
      let withLines = 0;
      for (const row of rows) {
        const page = (await get(`/service-api/${feed}/GetGameZip?id=${row.id}`)).body as {
          groups: Array<{ markets: WireMarket[] }>;
        };
        const markets = page.groups.flatMap((g) => g.markets);
        for (const [field, type] of [
          ['mainHandicap', 'handicap'],
          ['mainTotal', 'total'],
        ] as const) {
          const lines = markets.filter((m) => m.type === type && m.outcomes.length === 2);
          const main = row[field];
          if (lines.length === 0) {
            expect(main, `${feed} ${row.id} ${field}`).toBeNull();
            continue;
          }
          withLines++;
          // The same market, with its outcome ids and prices, as the game page has.
          expect(main).toEqual(lines.find((m) => m.id === main?.id));
          expect(main?.line).not.toBeNull();
          const open = lines.filter((m) => m.status === 'open');
          if (open.length > 0) {
            expect(main?.status).toBe('open');
            for (const other of open)
              expect(unevenness(other)).toBeGreaterThanOrEqual(unevenness(main as WireMarket) - 1e-12);
          }
        }
        // The 1X2 (or winner) stays: the European view and older clients read it.
        expect(row.mainMarket).not.toBeNull();
      }
      expect(withLines, feed).toBeGreaterThan(0);
    }
  });
});

describe('mainLineMarket', () => {
  const market = (line: number, odds: [number, number], status: FeedMarket['status'] = 'open'): FeedMarket => ({
    id: `9:handicap:${line}`,
    gameId: 9,
    groupId: 'handicaps',
    type: 'handicap',
    line,
    status,
    outcomes: (['home', 'away'] as const).map((code, i) => ({
      id: `9:handicap:${line}:${code}`,
      code,
      nameKey: `feed:outcome.${code}`,
      odds: odds[i] ?? 2,
      status,
    })),
  });

  it('picks the open line whose prices are closest to even, the smaller line on a tie', () => {
    const lines = [market(-1, [2.6, 1.5]), market(-0.5, [1.95, 1.9]), market(0, [1.5, 2.6]), market(0.5, [1.9, 1.95])];
    expect(mainLineMarket(lines, 'handicap')?.line).toBe(-0.5);
    expect(mainLineMarket([market(-0.5, [1.9, 1.9], 'suspended'), market(1, [2.2, 1.7])], 'handicap')?.line).toBe(1);
    expect(mainLineMarket([market(-0.5, [1.9, 1.9], 'suspended')], 'handicap')?.line).toBe(-0.5);
    expect(mainLineMarket(lines, 'total')).toBeUndefined();
  });
});
