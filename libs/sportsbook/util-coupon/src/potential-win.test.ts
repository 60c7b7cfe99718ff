import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCoupon, type Coupon, type CouponSelection } from './coupon';
import type { CouponConfig } from './coupon-config';
import { couponTotalStake, potentialWin } from './potential-win';
import { expressReturn } from './system-math';

const sel = (gameId: string, odds: number, group = 0): CouponSelection => ({
  gameId,
  marketId: 'm',
  outcomeId: 'o',
  odds,
  blocked: false,
  live: false,
  group,
});
const config: CouponConfig = { minStake: { EUR: 0.5 } };
const coupon = (over: Partial<Coupon>, selections: CouponSelection[]): Coupon => ({
  ...createCoupon({ currency: 'EUR' }),
  ...over,
  selections,
});

describe('potentialWin', () => {
  it('adds up singles: 10.00 on each of 1.50 and 2.20 returns 15.00 + 22.00', () => {
    const win = potentialWin(coupon({ betType: 'single', stake: 10 }, [sel('a', 1.5), sel('b', 2.2)]), config);
    expect(win).toMatchObject({ totalStake: 20, grossReturn: 37, netReturn: 37, profit: 17 });
    expect(win.bets).toHaveLength(2);
    expect(win.coefficient).toBeUndefined();
  });

  it('prices an express with boost and taxes (worked by hand)', () => {
    const cfg: CouponConfig = {
      ...config,
      expressBoost: { percentByEvents: { '3': 5 }, minOdds: 1.2 },
      taxes: { stakeTaxPercent: 10, payoutTaxPercent: 20 },
    };
    // Stake 10.00, stake tax 1.00, net 9.00; 1.5 x 2 x 2.2 = 6.6; 9 x 6.6 = 59.40; winnings 50.40;
    // boost 5% = 2.52 -> 61.92; payout tax 20% of (61.92 - 9.00 = 52.92) = 10.58; paid 51.34.
    const win = potentialWin(
      coupon({ betType: 'express', stake: 10 }, [sel('a', 1.5), sel('b', 2), sel('c', 2.2)]),
      cfg,
    );
    expect(win).toMatchObject({
      totalStake: 10,
      stakeTax: 1,
      netStake: 9,
      grossReturn: 59.4,
      boost: 2.52,
      payoutTax: 10.58,
      netReturn: 51.34,
      profit: 41.34,
    });
    expect(win.coefficient).toBeCloseTo(6.6, 10);
  });

  it('prices a 2-of-3 system with its worst winning case', () => {
    // 9.00 over 3 lines is 3.00 a line: all win 3 x 26 = 78.00; worst case 3 x (2 x 3) = 18.00.
    const win = potentialWin(
      coupon({ betType: 'system', systemSize: 2, stake: 9 }, [sel('a', 2), sel('b', 3), sel('c', 4)]),
      config,
    );
    expect(win).toMatchObject({ totalStake: 9, grossReturn: 78, netReturn: 78, minReturn: 18 });
    expect(win.bets[0]).toMatchObject({ lines: 3, stakePerLine: 3 });
  });

  it('prices each multi group as its own bet', () => {
    const multi = coupon({ betType: 'multi', groupStakes: [2, 5] }, [sel('a', 2, 0), sel('b', 3, 0), sel('a', 1.5, 1)]);
    expect(couponTotalStake(multi)).toBe(7);
    // Group 0: 2 x 6 = 12.00; group 1: 5 x 1.5 = 7.50.
    expect(potentialWin(multi, config)).toMatchObject({ totalStake: 7, netReturn: 19.5 });
  });

  it('pays no express boost on a multi group, which MakeBetWebMulti cannot ask for', () => {
    const cfg: CouponConfig = { ...config, expressBoost: { percentByEvents: { '3': 5 }, minOdds: 1.2 } };
    const picks = [sel('a', 1.5), sel('b', 2), sel('c', 2.2)];
    // The same three selections: an express of 10.00 is boosted by 5% of its winnings, a multi group of 10.00 is not.
    expect(potentialWin(coupon({ betType: 'express', stake: 10 }, picks), cfg)).toMatchObject({
      grossReturn: 66,
      boost: 2.8,
      netReturn: 68.8,
    });
    expect(potentialWin(coupon({ betType: 'multi', groupStakes: [10] }, picks), cfg)).toMatchObject({
      grossReturn: 66,
      boost: 0,
      netReturn: 66,
    });
  });

  it('prices an anti-express from its own coefficient', () => {
    const win = potentialWin(
      coupon({ betType: 'antiExpress', stake: 100 }, [sel('a', 2), sel('b', 1.5), sel('c', 1.25)]),
      {
        ...config,
        antiExpressMarginPercent: 10,
      },
    );
    expect(win).toMatchObject({ coefficient: 1.23, netReturn: 123 });
  });

  it('yields zeros for a coupon that cannot be priced', () => {
    expect(potentialWin(coupon({ betType: 'express', stake: 10 }, []), config).netReturn).toBe(0);
    expect(
      potentialWin(coupon({ betType: 'system', systemSize: 5, stake: 10 }, [sel('a', 2), sel('b', 2)]), config).bets,
    ).toEqual([]);
    expect(potentialWin(coupon({ betType: 'single', stake: Number.NaN }, [sel('a', 2)]), config).netReturn).toBe(0);
  });

  it('without taxes or boost an express pays stake x combined coefficient, to the cent', () => {
    const price = fc.integer({ min: 101, max: 1000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 50, max: 100_000 }),
        (odds, cents) => {
          const stake = cents / 100;
          const selections = odds.map((o, i) => sel(`g${i}`, o));
          const win = potentialWin(coupon({ betType: 'express', stake }, selections), config);
          expect(win.netReturn).toBe(expressReturn(odds, stake));
          expect(win.profit).toBeCloseTo(win.netReturn - stake, 2);
        },
      ),
    );
  });

  it('taxes never make a bet pay more than it would untaxed, nor less than nothing', () => {
    const taxes = fc.record({
      stakeTaxPercent: fc.integer({ min: 0, max: 30 }),
      payoutTaxPercent: fc.integer({ min: 0, max: 40 }),
      winAmountThreshold: fc.integer({ min: 0, max: 500 }),
      hasReturnTax: fc.constantFrom('true', 'false'),
    });
    const price = fc.integer({ min: 101, max: 800 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 1, maxLength: 6 }),
        taxes,
        fc.integer({ min: 50, max: 50_000 }),
        (odds, t, cents) => {
          const c = coupon(
            { betType: 'express', stake: cents / 100 },
            odds.map((o, i) => sel(`g${i}`, o)),
          );
          const untaxed = potentialWin(c, config);
          const taxed = potentialWin(c, { ...config, taxes: t });
          expect(taxed.netReturn).toBeLessThanOrEqual(untaxed.netReturn);
          expect(taxed.netReturn).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
