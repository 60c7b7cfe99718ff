import type { FeedBatch, FeedGame, FeedProviderMarket, FeedSnapshot, FeedSource } from '@tessera/shared/contract-api';
import { describe, expect, it } from 'vitest';
import { ControllableFeed, type FinishableLine } from './dev-feed-control';

// Asserted rather than annotated: the port may ask for more than settling reads (names, keys), and this test needs none.
const market = {
  id: '7:1x2',
  gameId: 7,
  groupId: 'main',
  type: '1x2',
  status: 'open',
  outcomes: [
    { id: '7:1x2:home', code: 'home', nameKey: 'feed:outcome.home', odds: 2, status: 'open' },
    { id: '7:1x2:draw', code: 'draw', nameKey: 'feed:outcome.draw', odds: 3.4, status: 'open' },
    { id: '7:1x2:away', code: 'away', nameKey: 'feed:outcome.away', odds: 3.8, status: 'open' },
  ],
} as FeedProviderMarket;
const game = {
  id: 7,
  sportId: 1,
  champId: 1,
  home: { id: 1, name: 'Home FC' },
  away: { id: 2, name: 'Away FC' },
  startsAt: 0,
  status: 'prematch',
} as FeedGame;

/** A scripted inner feed: a snapshot at seq 10 and batches pushed by the test. */
function innerFeed(): FeedSource & { push(batch: FeedBatch): void } {
  const listeners = new Set<(batch: FeedBatch) => void>();
  const snapshot = {
    at: 0,
    seq: 10,
    sports: [],
    countries: [],
    championships: [],
    marketGroups: [],
    games: [game],
    markets: { 7: [market] },
  } as FeedSnapshot;
  return {
    name: 'scripted',
    snapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (batch) => listeners.forEach((l) => l(batch)),
  };
}

const model: FinishableLine = { games: new Map([[7, { game: { status: 'prematch' }, markets: [market] }]]) };

describe('ControllableFeed', () => {
  it('finishes a game with the results of its score, numbered after the inner feed, and settles it in snapshots', () => {
    const inner = innerFeed();
    const feed = new ControllableFeed(inner);
    const batches: FeedBatch[] = [];
    feed.subscribe((b) => batches.push(b));
    expect(feed.snapshot().seq).toBe(10);

    expect(feed.finish(model, { gameIds: [7, 8], score: { home: 0, away: 2 } }, 1_000)).toEqual([7]);
    expect(batches).toHaveLength(1);
    const finished = batches[0]?.events[0];
    expect(finished).toMatchObject({ type: 'game.finished', seq: 11, gameId: 7 });
    expect(finished?.type === 'game.finished' && finished.result.outcomes).toEqual({
      '7:1x2:home': 'lost',
      '7:1x2:draw': 'lost',
      '7:1x2:away': 'won',
    });
    // A game finished once is not finished again.
    expect(feed.finish(model, { gameIds: [7] }, 2_000)).toEqual([]);

    const snap = feed.snapshot();
    expect(snap.seq).toBe(11);
    expect(snap.games[0]?.status).toBe('finished');
    expect(snap.markets[7]?.[0]?.outcomes.map((o) => [o.status, o.result])).toEqual([
      ['settled', 'lost'],
      ['settled', 'lost'],
      ['settled', 'won'],
    ]);
  });

  it('renumbers the inner feed after injected events and drops its news of a finished game but its removal', () => {
    const inner = innerFeed();
    const feed = new ControllableFeed(inner);
    const batches: FeedBatch[] = [];
    feed.subscribe((b) => batches.push(b));
    feed.finish(model, { gameIds: [7], results: { '7:1x2:draw': 'returned' } }, 1_000);
    expect(batches[0]?.events[0]?.type === 'game.finished' && batches[0].events[0].result.outcomes['7:1x2:draw']).toBe(
      'returned',
    );
    inner.push({
      from: 11,
      to: 13,
      events: [
        { type: 'market.resumed', seq: 11, at: 1, gameId: 7, marketId: '7:1x2' },
        { type: 'market.resumed', seq: 12, at: 1, gameId: 9, marketId: '9:1x2' },
        { type: 'game.removed', seq: 13, at: 1, gameId: 7 },
      ],
    });
    expect(batches[1]).toEqual({
      from: 13,
      to: 14,
      events: [
        { type: 'market.resumed', seq: 13, at: 1, gameId: 9, marketId: '9:1x2' },
        { type: 'game.removed', seq: 14, at: 1, gameId: 7 },
      ],
    });
  });
});
