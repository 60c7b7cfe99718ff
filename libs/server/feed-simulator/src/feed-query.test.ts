import { describe, expect, it } from 'vitest';
import { selectGames } from './feed-query';
import { FEED_KIND, type Game, type GameStatus } from './model';

const T0 = Date.UTC(2026, 0, 1, 12);

function game(id: number, status: GameStatus, sportId: number, champId: number, startsAt: number): Game {
  const team = { id: id * 10, sportId, champId, name: `T${id}`, rating: 0 };
  return { id, sportId, champId, home: team, away: { ...team, id: id * 10 + 1 }, startsAt, status };
}

const games: Game[] = [
  game(1, 'live', 1, 1, T0 - 3_600_000),
  game(2, 'prematch', 1, 1, T0 + 7_200_000),
  game(3, 'prematch', 4046, 32, T0 + 3_600_000),
  game(4, 'finished', 1, 1, T0 - 9_000_000),
  game(5, 'prematch', 3, 16, T0 + 3_600_000),
  game(6, 'cancelled', 3, 16, T0),
];

describe('selectGames', () => {
  it('selects live games for LIVE (1) and not-started games for LINE (3), never ended ones', () => {
    expect(selectGames({ games }, { kind: FEED_KIND.LIVE }).map((g) => g.id)).toEqual([1]);
    expect(selectGames({ games }, { kind: FEED_KIND.LINE }).map((g) => g.id)).toEqual([3, 5, 2]);
    expect(selectGames({ games }).map((g) => g.id)).toEqual([1, 3, 5, 2]);
  });

  it('filters by sports, champs and games, and limits with count', () => {
    expect(selectGames({ games }, { sports: [1] }).map((g) => g.id)).toEqual([1, 2]);
    expect(selectGames({ games }, { champs: [32, 16] }).map((g) => g.id)).toEqual([3, 5]);
    expect(selectGames({ games }, { games: [2, 4] }).map((g) => g.id)).toEqual([2]);
    expect(selectGames({ games }, { kind: FEED_KIND.LINE, count: 2 }).map((g) => g.id)).toEqual([3, 5]);
    expect(selectGames({ games }, { sports: [] }).length).toBe(4);
  });

  it('filters by start time in Unix seconds, both ends inclusive', () => {
    const from = (T0 + 3_600_000) / 1000;
    expect(selectGames({ games }, { tsFrom: from }).map((g) => g.id)).toEqual([3, 5, 2]);
    expect(selectGames({ games }, { tsFrom: from, tsTo: from }).map((g) => g.id)).toEqual([3, 5]);
  });
});
