import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { antiExpressOdds } from './anti-express';
import { expressOdds } from './system-math';

const price = fc.double({ min: 1.01, max: 20, noNaN: true }).map((v) => Math.round(v * 100) / 100);

describe('antiExpressOdds', () => {
  it('prices the complement of the express (worked by hand)', () => {
    // Express 2.0 x 1.5 x 1.25 = 3.75, chance 1/3.75 = 0.2667; complement 0.7333; fair price 1.3636.
    expect(antiExpressOdds([2, 1.5, 1.25], 0)).toBe(1.36);
    // With a 10% margin: 1 / (0.7333 x 1.1) = 1.2397, cut down to 1.23.
    expect(antiExpressOdds([2, 1.5, 1.25], 10)).toBe(1.23);
    // Express 2.5 x 3.5 x 2.5 = 21.875: complement 0.9543, fair price 1.0479 -> 1.04.
    expect(antiExpressOdds([2.5, 3.5, 2.5], 0)).toBe(1.04);
  });

  it('is not offered when its price would fall below 1.01', () => {
    expect(antiExpressOdds([10, 10, 10], 5)).toBeUndefined();
  });

  it('needs at least two selections and a non-negative margin', () => {
    expect(() => antiExpressOdds([2])).toThrow(RangeError);
    expect(() => antiExpressOdds([2, 2], -1)).toThrow(RangeError);
  });

  it('never beats a fair book: 1/express + 1/anti-express >= 1, and a larger margin never raises the price', () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 2, maxLength: 10 }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (odds, margin) => {
          const anti = antiExpressOdds(odds, margin);
          if (anti === undefined) return;
          expect(1 / expressOdds(odds) + 1 / anti).toBeGreaterThanOrEqual(1 - 1e-12);
          const wider = antiExpressOdds(odds, margin + 5);
          expect(wider === undefined || wider <= anti).toBe(true);
        },
      ),
    );
  });
});
