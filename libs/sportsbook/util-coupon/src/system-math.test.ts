import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sumMoney } from '@tessera/shared/util-format';
import {
  calcSystemsMin,
  expressOdds,
  expressReturn,
  fullCoverLines,
  fullCoverReturn,
  systemLines,
  systemReturn,
  systemReturnForWinners,
  systemStakePerLine,
} from './system-math';
import { FULL_COVER_BETS, fullCoverBetReturn, fullCoverBetsFor } from './full-cover';

/** Every k-element subset of the items, for brute-force checks. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...subsets(rest, k - 1).map((s) => [first, ...s]), ...subsets(rest, k)];
}

const product = (values: readonly number[]): number => values.reduce((p, v) => p * v, 1);

/** C(n, k) from factorials in BigInt, independent of the implementation. */
function binomial(n: number, k: number): number {
  if (k > n) return 0;
  let f = (m: number): bigint => (m <= 1 ? 1n : BigInt(m) * f(m - 1));
  const value = f(n) / (f(k) * f(n - k));
  f = () => 0n;
  return Number(value);
}

const price = fc.double({ min: 1.01, max: 15, noNaN: true }).map((v) => Math.round(v * 100) / 100);
const stake = fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100);

describe('reference values (worked by hand)', () => {
  it('express: 2.0 x 3.0 x 4.0 = 24, so 10.00 returns 240.00', () => {
    expect(expressOdds([2, 3, 4])).toBe(24);
    expect(expressReturn([2, 3, 4], 10)).toBe(240);
  });

  it('2 of 3 at 2.0/3.0/4.0: 3 lines, 2x3 + 2x4 + 3x4 = 6 + 8 + 12 = 26 per unit', () => {
    expect(systemLines(3, 2)).toBe(3);
    expect(systemReturn([2, 3, 4], 2, 1)).toBe(26);
    // 9.00 total over 3 lines is 3.00 a line: 3 x 26 = 78.00.
    expect(systemStakePerLine(9, 3, 2)).toBe(3);
    expect(systemReturn([2, 3, 4], 2, 3)).toBe(78);
    // Worst winning case: only 2.0 and 3.0 win, one line pays 2 x 3 = 6.
    expect(calcSystemsMin([2, 3, 4], 2, 1)).toBe(6);
  });

  it('3 of 4 at 2/3/4/5: 4 lines, 24 + 30 + 40 + 60 = 154 per unit, worst case 2x3x4 = 24', () => {
    expect(systemLines(4, 3)).toBe(4);
    expect(systemReturn([2, 3, 4, 5], 3, 1)).toBe(154);
    expect(calcSystemsMin([5, 4, 3, 2], 3, 1)).toBe(24);
  });

  it('2 of 4 at 2/3/4/5: 6 lines, 6 + 8 + 10 + 12 + 15 + 20 = 71', () => {
    expect(systemLines(4, 2)).toBe(6);
    expect(systemReturn([2, 3, 4, 5], 2, 1)).toBe(71);
  });

  it('Trixie at 2/3/4: 4 lines, doubles 26 + treble 24 = 50 per unit', () => {
    expect(FULL_COVER_BETS.trixie.lines).toBe(4);
    expect(fullCoverReturn([2, 3, 4], 1)).toBe(50);
    expect(fullCoverBetReturn('trixie', [2, 3, 4], 1)).toBe(50);
  });

  it('Patent at 2/3/4: 7 lines, singles 9 + doubles 26 + treble 24 = 59', () => {
    expect(FULL_COVER_BETS.patent.lines).toBe(7);
    expect(fullCoverBetReturn('patent', [2, 3, 4], 1)).toBe(59);
  });

  it('Yankee at 2/3/4/5: 11 lines, doubles 71 + trebles 154 + four-fold 120 = 345; 0.50 a line is 172.50', () => {
    expect(FULL_COVER_BETS.yankee.lines).toBe(11);
    expect(fullCoverReturn([2, 3, 4, 5], 1)).toBe(345);
    expect(fullCoverBetReturn('yankee', [2, 3, 4, 5], 0.5)).toBe(172.5);
  });

  it('Lucky 15 at 2/3/4/5: 15 lines, singles 14 + 345 = 359', () => {
    expect(FULL_COVER_BETS.lucky15.lines).toBe(15);
    expect(fullCoverBetReturn('lucky15', [2, 3, 4, 5], 1)).toBe(359);
  });

  it('knows the line counts of every named full cover', () => {
    const lines = Object.fromEntries(Object.values(FULL_COVER_BETS).map((b) => [b.name, b.lines]));
    expect(lines).toEqual({
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      superYankee: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      superHeinz: 120,
      goliath: 247,
    });
    expect(fullCoverBetsFor(4).map((b) => b.name)).toEqual(['yankee', 'lucky15']);
    expect(() => fullCoverBetReturn('yankee', [2, 3, 4], 1)).toThrow(RangeError);
  });

  it('rounds each return to the cent once', () => {
    // 0.1 x 26 is 2.6000000000000005 in floating point.
    expect(systemReturn([2, 3, 4], 2, 0.1)).toBe(2.6);
    // 1/3 of a cent per line: 3.3333... x 26 = 86.666... -> 86.67.
    expect(systemReturn([2, 3, 4], 2, 10 / 3)).toBe(86.67);
  });

  it('refuses impossible systems and prices', () => {
    expect(() => systemReturn([2, 3], 3, 1)).toThrow(RangeError);
    expect(() => systemReturn([2, 0.5], 1, 1)).toThrow(RangeError);
    expect(() => systemLines(-1, 0)).toThrow(RangeError);
    expect(systemLines(3, 4)).toBe(0);
    expect(() => expressOdds([])).toThrow(RangeError);
  });
});

