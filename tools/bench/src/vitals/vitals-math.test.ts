import { describe, expect, it } from 'vitest';
import { blockingTimeAfter, cumulativeLayoutShift } from './vitals-math';

describe('cumulativeLayoutShift', () => {
  it('is zero without shifts', () => expect(cumulativeLayoutShift([])).toBe(0));
  it('sums shifts less than a second apart into one window', () => {
    expect(
      cumulativeLayoutShift([
        { t: 100, v: 0.01 },
        { t: 900, v: 0.02 },
      ]),
    ).toBeCloseTo(0.03);
  });
  it('takes the worst window, not the sum of all windows', () => {
    const shifts = [
      { t: 0, v: 0.05 },
      { t: 3000, v: 0.01 },
      { t: 3500, v: 0.01 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.05);
  });
  it('closes a window after five seconds even when shifts keep coming', () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({ t: i * 900, v: 0.01 }));
    // 0..4500 ms holds 6 shifts; the next window starts at 5400 ms.
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.06);
  });
});

describe('blockingTimeAfter', () => {
  it('counts only the part of long tasks after first contentful paint beyond 50 ms', () => {
    const tasks = [
      { start: 0, duration: 200 }, // 100 ms of it after FCP at 100: 50 ms blocking
      { start: 500, duration: 120 }, // 70 ms blocking
      { start: 10, duration: 60 }, // ends before FCP: nothing
    ];
    expect(blockingTimeAfter(100, tasks)).toBe(120);
  });
});
