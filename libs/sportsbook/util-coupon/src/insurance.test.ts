import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insurancePremium } from './insurance';

describe('insurancePremium', () => {
  it('prices the chance of losing with the margin, rounded up to the cent', () => {
    // 1 - 1/2 = 0.5 of 10.00, plus 10%: 5.50.
    expect(insurancePremium(10, 2, 10)).toBe(5.5);
    // 1 - 1/1.5 = 1/3 of 9.50, plus 10%: 3.4833… → 3.49.
    expect(insurancePremium(9.5, 1.5, 10)).toBe(3.49);
    // Without a margin a fair price: 1 - 1/4 = 0.75 of 100.
    expect(insurancePremium(100, 4, 0)).toBe(75);
  });

  it('is 0 for nothing insured or a price that cannot lose money', () => {
    expect(insurancePremium(0, 3)).toBe(0);
    expect(insurancePremium(10, 1)).toBe(0);
  });

  it('refuses what cannot be priced', () => {
    expect(() => insurancePremium(-1, 2)).toThrow(RangeError);
    expect(() => insurancePremium(10, 0)).toThrow(RangeError);
    expect(() => insurancePremium(10, 2, -5)).toThrow(RangeError);
    expect(() => insurancePremium(Number.NaN, 2)).toThrow(RangeError);
  });

  it('never charges less than the fair price, and grows with the odds and the margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_00 }),
        fc.double({ min: 1.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (cents, coef, margin) => {
          const amount = cents / 100;
          const premium = insurancePremium(amount, coef, margin);
          const fair = amount * (1 - 1 / coef);
          expect(premium).toBeGreaterThanOrEqual(fair - 1e-9);
          expect(Math.round(premium * 100)).toBeCloseTo(premium * 100, 6);
          expect(insurancePremium(amount, coef + 0.5, margin)).toBeGreaterThanOrEqual(premium);
          expect(insurancePremium(amount, coef, margin + 1)).toBeGreaterThanOrEqual(premium);
          // The premium stays below what the bet pays back on a loss plus the margin.
          expect(premium).toBeLessThanOrEqual(amount * (1 + margin / 100) + 0.01);
        },
      ),
    );
  });
});
