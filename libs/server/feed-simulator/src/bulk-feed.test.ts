import { describe, expect, it } from 'vitest';
import { BulkOddsFeed } from './bulk-feed';
import type { FeedEvent, FeedSnapshot } from './feed-provider';
import { applyFeedEvent } from './feed-state';
import { overround } from './pricing';
import { createManualClock } from './sim-clock';

const START = Date.UTC(2026, 5, 1, 18, 0, 0);

function withoutClock(s: FeedSnapshot): FeedSnapshot {
  const copy = structuredClone(s);
  for (const g of copy.games) if (g.live) g.live.clockSeconds = 0;
  return copy;
}

describe('BulkOddsFeed', () => {
  it('sends at least 5,000 odds changes in every simulated second across 1,000 live games', () => {
    const feed = new BulkOddsFeed({ seed: 5, clock: createManualClock(START) });
    const snap = feed.snapshot();
    expect(snap.games).toHaveLength(1000);
    expect(snap.games.every((g) => g.status === 'live')).toBe(true);
    const events = feed.run(3_000).events;
    const perSecond = new Map<number, number>();
    const games = new Set<number>();
    for (const e of events) {
      if (e.type !== 'odds.changed') continue;
      const second = Math.floor((e.at - START) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      games.add(e.gameId);
    }
    expect([...perSecond.keys()].sort()).toEqual([0, 1, 2]);
    for (const count of perSecond.values()) {
      expect(count).toBeGreaterThanOrEqual(5000);
      // Exact quota, plus a market's last outcomes and the re-pricing after goals.
      expect(count).toBeLessThan(5000 + 400);
    }
    expect(games.size).toBeGreaterThan(900);
    // Events are spread over the second, not bunched at its start.
    const firstSecond = events.filter((e) => e.type === 'odds.changed' && e.at < START + 1000).map((e) => e.at - START);
    expect(Math.max(...firstSecond)).toBeGreaterThanOrEqual(900);
  });

  it('follows the configured rate', () => {
    const feed = new BulkOddsFeed({
      seed: 5,
      clock: createManualClock(START),
      games: 50,
      changesPerSecond: 300,
      goalsPerMinute: 0,
    });
    const events = feed.run(10_000).events;
    const odds = events.filter((e) => e.type === 'odds.changed').length;
    expect(odds).toBeGreaterThanOrEqual(3000);
    expect(odds).toBeLessThanOrEqual(3000 + 20);
  });

  it('keeps the margin on every open market while prices move', () => {
    const feed = new BulkOddsFeed({ seed: 8, clock: createManualClock(START), games: 100, changesPerSecond: 2000 });
    feed.run(5_000);
    let checked = 0;
    for (const markets of Object.values(feed.snapshot().markets)) {
      for (const m of markets) {
        if (m.status !== 'open') continue;
        const expected = m.type === 'double-chance' ? 2.1 : 1.05;
        expect(Math.abs(overround(m.outcomes.map((o) => o.odds)) - expected)).toBeLessThan(0.03);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('sends score, suspension, resume and clock deltas that rebuild the feed', () => {
    const feed = new BulkOddsFeed({
      seed: 9,
      clock: createManualClock(START),
      games: 120,
      changesPerSecond: 500,
      goalsPerMinute: 120,
    });
    const state = feed.snapshot();
    const batches: number[] = [];
    feed.subscribe((b) => batches.push(b.events.length));
    const events: FeedEvent[] = feed.run(90_000).events;
    for (const e of events) applyFeedEvent(state, e);
    expect(withoutClock(state)).toEqual(withoutClock(feed.snapshot()));
    const types = new Set(events.map((e) => e.type));
    for (const t of ['odds.changed', 'score.changed', 'market.suspended', 'market.resumed', 'clock.tick'])
      expect(types).toContain(t);
    // One batch per 100 ms slice.
    expect(batches.length).toBe(900);
  });

  it('is deterministic for a seed', () => {
    const a = new BulkOddsFeed({ seed: 3, clock: createManualClock(START), games: 200, changesPerSecond: 1000 }).run(
      2_000,
    ).events;
    const b = new BulkOddsFeed({ seed: 3, clock: createManualClock(START), games: 200, changesPerSecond: 1000 }).run(
      2_000,
    ).events;
    const c = new BulkOddsFeed({ seed: 4, clock: createManualClock(START), games: 200, changesPerSecond: 1000 }).run(
      2_000,
    ).events;
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('refuses a slice length that does not divide a second, and sets sports', () => {
    expect(() => new BulkOddsFeed({ seed: 1, clock: createManualClock(START), games: 1, tickMs: 300 })).toThrow(
      RangeError,
    );
    expect(() => new BulkOddsFeed({ seed: 1, clock: createManualClock(START), games: 1, sportIds: [4] })).toThrow(
      /timed sport/,
    );
  });
});
