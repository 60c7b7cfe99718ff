import { describe, expect, it } from 'vitest';
import { factorial } from './factorial';

describe('factorial (spec: throws on negative input)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [5, 120],
    [10, 3_628_800],
    [18, 6_402_373_705_728_000],
  ])('%i! is %i', (n, expected) => {
    expect(factorial(n)).toBe(expected);
  });

  it('throws on negative input', () => {
    expect(() => factorial(-1)).toThrow(RangeError);
  });

  it('throws on fractional or non-finite input', () => {
    expect(() => factorial(2.5)).toThrow(RangeError);
    expect(() => factorial(Number.NaN)).toThrow(RangeError);
  });

  it('overflows to Infinity past 170!', () => {
    expect(Number.isFinite(factorial(170))).toBe(true);
    expect(factorial(171)).toBe(Number.POSITIVE_INFINITY);
  });
});
