import { describe, expect, it } from 'vitest';
import type { MarketType, OutcomeCode, OutcomeResult } from './model';
import { isQuarterLine, payoutFactor, settleMarket, settleOutcome, splitLine } from './settlement';

type Case = [MarketType, number | undefined, OutcomeCode, home: number, away: number, expected: OutcomeResult];

function check(cases: Case[]): void {
  for (const [type, line, code, home, away, expected] of cases) {
    expect({ type, line, code, home, away, result: settleOutcome(type, line, code, { home, away }) }).toEqual({
      type,
      line,
      code,
      home,
      away,
      result: expected,
    });
  }
}

describe('settleOutcome', () => {
  it('settles 1x2', () => {
    check([
      ['1x2', undefined, 'home', 2, 1, 'won'],
      ['1x2', undefined, 'draw', 2, 1, 'lost'],
      ['1x2', undefined, 'away', 2, 1, 'lost'],
      ['1x2', undefined, 'draw', 0, 0, 'won'],
      ['1x2', undefined, 'away', 0, 3, 'won'],
    ]);
  });

  it('settles double chance', () => {
    check([
      ['double-chance', undefined, 'home-draw', 1, 1, 'won'],
      ['double-chance', undefined, 'home-away', 1, 1, 'lost'],
      ['double-chance', undefined, 'draw-away', 1, 1, 'won'],
      ['double-chance', undefined, 'home-draw', 0, 1, 'lost'],
      ['double-chance', undefined, 'home-away', 0, 1, 'won'],
      ['double-chance', undefined, 'draw-away', 2, 0, 'lost'],
    ]);
  });

  it('settles two-way winner and voids it on a level score', () => {
    check([
      ['winner', undefined, 'home', 101, 99, 'won'],
      ['winner', undefined, 'away', 101, 99, 'lost'],
      ['winner', undefined, 'away', 0, 2, 'won'],
      ['winner', undefined, 'home', 1, 1, 'returned'],
    ]);
  });

  it('settles totals on half, whole and quarter lines', () => {
    check([
      ['total', 2.5, 'over', 2, 1, 'won'],
      ['total', 2.5, 'under', 2, 1, 'lost'],
      ['total', 2.5, 'under', 1, 1, 'won'],
      // Whole line: exactly the line is a push.
      ['total', 3, 'over', 2, 1, 'returned'],
      ['total', 3, 'under', 2, 1, 'returned'],
      ['total', 3, 'over', 3, 1, 'won'],
      // 2.25 = half on 2, half on 2.5.
      ['total', 2.25, 'over', 1, 1, 'half-lost'],
      ['total', 2.25, 'under', 1, 1, 'half-won'],
      ['total', 2.25, 'over', 2, 1, 'won'],
      ['total', 2.25, 'under', 1, 0, 'won'],
      // 2.75 = half on 2.5, half on 3.
      ['total', 2.75, 'over', 2, 1, 'half-won'],
      ['total', 2.75, 'under', 2, 1, 'half-lost'],
      ['total', 2.75, 'over', 1, 1, 'lost'],
      ['total', 2.75, 'over', 4, 0, 'won'],
      ['total', 0.5, 'under', 0, 0, 'won'],
      ['total', 160.5, 'over', 80, 81, 'won'],
    ]);
  });

  it('settles Asian handicaps, including quarter lines', () => {
    check([
      // Level ball (0): a draw is a push.
      ['handicap', 0, 'home', 1, 1, 'returned'],
      ['handicap', 0, 'away', 1, 1, 'returned'],
      ['handicap', 0, 'home', 2, 1, 'won'],
      // -0.25 = half on 0, half on -0.5.
      ['handicap', -0.25, 'home', 1, 1, 'half-lost'],
      ['handicap', -0.25, 'away', 1, 1, 'half-won'],
      ['handicap', -0.25, 'home', 1, 0, 'won'],
      ['handicap', -0.25, 'away', 1, 0, 'lost'],
      // -0.75 = half on -0.5, half on -1.
      ['handicap', -0.75, 'home', 1, 0, 'half-won'],
      ['handicap', -0.75, 'away', 1, 0, 'half-lost'],
      ['handicap', -0.75, 'home', 2, 0, 'won'],
      ['handicap', -0.75, 'home', 0, 0, 'lost'],
      // +0.25 for home = away gives -0.25.
      ['handicap', 0.25, 'home', 0, 0, 'half-won'],
      ['handicap', 0.25, 'away', 0, 0, 'half-lost'],
      // Whole lines push on the exact margin.
      ['handicap', -1, 'home', 2, 1, 'returned'],
      ['handicap', -1, 'away', 2, 1, 'returned'],
      ['handicap', -1, 'home', 3, 1, 'won'],
      ['handicap', 1.5, 'home', 0, 1, 'won'],
      ['handicap', 1.5, 'away', 0, 2, 'won'],
      ['handicap', -1.25, 'home', 2, 1, 'half-lost'],
      ['handicap', -1.25, 'away', 2, 1, 'half-won'],
    ]);
  });

  it('settles both teams to score', () => {
    check([
      ['btts', undefined, 'yes', 1, 1, 'won'],
      ['btts', undefined, 'no', 1, 1, 'lost'],
      ['btts', undefined, 'yes', 3, 0, 'lost'],
      ['btts', undefined, 'no', 0, 0, 'won'],
    ]);
  });

  it('refuses an outcome that does not belong to the market', () => {
    expect(() => settleOutcome('btts', undefined, 'over', { home: 1, away: 0 })).toThrow(
      /over does not belong to a btts market/,
    );
    expect(() => settleOutcome('total', undefined, 'over', { home: 1, away: 0 })).toThrow();
  });
});

describe('settleMarket', () => {
  it('settles every outcome by id', () => {
    const market = {
      type: 'total' as const,
      line: 2.25,
      outcomes: [
        { id: 'g:total:2.25:over', code: 'over' as const },
        { id: 'g:total:2.25:under', code: 'under' as const },
      ],
    };
    expect(settleMarket(market as never, { home: 2, away: 0 })).toEqual({
      'g:total:2.25:over': 'half-lost',
      'g:total:2.25:under': 'half-won',
    });
  });
});

describe('line helpers and payouts', () => {
  it('splits quarter lines only', () => {
    expect(isQuarterLine(2.25)).toBe(true);
    expect(isQuarterLine(-0.75)).toBe(true);
    expect(isQuarterLine(2.5)).toBe(false);
    expect(isQuarterLine(-1)).toBe(false);
    expect(splitLine(-0.25)).toEqual([-0.5, 0]);
    expect(splitLine(2.5)).toEqual([2.5]);
  });

  it('pays half results as half stake at odds plus half stake back', () => {
    expect(payoutFactor('won', 1.9)).toBe(1.9);
    expect(payoutFactor('half-won', 1.9)).toBeCloseTo(1.45, 10);
    expect(payoutFactor('returned', 1.9)).toBe(1);
    expect(payoutFactor('half-lost', 1.9)).toBe(0.5);
    expect(payoutFactor('lost', 1.9)).toBe(0);
  });
});
