import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutcomeResult } from './model';
import { fairProbabilities, goalsDistribution, type Pmf } from './pricing';
import { payoutFactor, settleOutcome, splitLine } from './settlement';

const OPPOSITE: Record<OutcomeResult, OutcomeResult> = {
  won: 'lost',
  lost: 'won',
  returned: 'returned',
  'half-won': 'half-lost',
  'half-lost': 'half-won',
};

const score = fc.record({ home: fc.integer({ min: 0, max: 9 }), away: fc.integer({ min: 0, max: 9 }) });
const quarterLine = (min: number, max: number) => fc.integer({ min: min * 4, max: max * 4 }).map((q) => q / 4);

describe('settlement properties', () => {
  it('settles the two sides of a total or handicap as mirror images', () => {
    fc.assert(
      fc.property(score, quarterLine(0, 8), quarterLine(-4, 4), (s, total, handicap) => {
        expect(settleOutcome('total', total, 'under', s)).toBe(OPPOSITE[settleOutcome('total', total, 'over', s)]);
        expect(settleOutcome('handicap', handicap, 'away', s)).toBe(
          OPPOSITE[settleOutcome('handicap', handicap, 'home', s)],
        );
      }),
    );
  });

  it('pays a quarter-line stake as the average of its two half stakes', () => {
    fc.assert(
      fc.property(score, quarterLine(-4, 4), fc.double({ min: 1.01, max: 20, noNaN: true }), (s, line, odds) => {
        const whole = payoutFactor(settleOutcome('handicap', line, 'home', s), odds);
        const halves = splitLine(line).map((l) => payoutFactor(settleOutcome('handicap', l, 'home', s), odds));
        expect(whole).toBeCloseTo(halves.reduce((a, b) => a + b, 0) / halves.length, 10);
      }),
    );
  });

  it('makes fair odds pay back exactly the stake on average, pushes and half results included', () => {
    // Ties pricing to settlement: a bet at 1 / fair probability has expected payout 1 for every line.
    const expectedPayout = (pmf: Pmf, settle: (x: number) => OutcomeResult, odds: number): number =>
      pmf.p.reduce((sum, p, i) => sum + p * payoutFactor(settle(pmf.min + i), odds), 0);
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        quarterLine(0.5, 5),
        quarterLine(-2, 2),
        (lh, la, total, handicap) => {
          const dist = goalsDistribution(lh, la, { home: 0, away: 0 }, true);
          const [over = 0, under = 0] = fairProbabilities('total', total, dist);
          fc.pre(over > 0.01 && under > 0.01);
          expect(
            expectedPayout(dist.total, (x) => settleOutcome('total', total, 'over', { home: x, away: 0 }), 1 / over),
          ).toBeCloseTo(1, 6);
          expect(
            expectedPayout(dist.total, (x) => settleOutcome('total', total, 'under', { home: x, away: 0 }), 1 / under),
          ).toBeCloseTo(1, 6);
          const [home = 0, away = 0] = fairProbabilities('handicap', handicap, dist);
          fc.pre(home > 0.01 && away > 0.01);
          const asScore = (m: number) => ({ home: Math.max(m, 0), away: Math.max(-m, 0) });
          expect(
            expectedPayout(dist.margin, (m) => settleOutcome('handicap', handicap, 'home', asScore(m)), 1 / home),
          ).toBeCloseTo(1, 6);
          expect(
            expectedPayout(dist.margin, (m) => settleOutcome('handicap', handicap, 'away', asScore(m)), 1 / away),
          ).toBeCloseTo(1, 6);
        },
      ),
    );
  });
});
