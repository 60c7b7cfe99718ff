import { describe, expect, it } from 'vitest';
import { createCoupon, selectionKey, type Coupon, type CouponSelection } from './coupon';
import type { CouponConfig } from './coupon-config';
import type { CouponIssueCode } from './coupon-issue';
import { validateCoupon } from './validate-coupon';

const config: CouponConfig = { minStake: { EUR: 0.5, KES: 10 } };

const sel = (gameId: string, odds = 2, extra: Partial<CouponSelection> = {}): CouponSelection => ({
  gameId,
  marketId: 'm',
  outcomeId: 'o',
  odds,
  blocked: false,
  live: false,
  group: 0,
  ...extra,
});

function coupon(over: Partial<Coupon>, selections: CouponSelection[]): Coupon {
  return { ...createCoupon({ currency: 'EUR', stake: 10 }), ...over, selections };
}

const codes = (c: Coupon, cfg: CouponConfig = config, balance?: number): CouponIssueCode[] =>
  validateCoupon(c, cfg, balance).map((issue) => issue.code);

describe('validateCoupon', () => {
  it('accepts a well-formed coupon', () => {
    expect(codes(coupon({ betType: 'express' }, [sel('g1'), sel('g2')]), config, 100)).toEqual([]);
  });

  it('refuses an empty coupon with one reason', () => {
    expect(codes(coupon({}, []))).toEqual(['empty_coupon']);
  });

  it('refuses a stake below the minimum of the currency, per line for a system', () => {
    const low = validateCoupon(coupon({ stake: 0.4 }, [sel('g1')]), config);
    expect(low).toEqual([expect.objectContaining({ code: 'below_minimum_stake', amount: 0.5 })]);
    // 2 of 4 is 6 lines at 0.50: at least 3.00.
    const system = coupon({ betType: 'system', systemSize: 2, stake: 2.99 }, [sel('a'), sel('b'), sel('c'), sel('d')]);
    expect(validateCoupon(system, config)).toEqual([
      expect.objectContaining({ code: 'below_minimum_stake', amount: 3 }),
    ]);
    expect(codes({ ...system, stake: 3 })).toEqual([]);
  });

  it('refuses a bet above the maximum stake of its currency: per single, per multi group, the whole stake of a system', () => {
    const capped: CouponConfig = { ...config, maxStake: { EUR: 100 } };
    const singles = coupon({ betType: 'single', stake: 100 }, [sel('g1'), sel('g2')]);
    // Two singles of 100 each are two bets at the maximum, not one of 200.
    expect(codes(singles, capped)).toEqual([]);
    expect(validateCoupon({ ...singles, stake: 100.01 }, capped)).toEqual([
      expect.objectContaining({ code: 'above_maximum_stake', amount: 100 }),
    ]);
    const system = coupon({ betType: 'system', systemSize: 2, stake: 120 }, [sel('a'), sel('b'), sel('c')]);
    expect(codes(system, capped)).toEqual(['above_maximum_stake']);
    const multi = coupon({ betType: 'multi', groupStakes: [100, 101] }, [
      sel('a', 2, { group: 0 }),
      sel('b', 2, { group: 0 }),
      sel('c', 2, { group: 1 }),
      sel('d', 2, { group: 1 }),
    ]);
    expect(codes(multi, capped)).toEqual(['above_maximum_stake']);
    // No limit for a currency without an entry, nor without the setting.
    expect(codes(coupon({ currency: 'KES', stake: 1e6 }, [sel('g1')]), capped)).toEqual([]);
    expect(codes({ ...singles, stake: 1e6 })).toEqual([]);
  });

  it('refuses a stake above the balance, counting every single', () => {
    const singles = coupon({ betType: 'single', stake: 10 }, [sel('g1'), sel('g2'), sel('g3')]);
    expect(validateCoupon(singles, config, 29.99)).toEqual([
      expect.objectContaining({ code: 'above_balance', amount: 30 }),
    ]);
    expect(codes(singles, config, 30)).toEqual([]);
  });

  it('refuses too many events: 50, and 20 for system and multi', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => sel(`g${i}`));
    expect(codes(coupon({ betType: 'express' }, many(51)))).toContain('too_many_events');
    expect(codes(coupon({ betType: 'express' }, many(50)))).not.toContain('too_many_events');
    expect(codes(coupon({ betType: 'system', systemSize: 2, stake: 1000 }, many(21)))).toContain('too_many_events');
    expect(codes(coupon({ betType: 'system', systemSize: 2, stake: 1000 }, many(20)))).toEqual([]);
  });

  it('refuses a suspended selection, naming it', () => {
    const issues = validateCoupon(coupon({}, [sel('g1', 2, { blocked: true })]), config);
    expect(issues).toEqual([
      expect.objectContaining({ code: 'suspended_selection', selectionKeys: [selectionKey(sel('g1'))] }),
    ]);
  });

  it('refuses the same game twice in a combination but not in singles or across multi groups', () => {
    const twice = [sel('g1', 2, { outcomeId: 'a' }), sel('g1', 3, { outcomeId: 'b' })];
    expect(validateCoupon(coupon({ betType: 'express' }, twice), config)).toEqual([
      expect.objectContaining({ code: 'same_game_twice', gameId: 'g1' }),
    ]);
    expect(codes(coupon({ betType: 'single' }, twice))).toEqual([]);
    const multi = coupon({ betType: 'multi', groupStakes: [1, 1] }, [
      sel('g1', 2, { outcomeId: 'a', group: 0 }),
      sel('g1', 3, { outcomeId: 'b', group: 1 }),
    ]);
    expect(codes(multi)).toEqual([]);
  });

  it('refuses a bet type the configuration switches off', () => {
    const cfg: CouponConfig = { ...config, betTypes: { system: false } };
    const system = coupon({ betType: 'system', systemSize: 2 }, [sel('a'), sel('b'), sel('c')]);
    expect(validateCoupon(system, cfg)).toEqual([
      expect.objectContaining({ code: 'feature_disabled', feature: 'system' }),
    ]);
  });

  it('refuses too few events for the bet type and impossible system sizes', () => {
    expect(codes(coupon({ betType: 'express' }, [sel('a')]))).toEqual(['too_few_events']);
    expect(codes(coupon({ betType: 'system', systemSize: 2 }, [sel('a'), sel('b')]))).toEqual(['too_few_events']);
    expect(codes(coupon({ betType: 'multi', groupStakes: [1] }, [sel('a')]))).toEqual(['too_few_events']);
    const three = [sel('a'), sel('b'), sel('c')];
    expect(codes(coupon({ betType: 'system', systemSize: 3 }, three))).toEqual(['invalid_system_size']);
    expect(codes(coupon({ betType: 'system', systemSize: 1 }, three))).toEqual(['invalid_system_size']);
  });

  it('refuses bad stakes, prices and currencies', () => {
    expect(codes(coupon({ stake: 0 }, [sel('a')]))).toEqual(['invalid_stake']);
    expect(codes(coupon({ stake: 1.005 }, [sel('a')]))).toEqual(['invalid_stake']);
    expect(codes(coupon({}, [sel('a', 1.001)]))).toEqual(['invalid_odds']);
    expect(codes(coupon({ currency: 'XXX' }, [sel('a')]))).toEqual(['unsupported_currency']);
  });

  it('refuses an anti-express that cannot be priced', () => {
    expect(codes(coupon({ betType: 'antiExpress' }, [sel('a', 10), sel('b', 10), sel('c', 10)]))).toEqual([
      'anti_express_unavailable',
    ]);
    expect(codes(coupon({ betType: 'antiExpress' }, [sel('a', 2), sel('b', 1.5)]))).toEqual([]);
  });

  it('reports every problem at once, in a stable order', () => {
    const bad = coupon({ betType: 'express', stake: 0.1 }, [
      sel('g1', 2, { blocked: true, outcomeId: 'a' }),
      sel('g1', 2, { outcomeId: 'b' }),
    ]);
    expect(codes(bad, config, 0)).toEqual([
      'same_game_twice',
      'suspended_selection',
      'below_minimum_stake',
      'above_balance',
    ]);
  });
});
