import { testBrandPayload } from '@tessera/shared/util-testing';
import type { FeedGameRow } from '@tessera/sportsbook/data-access-feed';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';

const assets = { scripts: ['/assets/entry-client.js'], styles: [] };
const guest = { status: 'guest' } as const;
const brand = testBrandPayload({ language: 'en', country: 'gb' });

function game(id: number, status: 'prematch' | 'live'): FeedGameRow {
  const marketId = `${id}:1x2`;
  return {
    id,
    kind: status === 'live' ? 1 : 3,
    sportId: 1,
    sportName: 'Football',
    champId: 10,
    champName: 'Premier League',
    countryId: 1,
    home: { id: id * 10 + 1, name: `Home ${id}` },
    away: { id: id * 10 + 2, name: `Away ${id}` },
    startsAt: 1_800_000_000,
    status,
    live: status === 'live' ? { period: 2, clockSeconds: 3000, clockRunning: true, score: { home: 2, away: 1 }, periodScores: [] } : null,
    mainMarket: {
      id: marketId,
      type: '1x2',
      line: null,
      status: 'open',
      suspendReason: null,
      outcomes: (['home', 'draw', 'away'] as const).map((code, i) => ({ id: `${marketId}:${code}`, code, nameKey: `feed:outcome.${code}`, odds: [2.5, 3.2, 2.9][i] ?? 2, status: 'open' as const })),
    },
    marketsCount: 12,
  };
}

/** The API as the server render reaches it, answering the feed calls from fixtures and recording what was asked. */
function fakeApi(answer: (path: string) => { status: number; body: unknown }) {
  const asked: string[] = [];
  return {
    asked,
    api: {
      fetch: async (input: string | URL | Request) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x.invalid');
        asked.push(`${url.pathname}${url.search}`);
        const { status, body } = answer(url.pathname);
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      },
    },
  };
}

function feedAnswer(kind: 1 | 3, games: FeedGameRow[]) {
  return (path: string) =>
    path.endsWith('/GetSportsShortZip')
      ? { status: 200, body: { kind, version: 7, sports: [{ id: 1, name: 'Football', kind: 'regular', gamesCount: games.length, champsCount: 1 }] } }
      : path.endsWith('/Get1x2_VZip')
        ? { status: 200, body: { kind, version: 7, games } }
        : { status: 404, body: { message: 'Not found' } };
}

function embeddedQueries(html: string): Array<{ queryKey: unknown[]; state: { status: string } }> {
  const match = /window\.__TESSERA__=(.*?)<\/script>/.exec(html);
  const payload = match?.[1] ? (JSON.parse(match[1]) as { queries?: { queries?: Array<{ queryKey: unknown[]; state: { status: string } }> } }) : undefined;
  return payload?.queries?.queries ?? [];
}

describe('server render of the sportsbook with data (ADR 0131)', () => {
  it('puts the line’s championships, games and odds into the first HTML and hands the answers over for hydration', async () => {
    const { api, asked } = fakeApi(feedAnswer(3, [game(11, 'prematch'), game(12, 'prematch')]));
    const result = await render({ url: '/en/line', brand, session: guest, assets, api });
    expect(result.status).toBe(200);
    expect(asked).toEqual([
      '/service-api/LineFeed/GetSportsShortZip?lng=en&country=gb',
      '/service-api/LineFeed/Get1x2_VZip?lng=en&country=gb&sport=1&count=150',
    ]);
    const body = result.html.slice(result.html.indexOf('<body'));
    expect(body).toContain('Premier League');
    expect(body).toContain('Home 11 – Away 11');
    expect(body).toContain('aria-label="Home 12 – Away 12, Match result, X, 3.20"');
    expect(embeddedQueries(result.html).map((q) => [q.queryKey[1], q.state.status])).toEqual([
      ['sports', 'success'],
      ['games', 'success'],
    ]);
  });

  it('puts the live games with score and odds into the first HTML of the live page', async () => {
    const { api, asked } = fakeApi(feedAnswer(1, [game(21, 'live')]));
    const result = await render({ url: '/en/live/1', brand, session: guest, assets, api });
    expect(result.status).toBe(200);
    expect(asked).toContain('/service-api/LiveFeed/Get1x2_VZip?lng=en&country=gb&sport=1&count=300');
    const body = result.html.slice(result.html.indexOf('<body'));
    expect(body).toContain('Home 21 – Away 21');
    expect(body).toMatch(/data-testid="score-21"[^>]*>2<!-- -->:<!-- -->1</);
    expect(body).toContain('aria-label="Home 21 – Away 21, Match result, 1, 2.50"');
  });

  it('renders the page without the feed when the calls fail, and hands no failed answer to the browser', async () => {
    const { api } = fakeApi(() => ({ status: 500, body: { message: 'down' } }));
    const result = await render({ url: '/en/line', brand, session: guest, assets, api });
    expect(result.status).toBe(200);
    expect(result.html).not.toContain('Premier League');
    expect(embeddedQueries(result.html)).toEqual([]);
  });

  it('asks the feed nothing for pages that do not show it', async () => {
    const { api, asked } = fakeApi(feedAnswer(3, []));
    await render({ url: '/en/', brand, session: guest, assets, api });
    await render({ url: '/en/line/cyber', brand, session: guest, assets, api });
    expect(asked).toEqual([]);
  });
});
