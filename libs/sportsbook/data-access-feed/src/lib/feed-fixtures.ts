import type { FeedGameRow, FeedMarket } from './feed.types';

/** A main market 1X2 of a game, for tests. */
export function testMarket(
  gameId: number,
  odds: [number, number, number] = [2.1, 3.3, 3.6],
  status: FeedMarket['status'] = 'open',
): FeedMarket {
  const id = `${gameId}:1x2`;
  return {
    id,
    type: '1x2',
    line: null,
    status,
    suspendReason: null,
    outcomes: (['home', 'draw', 'away'] as const).map((code, i) => ({
      id: `${id}:${code}`,
      code,
      nameKey: `feed:outcome.${code}`,
      odds: odds[i] ?? 2,
      status,
    })),
  };
}

/** A two-way line market for tests: a handicap (home/away) or a total (over/under) at `line`. */
export function testLineMarket(
  gameId: number,
  type: 'handicap' | 'total',
  line: number,
  odds: [number, number] = [1.95, 1.9],
): FeedMarket {
  const id = `${gameId}:${type}:${line}`;
  const codes = type === 'handicap' ? (['home', 'away'] as const) : (['over', 'under'] as const);
  return {
    id,
    type,
    line,
    status: 'open',
    suspendReason: null,
    outcomes: codes.map((code, i) => ({
      id: `${id}:${code}`,
      code,
      nameKey: `feed:outcome.${code}`,
      odds: odds[i] ?? 2,
      status: 'open' as const,
    })),
  };
}

/** A game row for tests: live when `live` is given. */
export function testGame(id: number, overrides: Partial<FeedGameRow> = {}): FeedGameRow {
  return {
    id,
    kind: overrides.live ? 1 : 3,
    sportId: 1,
    sportName: 'Football',
    champId: 10,
    champName: 'Premier League',
    countryId: 1,
    home: { id: id * 10 + 1, name: `Home ${id}` },
    away: { id: id * 10 + 2, name: `Away ${id}` },
    startsAt: 1_800_000_000,
    status: overrides.live ? 'live' : 'prematch',
    live: null,
    mainMarket: testMarket(id),
    marketsCount: 12,
    ...overrides,
  };
}
