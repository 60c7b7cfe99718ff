import { describe, expect, it } from 'vitest';
import { expressBoostAmount, expressBoostPercent } from './express-boost';

const boost = { percentByEvents: { '3': 5, '5': 10, '8': 20 }, minOdds: 1.2 };

describe('express boost', () => {
  it('takes the highest step not above the number of qualifying events', () => {
    expect(expressBoostPercent([1.5, 2, 2], boost)).toBe(5);
    expect(expressBoostPercent([1.5, 2, 2, 2], boost)).toBe(5);
    expect(expressBoostPercent([1.5, 2, 2, 2, 2, 2, 2], boost)).toBe(10);
    expect(expressBoostPercent([1.5, 2], boost)).toBe(0);
    expect(expressBoostPercent([1.5, 2, 2], undefined)).toBe(0);
  });

  it('does not count selections priced below the minimum', () => {
    expect(expressBoostPercent([1.5, 2, 1.1], boost)).toBe(0);
  });

  it('boosts the winnings, not the stake', () => {
    // 10.00 at 6.60 returns 66.00: winnings 56.00, 5% is 2.80.
    expect(expressBoostAmount(66, 10, 5)).toBe(2.8);
    expect(expressBoostAmount(10, 10, 5)).toBe(0);
  });
});