describe('properties', () => {
  it('systemLines(n, k) = C(n, k)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (n, k) => {
        expect(systemLines(n, k)).toBe(binomial(n, k));
      }),
    );
  });

  it('a full cover of n has 2^n - 1 lines with singles and 2^n - 1 - n without', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), (n) => {
        expect(fullCoverLines(n, 1)).toBe(2 ** n - 1);
        expect(fullCoverLines(n, 2)).toBe(2 ** n - 1 - n);
      }),
    );
  });

  it('systemReturn with k = n equals the express', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 20 }), stake, (odds, s) => {
        expect(systemReturn(odds, odds.length, s)).toBe(expressReturn(odds, s));
      }),
    );
  });

  it('systemReturn with k = 1 equals the sum of the singles', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 20 }), stake, (odds, s) => {
        const singles = odds.reduce((sum, o) => sum + o, 0) * s;
        expect(Math.abs(systemReturn(odds, 1, s) - singles)).toBeLessThanOrEqual(0.005 + 1e-9 * singles);
      }),
    );
  });

  it('systemReturn equals the brute-force sum over every k-subset', () => {
    fc.assert(
      fc.property(
        fc
          .array(price, { minLength: 1, maxLength: 9 })
          .chain((odds) => fc.tuple(fc.constant(odds), fc.integer({ min: 1, max: odds.length }), stake)),
        ([odds, k, s]) => {
          const brute = subsets(odds, k).reduce((sum, line) => sum + product(line) * s, 0);
          expect(Math.abs(systemReturn(odds, k, s) - brute)).toBeLessThanOrEqual(0.005 + 1e-9 * brute);
        },
      ),
    );
  });

  it('fullCoverReturn = sum of systemReturn over k >= 2', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 2, maxLength: 20 }), stake, (odds, s) => {
        const parts = [];
        for (let k = 2; k <= odds.length; k += 1) parts.push(systemReturn(odds, k, s));
        expect(fullCoverReturn(odds, s)).toBe(sumMoney(parts));
      }),
    );
  });

  it('calcSystemsMin is the minimum return over every outcome where at least k win', () => {
    fc.assert(
      fc.property(
        fc
          .array(price, { minLength: 2, maxLength: 7 })
          .chain((odds) => fc.tuple(fc.constant(odds), fc.integer({ min: 1, max: odds.length }), stake)),
        ([odds, k, s]) => {
          const returns: number[] = [];
          for (let winners = k; winners <= odds.length; winners += 1) {
            for (const won of subsets(odds, winners)) returns.push(systemReturnForWinners(won, k, s));
          }
          expect(calcSystemsMin(odds, k, s)).toBe(Math.min(...returns));
        },
      ),
    );
  });

  it('a system pays nothing when fewer than k selections win', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 0, maxLength: 5 }), stake, (won, s) => {
        expect(systemReturnForWinners(won, won.length + 1, s)).toBe(0);
      }),
    );
  });
});
