import { describe, expect, it } from 'vitest';
import { TestClock } from './test-clock';

const HOUR = 3_600_000;

describe('the test-mode clock', () => {
  it("moves one session's clock and leaves every other session and the common clock where they were", () => {
    const clock = new TestClock();
    const moved = clock.advance(168 * HOUR, 'session-a');
    expect(moved.getTime() - Date.now()).toBeGreaterThan(167 * HOUR);
    expect(clock.within('session-a', clock.now).getTime() - Date.now()).toBeGreaterThan(167 * HOUR);
    expect(Math.abs(clock.within('session-b', clock.now).getTime() - Date.now())).toBeLessThan(HOUR);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(HOUR);
  });

  it('keeps the session clock across awaits inside the request, and moves everything without a session', async () => {
    const clock = new TestClock();
    clock.advance(2 * HOUR, 'session-a');
    const later = await clock.within('session-a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return clock.now();
    });
    expect(later.getTime() - Date.now()).toBeGreaterThan(HOUR);
    clock.advance(3 * HOUR);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(2 * HOUR);
    expect(clock.within('session-a', clock.now).getTime() - Date.now()).toBeGreaterThan(4 * HOUR);
    expect(() => clock.advance(0)).toThrow(RangeError);
  });
});
