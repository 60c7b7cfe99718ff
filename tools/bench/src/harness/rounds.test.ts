import { describe, expect, it } from 'vitest';
import { figure, sampled, verdict } from './figure';
import {
  isUnstable,
  judgedRange,
  marginToBudget,
  medianIntervalRank,
  pooledUndecided,
  rotated,
  roundRatios,
  spreadOf,
  trimmedPerSide,
} from './rounds';

describe('spreadOf', () => {
  it('gives the median with min and max of the rounds', () => {
    expect(spreadOf([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30, rounds: 3, values: [30, 10, 20] });
  });
  it('leaves out rounds without a finite value', () => {
    expect(spreadOf([NaN, 4, Infinity, 2])).toEqual({ median: 3, min: 2, max: 4, rounds: 2, values: [4, 2] });
    expect(spreadOf([]).rounds).toBe(0);
  });
});

describe('marginToBudget', () => {
  it('is positive inside the budget and negative beyond it, in both directions', () => {
    expect(marginToBudget(100, 150, 'lower')).toBe(50);
    expect(marginToBudget(200, 150, 'lower')).toBe(-50);
    expect(marginToBudget(1_800, 1_500, 'higher')).toBe(300);
    expect(marginToBudget(1_200, 1_500, 'higher')).toBe(-300);
  });
});

describe('isUnstable', () => {
  it('is true when the spread is wider than the margin to the budget', () => {
    expect(isUnstable(120, { min: 90, max: 170, rounds: 3 }, 150, 'lower')).toBe(true);
    expect(isUnstable(100, { min: 90, max: 120, rounds: 3 }, 150, 'lower')).toBe(false);
  });
  it('judges a missed budget the same way: a fail the rounds cannot confirm is unstable too', () => {
    expect(isUnstable(160, { min: 140, max: 200, rounds: 3 }, 150, 'lower')).toBe(true);
    expect(isUnstable(400, { min: 380, max: 420, rounds: 3 }, 150, 'lower')).toBe(false);
  });
  it('keeps a miss that every round shares a fail, however wide the spread', () => {
    expect(isUnstable(29.5, { min: 13.1, max: 45.9, rounds: 3 }, 50, 'higher')).toBe(false);
    expect(isUnstable(300, { min: 160, max: 900, rounds: 3 }, 150, 'lower')).toBe(false);
  });
  it('counts only the side of the spread that faces the budget: a lucky round does not unsettle a pass', () => {
    expect(isUnstable(0.794, { min: 0.783, max: 2.36, rounds: 3 }, 0.17, 'higher')).toBe(false);
    expect(isUnstable(40, { min: 5, max: 45, rounds: 3 }, 50, 'lower')).toBe(false);
    expect(isUnstable(40, { min: 35, max: 51, rounds: 3 }, 50, 'lower')).toBe(true);
    expect(isUnstable(0.47, { min: 0.44, max: 0.61, rounds: 3 }, 0.5, 'higher')).toBe(true);
  });
  it('needs a budget and at least two rounds', () => {
    expect(isUnstable(120, { min: 0, max: 1_000, rounds: 3 }, undefined, 'lower')).toBe(false);
    expect(isUnstable(120, { min: 120, max: 120, rounds: 1 }, 150, 'lower')).toBe(false);
  });
});

describe('the trimmed range (ADR 0305)', () => {
  it('leaves out a fifth of the rounds at each end, none below five', () => {
    expect([3, 4, 5, 9, 10, 15].map(trimmedPerSide)).toEqual([0, 0, 1, 1, 2, 3]);
  });
  it('judges five rounds on the 2nd to the 4th', () => {
    const spread = { min: 1, max: 90, rounds: 5, values: [50, 1, 52, 90, 49] };
    expect(judgedRange(spread)).toEqual({ low: 49, high: 52, trimmed: 1, label: 'trimmed' });
  });
  it('falls back to min–max without the rounds or below five', () => {
    expect(judgedRange({ min: 1, max: 90, rounds: 5 })).toEqual({ low: 1, high: 90, trimmed: 0 });
    expect(judgedRange({ min: 1, max: 90, rounds: 3, values: [1, 50, 90] })).toEqual({ low: 1, high: 90, trimmed: 0 });
  });
  it('one outlier round of five does not unsettle a pass; two do', () => {
    const one = { min: 60, max: 190, rounds: 5, values: [60, 70, 80, 90, 190] };
    expect(isUnstable(80, one, 150, 'lower')).toBe(false);
    const two = { min: 60, max: 190, rounds: 5, values: [60, 70, 80, 160, 190] };
    expect(isUnstable(80, two, 150, 'lower')).toBe(true);
  });
  it('nor a fail: one lucky round of five leaves a miss that the other four share a fail', () => {
    const lucky = { min: 0.3, max: 0.62, rounds: 5, values: [0.3, 0.33, 0.35, 0.36, 0.62] };
    expect(isUnstable(0.35, lucky, 0.5, 'higher')).toBe(false);
    expect(
      verdict(
        sampled({
          area: 'a',
          name: 'r',
          rounds: [0.3, 0.33, 0.35, 0.36, 0.62],
          unit: '×',
          better: 'higher',
          budget: 0.5,
        }),
      ),
    ).toBe('fail');
  });
});

describe('pooled samples judged by the median interval (ADR 0510)', () => {
  /** P(Binomial(n, ½) ≤ j), summed term by term: the chance that an interval from the (j+1)-th sample misses. */
  const below = (n: number, j: number): number => {
    let c = 1;
    let sum = 0;
    for (let i = 0; i <= j; i++) {
      sum += c;
      c = (c * (n - i)) / (i + 1);
    }
    return sum / 2 ** n;
  };
  it('takes the widest rank whose interval still covers the median with 90 %, and no narrower', () => {
    expect([4, 5, 9, 15, 20, 25, 40].map((n) => medianIntervalRank(n))).toEqual([1, 1, 2, 4, 6, 8, 15]);
    for (const n of [9, 15, 20, 25, 40]) {
      const k = medianIntervalRank(n);
      expect(1 - 2 * below(n, k - 1)).toBeGreaterThanOrEqual(0.9);
      expect(1 - 2 * below(n, k)).toBeLessThan(0.9);
    }
  });
  it('judges 15 pooled pairs on the 4th to the 12th', () => {
    const values = [1.27, 1.51, 2.47, 1.34, 0.76, 1.24, 1.13, 1.19, 1.21, 0.96, 1.26, 1.05, 1.17, 1.13, 0.87];
    const s = spreadOf(values, 'median');
    expect(s.median).toBe(1.19);
    expect(judgedRange(s)).toEqual({ low: 1.05, high: 1.27, trimmed: 0, label: 'median 90 % interval' });
    expect(isUnstable(s.median, s, 1.5, 'lower')).toBe(false);
    expect(isUnstable(s.median, s, 1.25, 'lower')).toBe(true);
  });
  it('leaves min–max where no interval reaches 90 % (below 6 samples)', () => {
    expect(judgedRange(spreadOf([1, 2, 3, 4, 5], 'median'))).toEqual({ low: 1, high: 5, trimmed: 0 });
  });
  it('calls pooled samples undecided while their interval holds the budget, and more samples can decide them', () => {
    // 20 pairs around 1.31×: the 6th to the 15th (1.15–1.52) hold 1.5×.
    const twenty = [
      1.3, 0.9, 1.52, 1.0, 1.7, 1.05, 1.1, 2.0, 1.15, 1.2, 1.25, 1.6, 1.3, 1.32, 0.95, 1.35, 1.4, 1.45, 1.8, 1.9,
    ];
    expect(pooledUndecided(twenty, 1.5, 'lower')).toBe(true);
    // Twenty more around the same median, less spread: the 15th to the 26th of 40 (1.25–1.35) stay below 1.5×.
    const forty = [...twenty, ...Array.from({ length: 20 }, (_, i) => 1.2 + (i % 5) * 0.05)];
    expect(judgedRange(spreadOf(forty, 'median')).high).toBeLessThan(1.5);
    expect(pooledUndecided(forty, 1.5, 'lower')).toBe(false);
    // Decided either way: all well inside, or the whole interval beyond.
    expect(pooledUndecided([1.1, 1.2, 1.15, 1.12, 1.18, 1.2, 1.1, 1.16, 1.13, 1.2], 1.5, 'lower')).toBe(false);
    expect(pooledUndecided([1.8, 1.9, 2.0, 1.85, 1.95, 1.7, 1.9, 2.1, 1.75, 1.8], 1.5, 'lower')).toBe(false);
    // No finite sample: nothing to decide with, and nothing more to ask for.
    expect(pooledUndecided([NaN, NaN], 1.5, 'lower')).toBe(false);
  });
  it('a pooled figure keeps every sample and says it judges them so', () => {
    const f = sampled({
      area: 'a',
      name: 'ratio',
      rounds: [1, 1.1, NaN, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8],
      judge: 'median',
      unit: '×',
      budget: 2,
    });
    expect(f.spread).toMatchObject({ rounds: 9, judge: 'median' });
    expect(f.notes).toBe('1 of 10 samples gave no value');
    expect(verdict(f)).toBe('pass');
  });
});

describe('sampled figures and their verdict', () => {
  it('takes the median as the value and keeps min and max', () => {
    const f = sampled({ area: 'a', name: 'tbt', rounds: [80, 60, 100], unit: 'ms', budget: 150 });
    expect(f).toMatchObject({ value: 80, spread: { min: 60, max: 100, rounds: 3, values: [80, 60, 100] }, pass: true });
    expect(verdict(f)).toBe('pass');
  });
  it('marks a pass whose spread crosses the budget as unstable', () => {
    expect(verdict(sampled({ area: 'a', name: 'tbt', rounds: [140, 60, 300], unit: 'ms', budget: 150 }))).toBe(
      'unstable',
    );
  });
  it('keeps a clear fail a fail', () => {
    expect(verdict(sampled({ area: 'a', name: 'tbt', rounds: [480, 500, 520], unit: 'ms', budget: 150 }))).toBe('fail');
  });
  it('says how many rounds gave no value', () => {
    expect(sampled({ area: 'a', name: 'lcp', rounds: [1, NaN, 2], unit: 's' }).notes).toBe(
      '1 of 3 rounds gave no value',
    );
  });
  it('a figure without rounds is judged as before', () => {
    expect(verdict(figure({ area: 'a', name: 'x', value: 151, unit: 'ms', budget: 150 }))).toBe('fail');
  });
});

describe('roundRatios', () => {
  it('divides each round by the baseline of the same round', () => {
    expect(roundRatios([10, 30, 20], [5, 10, 10])).toEqual([2, 3, 2]);
  });
  it('floors the baseline and refuses a zero one', () => {
    expect(roundRatios([100, 100], [0, 80], 50)).toEqual([2, 1.25]);
    expect(roundRatios([1], [0])[0]).toBeNaN();
  });
});

describe('rotated', () => {
  it('rotates the order by the round so nobody always goes first', () => {
    expect(rotated(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotated(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotated(['a', 'b', 'c'], 5)).toEqual(['c', 'a', 'b']);
  });
});
