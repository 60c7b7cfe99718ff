import { describe, expect, it } from 'vitest';
import { seededRandom } from '../drills/malformed';
import { changeBatch, initialGames } from './stream';

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
    expect(a.every((c) => c.game >= 0 && c.game < 1000 && c.outcome >= 0 && c.outcome <= 2 && c.price >= 1.01)).toBe(true);
  });
});
