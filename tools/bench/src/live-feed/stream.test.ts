import { describe, expect, it } from 'vitest';
import { seededRandom } from '../drills/malformed';
import { changeBatch, deltaMessage, initialGames } from './stream';

describe('live-feed workload', () => {
  it('builds the asked number of games with three prices of at least 1.01', () => {
    const games = initialGames(1000);
    expect(games).toHaveLength(1000);
    expect(games.every((g) => g.odds.length === 3 && g.odds.every((o) => o >= 1.01))).toBe(true);
    expect(new Set(games.map((g) => g.id)).size).toBe(1000);
  });
  it('changes only existing games and outcomes, reproducibly', () => {
    const a = changeBatch(1000, 250, seededRandom(5));
    expect(a).toEqual(changeBatch(1000, 250, seededRandom(5)));
    expect(a.every((c) => c.game >= 0 && c.game < 1000 && c.outcome >= 0 && c.outcome <= 2 && c.price >= 1.01)).toBe(
      true,
    );
  });
});

describe('deltaMessage', () => {
  it('encodes a batch as the push channel does, with each change carrying the price it replaces', () => {
    const games = initialGames(3);
    const prices = games.map((g) => [...g.odds]);
    const first = games[1]?.odds[2];
    const text = deltaMessage(
      games,
      prices,
      [
        { game: 1, outcome: 2, price: 4.5 },
        { game: 1, outcome: 2, price: 4.75 },
      ],
      7,
      70,
    );
    expect(JSON.parse(text)).toEqual({
      type: 'delta',
      seq: 7,
      version: 70,
      changes: [
        { kind: 'odds', gameId: 100_001, marketId: '100001:1x2', outcomeId: '100001:1x2:away', old: first, new: 4.5 },
        { kind: 'odds', gameId: 100_001, marketId: '100001:1x2', outcomeId: '100001:1x2:away', old: 4.5, new: 4.75 },
      ],
    });
    expect(prices[1]?.[2]).toBe(4.75);
  });
});
