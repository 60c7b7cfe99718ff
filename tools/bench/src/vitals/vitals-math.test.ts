import { describe, expect, it } from 'vitest';
import { blockingTimeAfter, cumulativeLayoutShift, pairSettleMs } from './vitals-math';

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

describe('pairSettleMs', () => {
  it('watches the margin after the load event when every full load painted before it', () => {
    expect(pairSettleMs([{ lcp: 420, loadEnd: 1_900 }], 2_500, 1_000)).toBe(1_000);
  });
  it('watches as long as the latest paint after the load event in the full loads, plus the margin', () => {
    const loads = [
      { lcp: 420, loadEnd: 1_900 },
      { lcp: 2_300, loadEnd: 1_800 }, // a banner painted 500 ms after the load event
    ];
    expect(pairSettleMs(loads, 2_500, 1_000)).toBe(1_500);
  });
  it('never watches longer than the full loads did', () => {
    expect(pairSettleMs([{ lcp: 4_000, loadEnd: 1_500 }], 2_500, 1_000)).toBe(2_500);
  });
  it('watches the full time without full loads, or when one lacks its paint or its load event', () => {
    expect(pairSettleMs([], 2_500, 1_000)).toBe(2_500);
    expect(
      pairSettleMs(
        [
          { lcp: 420, loadEnd: 1_900 },
          { lcp: null, loadEnd: 1_700 },
        ],
        2_500,
        1_000,
      ),
    ).toBe(2_500);
    expect(pairSettleMs([{ lcp: 420, loadEnd: null }], 2_500, 1_000)).toBe(2_500);
  });
});
