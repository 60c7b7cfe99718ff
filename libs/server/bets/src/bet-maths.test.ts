import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultFactor, saleValue, settle, type SelectionResult } from './bet-maths';

const sel = (coef: number, result: SelectionResult | null) => ({ coef, result });

describe('settle', () => {
  describe('full-cover bets (stake = lines × stake per line)', () => {
    const bet = (smallestFold: 1 | 2, netStake: number, selections: Array<[number, SelectionResult | null]>) =>
      settle(
        {
          kind: 'fullCover',
          systemK: smallestFold,
          netStake,
          coef: 0,
          boostPercent: 0,
          selections: selections.map(([coef, result]) => sel(coef, result)),
        },
        undefined,
      );

    it('pays a Trixie at 2/1, 3/1, 4/1 the textbook 107.00 for 4.00 when all three win', () => {
      expect(
        bet(2, 400, [
          [3, 'won'],
          [4, 'won'],
          [5, 'won'],
        ]),
      ).toEqual({ done: true, status: 'won', grossReturn: 10700, payoutTax: 0 });
    });

    it('pays a Trixie with two winners its one double, and nothing with one winner', () => {
      // 1.00 on the double of 3 × 4
      expect(
        bet(2, 400, [
          [3, 'won'],
          [4, 'won'],
          [5, 'lost'],
        ]),
      ).toMatchObject({ status: 'won', grossReturn: 1200 });
      expect(
        bet(2, 400, [
          [3, 'won'],
          [4, 'lost'],
          [5, 'lost'],
        ]),
      ).toMatchObject({ status: 'lost', grossReturn: 0 });
    });

    it('pays a Yankee and a Lucky 15 of four winners at evens 72.00 and 80.00', () => {
      const evens = (r: SelectionResult): Array<[number, SelectionResult]> => [
        [2, r],
        [2, r],
        [2, r],
        [2, r],
      ];
      expect(bet(2, 1100, evens('won'))).toMatchObject({ status: 'won', grossReturn: 7200 });
      expect(bet(1, 1500, evens('won'))).toMatchObject({ status: 'won', grossReturn: 8000 });
    });

    it('keeps a Lucky 15 with one winner to its single: 1.00 at 6.0 returns 6.00 of the 15.00', () => {
      expect(
        bet(1, 1500, [
          [6, 'won'],
          [2, 'lost'],
          [2, 'lost'],
          [2, 'lost'],
        ]),
      ).toMatchObject({ status: 'half_lost', grossReturn: 600 });
    });

    it('counts a void selection as 1.00 in its lines', () => {
      // Trixie of 2.0, void, 3.0 at 1.00 a line: doubles 2 + 6 + 3, treble 6 = 17.00
      expect(
        bet(2, 400, [
          [2, 'won'],
          [2.5, 'returned'],
          [3, 'won'],
        ]),
      ).toMatchObject({ status: 'won', grossReturn: 1700 });
      // All void: every line returns its stake.
      expect(
        bet(2, 1100, [
          [2, 'returned'],
          [2, 'returned'],
          [2, 'returned'],
          [2, 'returned'],
        ]),
      ).toMatchObject({ status: 'returned', grossReturn: 1100 });
    });

    it('waits for every result, even after a loss', () => {
      expect(
        bet(2, 400, [
          [2, 'lost'],
          [2, null],
          [2, 'won'],
        ]),
      ).toEqual({ done: false });
    });

    it('is never sold', () => {
      expect(saleValue('fullCover', 400, [{ coef: 2, result: null, currentCoef: 1.5 }], 5)).toBeUndefined();
    });
  });

  it('pays singles by the feed result, halves included', () => {
    const single = (coef: number, result: SelectionResult) =>
      settle(
        { kind: 'single', systemK: null, netStake: 1000, coef, boostPercent: 0, selections: [sel(coef, result)] },
        undefined,
      );
    expect(single(2, 'won')).toEqual({ done: true, status: 'won', grossReturn: 2000, payoutTax: 0 });
    expect(single(2, 'lost')).toEqual({ done: true, status: 'lost', grossReturn: 0, payoutTax: 0 });
    expect(single(2, 'returned')).toEqual({ done: true, status: 'returned', grossReturn: 1000, payoutTax: 0 });
    expect(single(1.9, 'half-won')).toEqual({ done: true, status: 'half_won', grossReturn: 1450, payoutTax: 0 });
    expect(single(1.9, 'half-lost')).toEqual({ done: true, status: 'half_lost', grossReturn: 500, payoutTax: 0 });
  });

  it('settles an express lost as soon as one selection loses, and waits otherwise', () => {
    const bet = (results: Array<SelectionResult | null>) =>
      settle(
        {
          kind: 'express',
          systemK: null,
          netStake: 1000,
          coef: 8,
          boostPercent: 10,
          selections: results.map((r) => sel(2, r)),
        },
        undefined,
      );
    expect(bet(['lost', null, null])).toMatchObject({ done: true, status: 'lost', grossReturn: 0 });
    expect(bet(['won', null, 'won'])).toEqual({ done: false });
    // 10 x 2 x 2 x 2 = 80, boost 10% of the 70 won = 7
    expect(bet(['won', 'won', 'won'])).toMatchObject({ done: true, status: 'won', grossReturn: 8700 });
    // a void selection counts 1 and cancels the boost: 10 x 2 x 1 x 2 = 40
    expect(bet(['won', 'returned', 'won'])).toMatchObject({ status: 'won', grossReturn: 4000 });
  });

  it('pays a system over its k-combinations (2 of 3 and 3 of 4 reference values)', () => {
    const system = (k: number, odds: number[], results: SelectionResult[], stake: number) =>
      settle(
        {
          kind: 'system',
          systemK: k,
          netStake: stake,
          coef: 0,
          boostPercent: 0,
          selections: odds.map((o, i) => sel(o, results[i] ?? 'lost')),
        },
        undefined,
      );
    // 2 of 3 at 2.00, 3.00, 4.00, 30.00 staked (10 a line), all win: 10 x (6 + 8 + 12) = 260
    expect(system(2, [2, 3, 4], ['won', 'won', 'won'], 3000)).toMatchObject({ status: 'won', grossReturn: 26000 });
    // one loses: only 2 x 3 stands: 60
    expect(system(2, [2, 3, 4], ['won', 'won', 'lost'], 3000)).toMatchObject({ status: 'won', grossReturn: 6000 });
    // 3 of 4 at 2.00 each, 40 staked (10 a line), three win: one line of 8 = 80
    expect(system(3, [2, 2, 2, 2], ['won', 'won', 'won', 'lost'], 4000)).toMatchObject({
      status: 'won',
      grossReturn: 8000,
    });
    expect(system(3, [2, 2, 2, 2], ['won', 'won', 'lost', 'lost'], 4000)).toMatchObject({
      status: 'lost',
      grossReturn: 0,
    });
  });

  it('pays an anti-express when at least one selection loses', () => {
    const anti = (results: SelectionResult[]) =>
      settle(
        {
          kind: 'antiExpress',
          systemK: null,
          netStake: 1000,
          coef: 1.3,
          boostPercent: 0,
          selections: results.map((r) => sel(2, r)),
        },
        undefined,
      );
    expect(anti(['won', 'lost'])).toMatchObject({ status: 'won', grossReturn: 1300 });
    expect(anti(['won', 'won'])).toMatchObject({ status: 'lost', grossReturn: 0 });
    expect(anti(['won', 'returned'])).toMatchObject({ status: 'returned', grossReturn: 1000 });
  });

  it('withholds payout tax on winnings above the thresholds', () => {
    const won = settle(
      { kind: 'single', systemK: null, netStake: 1000, coef: 3, boostPercent: 0, selections: [sel(3, 'won')] },
      { payoutTaxPercent: 10 },
    );
    expect(won).toMatchObject({ grossReturn: 3000, payoutTax: 200 });
  });

  it('never pays more than the stake times the product of the coefficients (property)', () => {
    const result = fc.constantFrom<SelectionResult>('won', 'lost', 'returned', 'half-won', 'half-lost');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 1.01, max: 20, noNaN: true }), result), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 50, max: 1_000_000 }),
        (legs, stake) => {
          const outcome = settle(
            {
              kind: 'express',
              systemK: null,
              netStake: stake,
              coef: 0,
              boostPercent: 0,
              selections: legs.map(([c, r]) => sel(c, r)),
            },
            undefined,
          );
          if (!outcome.done) return false;
          const most = stake * legs.reduce((acc, [c]) => acc * c, 1);
          return (
            outcome.grossReturn >= 0 &&
            outcome.grossReturn <= Math.ceil(most) + 1 &&
            (outcome.grossReturn === 0) === legs.some(([, r]) => r === 'lost')
          );
        },
      ),
    );
  });
});

