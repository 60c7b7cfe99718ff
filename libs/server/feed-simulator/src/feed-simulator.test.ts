import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedEvent, FeedSnapshot } from './feed-provider';
import type { Market } from './model';
import { FeedSimulator, type FeedSimulatorOptions } from './feed-simulator';
import { item } from './checked';
import { applyFeedEvent } from './feed-state';
import { sportById, CHAMPIONSHIPS } from './lookups';
import { overround } from './pricing';
import { settleOutcome } from './settlement';
import { SimClock, createManualClock } from './sim-clock';
import { SPORT_RULES } from './sport-rules';

const START = Date.UTC(2026, 2, 14, 12, 0, 0);
const HOUR = 3_600_000;

function simulator(options: Partial<FeedSimulatorOptions> = {}): FeedSimulator {
  // Slower live re-pricing than production (10 s) keeps the event volume, and the test time, down.
  return new FeedSimulator({
    seed: 2026,
    clock: createManualClock(START),
    prematchGames: 30,
    liveGames: 8,
    liveRepriceSeconds: 30,
    ...options,
  });
}

/** Runs the simulator for `ms` in steps of `stepMs` and collects every event. */
function collect(sim: FeedSimulator, ms: number, stepMs = ms): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (let done = 0; done < ms; done += stepMs) events.push(...sim.run(Math.min(stepMs, ms - done)).events);
  return events;
}

/** Clock seconds move every second without an event (clients run the clock locally): compare without them. */
function withoutClock(s: FeedSnapshot): FeedSnapshot {
  const copy = structuredClone(s);
  for (const g of copy.games) if (g.live) g.live.clockSeconds = 0;
  return copy;
}

describe('FeedSimulator determinism', () => {
  it('gives the same feed for the same seed and time, however the clock is stepped', () => {
    const a = simulator();
    const b = simulator();
    const eventsA = collect(a, 3 * HOUR);
    const eventsB = collect(b, 3 * HOUR, 97_000);
    expect(eventsB.length).toBe(eventsA.length);
    expect(eventsB).toEqual(eventsA);
    expect(b.snapshot()).toEqual(a.snapshot());
  });

  it('never reuses the game ids of a simulator started earlier (stored results and bets are keyed by game id)', () => {
    const first = simulator();
    first.run(6 * HOUR);
    const used = new Set([...first.snapshot().games.map((g) => g.id)]);
    for (let id = Math.min(...used); id <= Math.max(...used); id++) used.add(id);
    const later = new FeedSimulator({
      seed: 2026,
      clock: createManualClock(START + 6 * HOUR + 1000),
      prematchGames: 30,
      liveGames: 8,
    });
    expect(later.snapshot().games.filter((g) => used.has(g.id))).toEqual([]);
    // Even a restart one second later.
    const soon = new FeedSimulator({
      seed: 2026,
      clock: createManualClock(START + 1000),
      prematchGames: 30,
      liveGames: 8,
    });
    const firstIds = new Set(
      simulator()
        .snapshot()
        .games.map((g) => g.id),
    );
    expect(soon.snapshot().games.filter((g) => firstIds.has(g.id))).toEqual([]);
  });

  it('takes a given first game id and refuses one that is not a positive safe integer', () => {
    expect(
      Math.min(
        ...simulator({ firstGameId: 5 })
          .snapshot()
          .games.map((g) => g.id),
      ),
    ).toBe(5);
    expect(() => simulator({ firstGameId: 0 })).toThrow(RangeError);
    expect(() => simulator({ firstGameId: 2 ** 60 })).toThrow(RangeError);
  });

  it('gives another feed for another seed', () => {
    const a = simulator().snapshot();
    const b = simulator({ seed: 2027 }).snapshot();
    expect(b.games.map((g) => [g.home.name, g.startsAt])).not.toEqual(a.games.map((g) => [g.home.name, g.startsAt]));
  });
});

