import { describe, expect, it } from 'vitest';
import { simulatorSince } from './shared-world';

const start = Date.UTC(2026, 10, 27, 7, 0, 0);
const speed = 60;

/** A wall clock that moves on `step` ms each time it is read (a busy host's, while the world is built) until frozen. */
function wallClock(at: number, step: number) {
  let wall = at;
  let frozen = false;
  return {
    now: () => (frozen ? wall : (wall += step)),
    freeze: (to?: number) => {
      frozen = true;
      if (to !== undefined) wall = to;
      return wall;
    },
  };
}

describe('simulatorSince: one simulated world for every server of a cluster', () => {
  it('stands at start + (wall − start) × speed however long the simulator took to build', () => {
    const clock = wallClock(start + 30_000, 700);
    const simulator = simulatorSince({ seed: 5, start, speed, now: clock.now, historyEvents: 0 });
    const wall = clock.freeze();
    simulator.advance();
    expect(simulator.time).toBe(start + (wall - start) * speed);
  });

  it('gives two servers that join at different moments the same games and results at the same instant', () => {
    const early = wallClock(start + 40_000, 350);
    const late = wallClock(start + 70_000, 20);
    const a = simulatorSince({ seed: 5, start, speed, now: early.now, historyEvents: 0 });
    const b = simulatorSince({ seed: 5, start, speed, now: late.now, historyEvents: 0 });
    const wall = late.freeze() + 1_000;
    early.freeze(wall);
    late.freeze(wall);
    a.advance();
    b.advance();
    expect(a.time).toBe(start + (wall - start) * speed);
    expect(b.time).toBe(a.time);
    const ids = a.snapshot().games.map((g) => g.id);
    expect(b.snapshot().games.map((g) => g.id)).toEqual(ids);
    expect(ids.length).toBeGreaterThan(0);
    // What settles bets is the same; settledAt is when a server processed the finish, which a catch-up does in bulk.
    const settled = (s: typeof a, id: number) => {
      const r = s.result(id);
      return r && { status: r.status, score: r.score, outcomes: r.outcomes };
    };
    for (const id of ids) expect(settled(b, id)).toEqual(settled(a, id));
  });
});
