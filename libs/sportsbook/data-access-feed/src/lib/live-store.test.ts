import { describe, expect, it, vi } from 'vitest';
import { testGame, testLineMarket } from './feed-fixtures';
import { LiveStore } from './live-store';

describe('LiveStore', () => {
  it("applies an odds delta with its direction and calls only that outcome's listeners", () => {
    const store = new LiveStore();
    store.seed([testGame(1), testGame(2)], 5);
    const home1 = vi.fn();
    const draw1 = vi.fn();
    const home2 = vi.fn();
    store.subscribeOutcome('1:1x2:home', home1);
    store.subscribeOutcome('1:1x2:draw', draw1);
    store.subscribeOutcome('2:1x2:home', home2);

    store.apply([{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:home', old: 2.1, new: 2.25 }], 6);

    expect(store.outcome('1:1x2:home')).toMatchObject({ odds: 2.25, direction: 'up', moves: 1, suspended: false });
    expect(home1).toHaveBeenCalledTimes(1);
    expect(draw1).not.toHaveBeenCalled();
    expect(home2).not.toHaveBeenCalled();

    store.apply([{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:home', old: 2.25, new: 2.0 }], 7);
    expect(store.outcome('1:1x2:home')).toMatchObject({ odds: 2.0, direction: 'down', moves: 2 });
  });

  it("follows the odds of a row's main handicap and total lines (the Asian view's columns)", () => {
    const store = new LiveStore();
    store.seed(
      [testGame(1, { mainHandicap: testLineMarket(1, 'handicap', -0.5), mainTotal: testLineMarket(1, 'total', 2.5) })],
      1,
    );
    store.apply(
      [{ kind: 'odds', gameId: 1, marketId: '1:total:2.5', outcomeId: '1:total:2.5:over', old: 1.95, new: 2.05 }],
      2,
    );
    expect(store.outcome('1:total:2.5:over')).toMatchObject({ odds: 2.05, direction: 'up' });
    store.apply([{ kind: 'suspension', gameId: 1, marketId: '1:handicap:-0.5', suspended: true }], 3);
    expect(store.outcome('1:handicap:-0.5:home')?.suspended).toBe(true);
  });

  it('calls a listener once per message however many of its changes it carries', () => {
    const store = new LiveStore();
    store.seed([testGame(1)], 1);
    const listener = vi.fn();
    store.subscribeOutcome('1:1x2:away', listener);
    store.apply(
      [
        { kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:away', old: 3.6, new: 3.7 },
        { kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:away', old: 3.7, new: 3.8 },
      ],
      2,
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.outcome('1:1x2:away')?.odds).toBe(3.8);
  });

  it('suspends and resumes every outcome of a market', () => {
    const store = new LiveStore();
    store.seed([testGame(1)], 1);
    store.apply([{ kind: 'suspension', gameId: 1, marketId: '1:1x2', suspended: true, reason: 'goal' }], 2);
    expect(['home', 'draw', 'away'].map((c) => store.outcome(`1:1x2:${c}`)?.suspended)).toEqual([true, true, true]);
    store.apply([{ kind: 'suspension', gameId: 1, marketId: '1:1x2', suspended: false }], 3);
    expect(store.outcome('1:1x2:draw')?.suspended).toBe(false);
  });

  it('moves score and clock of a game and tells only that game', () => {
    const store = new LiveStore();
    const live = { period: 1, clockSeconds: 600, clockRunning: true, score: { home: 0, away: 0 }, periodScores: [] };
    store.seed([testGame(1, { live }), testGame(2, { live })], 1);
    const game1 = vi.fn();
    const game2 = vi.fn();
    store.subscribeGame(1, game1);
    store.subscribeGame(2, game2);
    store.apply(
      [{ kind: 'score', gameId: 1, period: 1, score: { home: 1, away: 0 }, periodScores: [{ home: 1, away: 0 }] }],
      2,
    );
    store.apply([{ kind: 'clock', gameId: 1, period: 2, clockSeconds: 2760, clockRunning: true }], 3);
    expect(store.game(1)?.live).toMatchObject({ period: 2, clockSeconds: 2760, score: { home: 1, away: 0 } });
    expect(game1).toHaveBeenCalledTimes(2);
    expect(game2).not.toHaveBeenCalled();
  });

  it('keeps a delta newer than a refetched answer, and takes a newer answer', () => {
    const store = new LiveStore();
    store.seed([testGame(1)], 5);
    store.apply([{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:home', old: 2.1, new: 2.4 }], 8);
    store.seed([testGame(1)], 7); // an answer built before the delta: stale for this outcome
    expect(store.outcome('1:1x2:home')?.odds).toBe(2.4);
    store.seed([testGame(1)], 9); // built after: the server's price wins
    expect(store.outcome('1:1x2:home')?.odds).toBe(2.1);
    expect(store.outcome('1:1x2:home')?.direction).toBe('down');
  });

  it('reports games that start, finish or leave, so lists can refetch', () => {
    const store = new LiveStore();
    store.seed(
      [
        testGame(1, {
          live: { period: 2, clockSeconds: 5400, clockRunning: true, score: { home: 2, away: 1 }, periodScores: [] },
        }),
      ],
      1,
    );
    const structure = vi.fn();
    store.onStructure(structure);
    store.apply(
      [
        { kind: 'finished', gameId: 1, status: 'finished', score: { home: 2, away: 1 } },
        { kind: 'added', gameId: 9 },
      ],
      2,
    );
    expect(structure).toHaveBeenCalledTimes(2);
    expect(store.game(1)).toMatchObject({ status: 'finished', live: { clockRunning: false } });
  });

  it('stops calling a listener after unsubscribe', () => {
    const store = new LiveStore();
    store.seed([testGame(1)], 1);
    const listener = vi.fn();
    const stop = store.subscribeOutcome('1:1x2:home', listener);
    stop();
    store.apply([{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:home', old: 2.1, new: 2.2 }], 2);
    expect(listener).not.toHaveBeenCalled();
  });
});