describe('FeedSimulator world', () => {
  it('spreads pre-match games over the coming days and has games in play with clock and score', () => {
    const snap = simulator({ prematchGames: 60 }).snapshot();
    const prematch = snap.games.filter((g) => g.status === 'prematch');
    expect(prematch).toHaveLength(60);
    const starts = prematch.map((g) => g.startsAt);
    expect(Math.min(...starts)).toBeGreaterThan(START);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThan(24 * HOUR);
    expect(Math.max(...starts)).toBeLessThanOrEqual(START + 72 * HOUR + 15 * 60_000);
    const live = snap.games.filter((g) => g.status === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const g of live) expect(g.live?.clockSeconds).toBeGreaterThan(0);
  });

  it('builds games from the lookup tables: known sport, a championship of that sport, two different teams', () => {
    const snap = simulator({ prematchGames: 80 }).snapshot();
    for (const g of snap.games) {
      expect(sportById(g.sportId)?.simulated).toBe(true);
      expect(CHAMPIONSHIPS.find((c) => c.id === g.champId)?.sportId).toBe(g.sportId);
      expect(g.home.id).not.toBe(g.away.id);
      expect(g.home.champId).toBe(g.champId);
      expect(snap.markets[g.id]?.length).toBeGreaterThanOrEqual(3);
    }
    const sports = new Set(snap.games.map((g) => g.sportId));
    expect(sports.size).toBeGreaterThanOrEqual(6);
  });

  it('simulates only the sports asked for, cyber sports included', () => {
    const snap = simulator({ sportIds: [85, 4046] }).snapshot();
    expect(new Set(snap.games.map((g) => g.sportId))).toEqual(new Set([85, 4046]));
  });

  it('prices every open market with the configured margin, live and pre-match', () => {
    const sim = simulator({ margin: 0.07 });
    // At creation (games in play were priced once on joining) and an hour later.
    for (const snap of [sim.snapshot(), (sim.run(HOUR), sim.snapshot())]) {
      let checked = 0;
      let live = 0;
      for (const markets of Object.values(snap.markets)) {
        for (const m of markets) {
          if (m.status !== 'open') continue;
          const expected = m.type === 'double-chance' ? 2 * 1.07 : 1.07;
          expect(Math.abs(overround(m.outcomes.map((o) => o.odds)) - expected)).toBeLessThan(0.03);
          checked++;
          if (snap.games.find((g) => g.id === m.gameId)?.status === 'live') live++;
        }
      }
      expect(checked).toBeGreaterThan(200);
      expect(live).toBeGreaterThan(5);
    }
  });
});

describe('FeedSimulator deltas', () => {
  it('sends deltas that rebuild the current feed from an earlier snapshot', () => {
    const sim = simulator();
    const state = sim.snapshot();
    const events = collect(sim, 6 * HOUR, 10 * 60_000);
    for (const e of events) applyFeedEvent(state, e);
    const types = new Set(events.map((e) => e.type));
    expect(types).toEqual(
      new Set([
        'game.added',
        'game.started',
        'odds.changed',
        'market.suspended',
        'market.resumed',
        'score.changed',
        'clock.tick',
        'game.finished',
        'game.removed',
      ]),
    );
    expect(withoutClock(state)).toEqual(withoutClock(sim.snapshot()));
  });

  it('numbers events strictly increasingly and delivers them to subscribers until they unsubscribe', () => {
    const sim = simulator();
    const initialSeq = sim.snapshot().seq;
    const seen: FeedEvent[] = [];
    const stop = sim.subscribe((batch) => seen.push(...batch.events));
    const first = sim.run(HOUR);
    stop();
    sim.run(HOUR);
    expect(seen).toEqual(first.events);
    expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => initialSeq + 1 + i));
  });

  it('reports odds changes with the previous and the new price, drifting before kick-off', () => {
    const sim = simulator({ liveGames: 0 });
    const before = sim.snapshot();
    const events = collect(sim, HOUR);
    const drift = events.filter((e): e is Extract<FeedEvent, { type: 'odds.changed' }> => e.type === 'odds.changed');
    expect(drift.length).toBeGreaterThan(50);
    const firstChange = item(drift, 0);
    const original = (before.markets[firstChange.gameId] ?? [])
      .flatMap((m) => m.outcomes)
      .find((o) => o.id === firstChange.outcomeId);
    expect(firstChange.oldOdds).toBe(original?.odds);
    expect(firstChange.newOdds).not.toBe(firstChange.oldOdds);
  });
});

