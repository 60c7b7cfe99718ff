import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { floorMoney, fromMinorUnits, isMoneyAmount, roundMoney, sumMoney, toMinorUnits } from './money';

describe('roundMoney', () => {
  it('rounds half away from zero on the decimal the value prints as', () => {
    // 1.005, 2.675 and 1.255 are all stored just below the half cent in binary.
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.255)).toBe(1.26);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(1.0049)).toBe(1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });

  it('never returns negative zero and keeps tiny values at zero', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(1e-9)).toBe(0);
  });

  it('refuses values that are not finite', () => {
    expect(() => roundMoney(Number.NaN)).toThrow(RangeError);
    expect(() => roundMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('is idempotent and moves a value by at most half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const once = roundMoney(value);
        expect(roundMoney(once)).toBe(once);
        expect(Math.abs(once - value)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });

  it('round-trips through minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
      }),
    );
  });
});

describe('sumMoney', () => {
  it('adds in minor units so cents never drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumMoney([])).toBe(0);
  });
});

describe('fromMinorUnits', () => {
  it('refuses fractions of a cent and stays usable beyond the exact range', () => {
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
    expect(fromMinorUnits(2 ** 60)).toBe(2 ** 60 / 100);
  });
});

describe('floorMoney', () => {
  it('cuts to the cent below, reading the value as printed', () => {
    expect(floorMoney(1.999)).toBe(1.99);
    expect(floorMoney(0.29)).toBe(0.29);
    expect(floorMoney(-1.999)).toBe(-1.99);
  });
});

describe('isMoneyAmount', () => {
  it('accepts at most 2 decimals', () => {
    expect(isMoneyAmount(10.25)).toBe(true);
    expect(isMoneyAmount(10.255)).toBe(false);
    expect(isMoneyAmount(Number.NaN)).toBe(false);
  });
});
