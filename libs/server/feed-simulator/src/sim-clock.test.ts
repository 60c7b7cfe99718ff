import { describe, expect, it } from 'vitest';
import { SimClock, createManualClock } from './sim-clock';

const START = Date.UTC(2026, 0, 1, 12, 0, 0);

function fakeWall(): { now: () => number; tick: (ms: number) => void } {
  let t = 1_000_000;
  return { now: () => t, tick: (ms) => (t += ms) };
}

describe('SimClock', () => {
  it('follows the wall clock at speed 1', () => {
    const wall = fakeWall();
    const clock = new SimClock({ start: START, wallNow: wall.now });
    wall.tick(1_500);
    expect(clock.now()).toBe(START + 1_500);
  });

  it('runs 60 simulated seconds per wall second at speed 60', () => {
    const wall = fakeWall();
    const clock = new SimClock({ start: START, speed: 60, wallNow: wall.now });
    wall.tick(1_000);
    expect(clock.now()).toBe(START + 60_000);
  });

  it('keeps elapsed time when the speed changes and never jumps back', () => {
    const wall = fakeWall();
    const clock = new SimClock({ start: START, speed: 1, wallNow: wall.now });
    wall.tick(10_000);
    clock.setSpeed(60);
    expect(clock.now()).toBe(START + 10_000);
    wall.tick(1_000);
    expect(clock.now()).toBe(START + 70_000);
    clock.setSpeed(0);
    wall.tick(5_000);
    expect(clock.now()).toBe(START + 70_000);
    expect(clock.speed).toBe(0);
  });

  it('is stepped by hand in tests', () => {
    const clock = createManualClock(START);
    expect(clock.now()).toBe(START);
    clock.advance(90_000);
    expect(clock.now()).toBe(START + 90_000);
    clock.advanceTo(START + 60_000);
    expect(clock.now()).toBe(START + 90_000);
    clock.advanceTo(START + 100_000);
    expect(clock.now()).toBe(START + 100_000);
  });

  it('refuses negative steps and speeds', () => {
    const clock = createManualClock(START);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.setSpeed(-2)).toThrow(RangeError);
    expect(() => new SimClock({ start: START, speed: Number.NaN })).toThrow(RangeError);
  });
});