describe('saleValue', () => {
  it('values open selections at placement / current odds less the margin, rounded down', () => {
    expect(saleValue('single', 1000, [{ coef: 2, result: null, currentCoef: 1.5 }], 5)).toBe(1266);
    expect(
      saleValue(
        'express',
        1000,
        [
          { coef: 2, result: 'won', currentCoef: undefined },
          { coef: 2, result: null, currentCoef: 2 },
        ],
        0,
      ),
    ).toBe(2000);
  });

  it('offers nothing for a lost selection, a suspended market, a settled bet or a system', () => {
    expect(
      saleValue(
        'express',
        1000,
        [
          { coef: 2, result: 'lost', currentCoef: undefined },
          { coef: 2, result: null, currentCoef: 2 },
        ],
        5,
      ),
    ).toBeUndefined();
    expect(saleValue('single', 1000, [{ coef: 2, result: null, currentCoef: undefined }], 5)).toBeUndefined();
    expect(saleValue('single', 1000, [{ coef: 2, result: 'won', currentCoef: undefined }], 5)).toBeUndefined();
    expect(saleValue('system', 1000, [{ coef: 2, result: null, currentCoef: 2 }], 5)).toBeUndefined();
  });

  it('agrees with the feed simulator payout factors', () => {
    expect(resultFactor(3, 'half-won')).toBe(2);
    expect(resultFactor(3, 'half-lost')).toBe(0.5);
  });
});