describe('FeedSimulator game life', () => {
  it('takes games from pre-match to live to finished, records results and replaces them on the line', () => {
    const sim = simulator({ prematchGames: 30, liveGames: 0, horizonHours: 3 });
    const initial = sim.snapshot();
    const markets = new Map(Object.entries(initial.markets).map(([id, ms]) => [Number(id), ms]));
    const events = collect(sim, 6 * HOUR, HOUR);
    // The simulator's events carry its own markets (one of its market types each).
    for (const e of events) if (e.type === 'game.added') markets.set(e.gameId, e.markets as Market[]);
    const finished = events.filter(
      (e): e is Extract<FeedEvent, { type: 'game.finished' }> => e.type === 'game.finished',
    );
    expect(finished.length).toBeGreaterThan(10);
    for (const f of finished) {
      const own = events.filter((e) => e.gameId === f.gameId && e.type !== 'odds.changed');
      const lifecycle = own
        .filter(
          (e) =>
            e.type === 'game.added' ||
            e.type === 'game.started' ||
            e.type === 'game.finished' ||
            e.type === 'game.removed',
        )
        .map((e) => e.type);
      expect(['game.started,game.finished', 'game.started,game.finished,game.removed']).toContain(
        lifecycle.filter((t) => t !== 'game.added').join(),
      );
      const started = own.find((e) => e.type === 'game.started');
      if (!started) throw new Error(`game ${f.gameId} finished without starting`);
      const game = initial.games.find((g) => g.id === f.gameId);
      if (game) expect(started.at).toBe(game.startsAt);
      // The result is kept, and its score is the last score sent.
      const result = sim.result(f.gameId);
      if (!result) throw new Error(`no result for game ${f.gameId}`);
      expect(result).toEqual(f.result);
      const lastScore = own
        .filter((e): e is Extract<FeedEvent, { type: 'score.changed' }> => e.type === 'score.changed')
        .at(-1);
      expect(result.score).toEqual(lastScore?.score ?? { home: 0, away: 0 });
      // Every outcome is settled, by the settlement rules on the final score.
      const gameMarkets = markets.get(f.gameId) ?? [];
      expect(gameMarkets.length).toBeGreaterThan(0);
      const expected: Record<string, string> = {};
      for (const m of gameMarkets)
        for (const o of m.outcomes) expected[o.id] = settleOutcome(m.type, m.line, o.code, result.score);
      expect(result.outcomes).toEqual(expected);
    }
    // Every game that started was replaced by a new pre-match game, further out.
    const snap = sim.snapshot();
    expect(snap.games.filter((g) => g.status === 'prematch')).toHaveLength(30);
    const added = events.filter((e): e is Extract<FeedEvent, { type: 'game.added' }> => e.type === 'game.added');
    for (const a of added) expect(a.game.startsAt).toBeGreaterThanOrEqual(a.at + 1.5 * HOUR);
    const removed = events.filter((e) => e.type === 'game.removed');
    expect(removed.length).toBeGreaterThan(0);
    const gone = item(removed, 0).gameId;
    expect(sim.result(gone)?.status).toBe('finished');
    expect(snap.games.some((g) => g.id === gone)).toBe(false);
  });

  it('settles every outcome of a finished game and leaves no level score where the sport has no draw', () => {
    const sim = simulator({
      sportIds: [3, 4, 46, 97],
      prematchGames: 20,
      liveGames: 12,
      horizonHours: 4,
      liveRepriceSeconds: 120,
      prematchRepriceSeconds: 3600,
    });
    const events = collect(sim, 8 * HOUR, 2 * HOUR);
    const results = events.flatMap((e) => (e.type === 'game.finished' ? [e.result] : []));
    expect(results.length).toBeGreaterThan(10);
    const sets = new Map<number, number>();
    for (const r of results) {
      expect(r.score.home).not.toBe(r.score.away);
      expect(Object.values(r.outcomes).length).toBeGreaterThan(2);
      const game = events.find(
        (e): e is Extract<FeedEvent, { type: 'game.added' }> => e.type === 'game.added' && e.gameId === r.gameId,
      );
      if (game && SPORT_RULES[game.game.sportId]?.scoring === 'sets')
        sets.set(r.gameId, Math.max(r.score.home, r.score.away));
    }
    for (const winnerSets of sets.values()) expect(winnerSets).toBe(2);
  });

  it('keeps results for the retention period only', () => {
    const sim = simulator({
      liveGames: 6,
      prematchGames: 10,
      horizonHours: 2,
      finishedRetentionSeconds: 60,
      resultRetentionHours: 2,
    });
    const early = collect(sim, HOUR).filter((e) => e.type === 'game.finished');
    expect(early.length).toBeGreaterThan(0);
    for (const e of early) expect(sim.result(e.gameId)).toBeDefined();
    collect(sim, 3 * HOUR, HOUR);
    const later = collect(sim, HOUR).filter((e) => e.type === 'game.finished');
    expect(later.length).toBeGreaterThan(0);
    // At START + 5 h results settled before START + 3 h are gone; the recent ones stay.
    for (const e of early) expect(sim.result(e.gameId)).toBeUndefined();
    for (const e of later) expect(sim.result(e.gameId)).toBeDefined();
  });

  it('plays games the way it prices them: football averages the model total and favours the home side', () => {
    const sim = simulator({
      sportIds: [1],
      liveGames: 0,
      prematchGames: 300,
      horizonHours: 3,
      cancelProbability: 0,
      incidentsPerHour: 0,
      liveRepriceSeconds: 1e6,
      prematchRepriceSeconds: 1e6,
    });
    const results = collect(sim, 6 * HOUR, 2 * HOUR).flatMap((e) => (e.type === 'game.finished' ? [e.result] : []));
    expect(results.length).toBeGreaterThan(200);
    const goals = results.reduce((s, r) => s + r.score.home + r.score.away, 0) / results.length;
    expect(goals).toBeGreaterThan(2.65 - 0.35);
    expect(goals).toBeLessThan(2.65 + 0.35);
    const home = results.filter((r) => r.score.home > r.score.away).length;
    const away = results.filter((r) => r.score.home < r.score.away).length;
    expect(home).toBeGreaterThan(away);
  });

  it('calls off games at their start and returns every stake', () => {
    const sim = simulator({ liveGames: 0, prematchGames: 10, horizonHours: 2, cancelProbability: 1 });
    const events = collect(sim, 3 * HOUR);
    const cancelled = events.filter(
      (e): e is Extract<FeedEvent, { type: 'game.cancelled' }> => e.type === 'game.cancelled',
    );
    expect(cancelled.length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'game.started')).toBe(false);
    for (const c of cancelled) {
      expect(c.result.status).toBe('cancelled');
      expect(new Set(Object.values(c.result.outcomes))).toEqual(new Set(['returned']));
    }
  });
});

