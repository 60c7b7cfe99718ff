import { describe, expect, it } from 'vitest';
import { mean, median, percentile, ratio, totalBlockingTime } from './stats';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('ignores NaN and answers NaN for nothing', () => {
    expect(median([NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  it('answers a value that was observed', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([10, 20, 30], 99)).toBe(30);
  });
  it('does not depend on input order', () => {
    expect(percentile([3, 1, 2, 5, 4], 80)).toBe(4);
  });
  it('refuses a percentile outside 0..100', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('mean and ratio', () => {
  it('averages', () => expect(mean([1, 2, 6])).toBe(3));
  it('refuses to divide by a zero or failed baseline', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(1, NaN)).toBeNaN();
  });
});

describe('totalBlockingTime', () => {
  it('sums only the part of each long task beyond 50 ms', () => {
    expect(totalBlockingTime([30, 50, 51, 120])).toBe(71);
    expect(totalBlockingTime([])).toBe(0);
  });
});
