import { describe, expect, it } from 'vitest';
import { createCoupon, setBetType, setFullCover, type Coupon, type CouponSelection } from './coupon';
import { isBetTypeEnabled, type CouponConfig } from './coupon-config';
import { couponTotalStake, potentialWin } from './potential-win';
import { validateCoupon } from './validate-coupon';

const uk: CouponConfig = { minStake: { GBP: 0.1 }, fullCoverBets: ['trixie', 'patent', 'yankee', 'lucky15'] };

const sel = (gameId: string, odds: number): CouponSelection => ({
  gameId,
  marketId: 'm',
  outcomeId: `o${gameId}`,
  odds,
  blocked: false,
  live: false,
  group: 0,
});

function coupon(fullCover: Coupon['fullCover'], odds: readonly number[], stake = 1): Coupon {
  const base = { ...createCoupon({ currency: 'GBP', stake }), selections: odds.map((o, i) => sel(`g${i + 1}`, o)) };
  return fullCover ? setFullCover(base, fullCover) : setBetType(base, 'fullCover');
}

describe('full-cover coupons (stake per line)', () => {
  // Textbook figures: every selection at evens (2.0), 1.00 a line.
  it.each([
    ['trixie', 3, 4, 20], // 3 doubles at 4 + 1 treble at 8
    ['patent', 3, 7, 26], // + 3 singles at 2
    ['yankee', 4, 11, 72], // 6 doubles at 4 + 4 trebles at 8 + 1 fourfold at 16
    ['lucky15', 4, 15, 80], // + 4 singles at 2
  ] as const)('a %s of %i winners at evens: %i bets, returns %i', (name, n, lines, returns) => {
    const c = coupon(
      name,
      Array.from({ length: n }, () => 2),
    );
    const win = potentialWin(c, uk);
    expect(couponTotalStake(c)).toBe(lines);
    expect(win.totalStake).toBe(lines);
    expect(win.bets).toHaveLength(1);
    expect(win.bets[0]).toMatchObject({ lines, stake: lines, stakePerLine: 1 });
    expect(win.netReturn).toBe(returns);
    expect(win.coefficient).toBeUndefined();
  });

  it('prices a Trixie at 2/1, 3/1 and 4/1 as the textbook does: 47 from the doubles and 60 from the treble', () => {
    const win = potentialWin(coupon('trixie', [3, 4, 5]), uk);
    expect(win.totalStake).toBe(4);
    expect(win.netReturn).toBe(107);
    // The worst winning case is the two shortest prices landing: one double of 3 × 4.
    expect(win.minReturn).toBe(12);
    // A Patent adds the singles (3 + 4 + 5) and starts winning with one winner.
    const patent = potentialWin(coupon('patent', [3, 4, 5]), uk);
    expect(patent.netReturn).toBe(119);
    expect(patent.minReturn).toBe(3);
  });

  it('charges the stake per line: a Yankee at 0.50 costs 5.50', () => {
    const c = coupon('yankee', [2, 2, 2, 2], 0.5);
    expect(couponTotalStake(c)).toBe(5.5);
    expect(potentialWin(c, uk).totalStake).toBe(5.5);
  });

  it('takes exactly its number of selections', () => {
    const short = validateCoupon(coupon('yankee', [2, 2, 2]), uk);
    expect(short).toEqual([expect.objectContaining({ code: 'too_few_events', limit: 4 })]);
    const long = validateCoupon(coupon('trixie', [2, 2, 2, 2]), uk);
    expect(long).toEqual([expect.objectContaining({ code: 'too_many_events', limit: 3 })]);
    expect(potentialWin(coupon('trixie', [2, 2, 2, 2]), uk).totalStake).toBe(0);
    expect(validateCoupon(coupon('trixie', [2, 2, 2]), uk, 100)).toEqual([]);
  });

  it('refuses two selections of one game', () => {
    const c = coupon('trixie', [2, 2, 2]);
    const same = { ...c, selections: [sel('g1', 2), { ...sel('g1', 3), outcomeId: 'other' }, sel('g3', 2)] };
    expect(validateCoupon(same, uk).map((i) => i.code)).toEqual(['same_game_twice']);
  });

  it('is off where the brand offers none, and a named bet the brand does not offer is refused', () => {
    const none: CouponConfig = { minStake: { GBP: 0.1 } };
    expect(isBetTypeEnabled('fullCover', none)).toBe(false);
    expect(isBetTypeEnabled('fullCover', uk)).toBe(true);
    expect(validateCoupon(coupon('trixie', [2, 2, 2]), none).map((i) => i.code)).toEqual(['feature_disabled']);
    const onlyTrixie: CouponConfig = { ...uk, fullCoverBets: ['trixie'] };
    expect(validateCoupon(coupon('patent', [2, 2, 2]), onlyTrixie).map((i) => i.code)).toEqual(['feature_disabled']);
  });

  it('asks which full cover when none is named', () => {
    expect(validateCoupon(coupon(undefined, [2, 2, 2]), uk).map((i) => i.code)).toEqual(['invalid_system_size']);
  });

  it('checks the minimum per line and the maximum against the whole bet', () => {
    const low = validateCoupon(coupon('yankee', [2, 2, 2, 2], 0.05), uk);
    expect(low).toEqual([expect.objectContaining({ code: 'below_minimum_stake', amount: 0.1 })]);
    // 11 lines at 1.00 is 11.00: above a 10.00 maximum although each line is below it.
    const capped = validateCoupon(coupon('yankee', [2, 2, 2, 2], 1), { ...uk, maxStake: { GBP: 10 } });
    expect(capped).toEqual([expect.objectContaining({ code: 'above_maximum_stake', amount: 10 })]);
    expect(validateCoupon(coupon('yankee', [2, 2, 2, 2], 1), uk, 10.99).map((i) => i.code)).toEqual(['above_balance']);
  });

  it('takes stake tax from the whole bet before it is spread over the lines', () => {
    const taxed: CouponConfig = { ...uk, taxes: { stakeTaxPercent: 10 } };
    const win = potentialWin(coupon('trixie', [2, 2, 2], 10), taxed);
    expect(win.totalStake).toBe(40);
    expect(win.stakeTax).toBe(4);
    expect(win.bets[0]?.stakePerLine).toBe(9);
    expect(win.netReturn).toBe(180);
  });
});