describe('FeedSimulator live markets', () => {
  it('suspends all open markets of a football game at a goal and resumes them with new prices', () => {
    const sim = simulator({ sportIds: [1], liveGames: 12, prematchGames: 5, incidentsPerHour: 0 });
    const state = sim.snapshot();
    const events = collect(sim, 2 * HOUR, 60_000);
    const goals = events.filter((e): e is Extract<FeedEvent, { type: 'score.changed' }> => e.type === 'score.changed');
    let cycles = 0;
    for (const [index, e] of events.entries()) {
      if (e.type === 'score.changed') {
        // Markets open just before the goal; markets already closed as decided stay closed.
        const open = (state.markets[e.gameId] ?? []).filter((m) => m.status === 'open').map((m) => m.id);
        const resumeAt = e.at + 45_000;
        const otherGoalNear = goals.some((g) => g !== e && g.gameId === e.gameId && Math.abs(g.at - e.at) <= 45_000);
        const endsBefore = events.some((x) => x.type === 'game.finished' && x.gameId === e.gameId && x.at <= resumeAt);
        if (open.length > 0 && !otherGoalNear && !endsBefore && resumeAt <= sim.time) {
          const suspended = events.filter(
            (x): x is Extract<FeedEvent, { type: 'market.suspended' }> =>
              x.type === 'market.suspended' && x.gameId === e.gameId && x.at === e.at,
          );
          expect(suspended.map((x) => x.marketId).sort()).toEqual([...open].sort());
          for (const x of suspended) expect(x.reason).toBe('goal');
          // 45 s later every one of them opens again at a new price, or stays closed because it is now decided.
          const after = events.filter(
            (x) =>
              x.gameId === e.gameId &&
              x.at === resumeAt &&
              (x.type === 'market.resumed' || x.type === 'market.suspended'),
          );
          expect(after.map((x) => 'marketId' in x && x.marketId).sort()).toEqual(
            expect.arrayContaining([...open].sort()),
          );
          for (const x of after) if (x.type === 'market.suspended') expect(x.reason).toBe('low-odds');
          const resumedAt = events.findIndex(
            (x) => x.type === 'market.resumed' && x.gameId === e.gameId && x.at === resumeAt,
          );
          const repricedAt = events.findIndex(
            (x) => x.type === 'odds.changed' && x.gameId === e.gameId && x.at === resumeAt,
          );
          // New prices are sent before the markets open again.
          if (resumedAt >= 0) expect(repricedAt).toBeLessThan(resumedAt);
          expect(repricedAt).toBeGreaterThan(index);
          cycles++;
        }
      }
      applyFeedEvent(state, e);
    }
    expect(cycles).toBeGreaterThanOrEqual(3);
  });

  it("moves the scorer's odds down after a goal", () => {
    const sim = simulator({
      sportIds: [1],
      liveGames: 12,
      prematchGames: 5,
      incidentsPerHour: 0,
      liveRepriceSeconds: 100_000,
    });
    const before = sim.snapshot();
    const events = collect(sim, HOUR);
    let checked = 0;
    // Compare the price of the scoring side just before the goal and right after the re-pricing.
    const price = new Map<string, number>();
    for (const ms of Object.values(before.markets))
      for (const m of ms) for (const o of m.outcomes) price.set(o.id, o.odds);
    let last: Extract<FeedEvent, { type: 'score.changed' }> | undefined;
    const lastScore = new Map<number, { home: number; away: number }>();
    for (const g of before.games) if (g.live) lastScore.set(g.id, g.live.score);
    const pending = new Map<number, { side: 'home' | 'away'; oddsBefore: number; at: number }>();
    for (const e of events) {
      if (e.type === 'score.changed') {
        last = e;
        const prev = lastScore.get(e.gameId) ?? { home: 0, away: 0 };
        const side = e.score.home > prev.home ? 'home' : 'away';
        lastScore.set(e.gameId, e.score);
        const oddsBefore = price.get(`${e.gameId}:1x2:${side}`);
        if (oddsBefore !== undefined && oddsBefore > 1.1) pending.set(e.gameId, { side, oddsBefore, at: e.at });
      } else if (e.type === 'odds.changed') {
        const p = pending.get(e.gameId);
        if (p && e.outcomeId === `${e.gameId}:1x2:${p.side}` && e.at > p.at) {
          expect(e.newOdds).toBeLessThan(p.oddsBefore);
          pending.delete(e.gameId);
          checked++;
        }
        price.set(e.outcomeId, e.newOdds);
      } else if (e.type === 'game.finished') {
        pending.delete(e.gameId);
      }
    }
    expect(last).toBeDefined();
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('suspends briefly for incidents and resumes', () => {
    const sim = simulator({ sportIds: [3], liveGames: 10, prematchGames: 5, incidentsPerHour: 30 });
    const events = collect(sim, HOUR, 60_000);
    const incidents = events.filter((e) => e.type === 'market.suspended' && e.reason === 'incident');
    const resumed = events.filter((e) => e.type === 'market.resumed');
    expect(incidents.length).toBeGreaterThan(5);
    expect(resumed.length).toBeGreaterThan(5);
  });

  it('sends clock ticks every simulated minute of play', () => {
    const sim = simulator({ sportIds: [1], liveGames: 4, prematchGames: 2, incidentsPerHour: 0 });
    const events = collect(sim, 10 * 60_000);
    const ticks = events.filter(
      (e): e is Extract<FeedEvent, { type: 'clock.tick' }> => e.type === 'clock.tick' && e.clockRunning,
    );
    const byGame = new Map<number, typeof ticks>();
    for (const t of ticks) byGame.set(t.gameId, [...(byGame.get(t.gameId) ?? []), t]);
    expect(byGame.size).toBeGreaterThan(0);
    for (const list of byGame.values()) {
      for (let i = 1; i < list.length; i++) {
        const a = item(list, i - 1);
        const b = item(list, i);
        if (a.period === b.period) expect(b.clockSeconds - a.clockSeconds).toBe(60);
      }
    }
  });
});

describe('FeedSimulator speed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('processes 60 simulated minutes per wall minute at speed 60, and can be sped up further while running', () => {
    let wall = 0;
    const clock = new SimClock({ start: START, speed: 60, wallNow: () => wall });
    const sim = new FeedSimulator({ seed: 1, clock, prematchGames: 10, liveGames: 2 });
    wall += 60_000;
    const batch = sim.advance();
    expect(batch.to - batch.from).toBe(HOUR);
    clock.setSpeed(600);
    wall += 1_000;
    expect(sim.advance().to).toBe(START + HOUR + 600_000);
  });

  it('runs in the background on a timer following the clock', () => {
    vi.useFakeTimers({ now: 0 });
    const clock = new SimClock({ start: START, speed: 60 });
    const sim = new FeedSimulator({ seed: 1, clock, prematchGames: 10, liveGames: 2 });
    sim.start(250);
    vi.advanceTimersByTime(10_000);
    expect(sim.time).toBe(START + 600_000);
    sim.stop();
    vi.advanceTimersByTime(10_000);
    expect(sim.time).toBe(START + 600_000);
  });

  it('refuses a nonsensical margin', () => {
    expect(() => simulator({ margin: -0.1 })).toThrow(RangeError);
  });
});

describe('FeedSimulator re-entrancy', () => {
  it('gives a listener that calls advance() an empty batch and keeps the order of events', () => {
    const clock = createManualClock(START);
    const sim = new FeedSimulator({ seed: 1, clock, prematchGames: 10, liveGames: 4 });
    const inner: number[] = [];
    // The listener moves the clock on and asks for more while its own batch is still being delivered.
    const stop = sim.subscribe(() => {
      clock.advance(60_000);
      inner.push(sim.advance().events.length);
    });
    const batch = sim.run(HOUR);
    stop();
    expect(batch.events.length).toBeGreaterThan(0);
    expect(inner).toEqual([0]);
    expect(sim.time).toBe(START + HOUR);
    // The minute the listener added is processed by the next call.
    expect(sim.advance().to).toBe(START + HOUR + 60_000);
    expect(batch.events.map((e) => e.seq)).toEqual(batch.events.map((_, i) => item(batch.events, 0).seq + i));
  });
});
