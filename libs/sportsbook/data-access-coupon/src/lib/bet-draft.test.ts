import {
  addSelection,
  createCoupon,
  setBetType,
  setGroupStake,
  setStake,
  setSystemSize,
  type Coupon,
  type CouponConfig,
} from '@tessera/sportsbook/util-coupon';
import { describe, expect, it } from 'vitest';
import { toBetDraft } from './bet-draft';

const config: CouponConfig = { minStake: { EUR: 0.5 } };

function coupon(odds: number[], betType: Coupon['betType'] = 'express'): Coupon {
  let c = setBetType(createCoupon({ currency: 'EUR' }), betType);
  odds.forEach((price, i) => {
    c = addSelection(c, {
      gameId: String(i + 1),
      marketId: `${i + 1}:1x2`,
      outcomeId: `${i + 1}:1x2:home`,
      odds: price,
      blocked: false,
      live: i === 0,
    }).coupon;
  });
  return setStake(c, 10);
}

describe('toBetDraft', () => {
  it('sends an express as vid 1 with every event and the whole stake', () => {
    const draft = toBetDraft(coupon([1.5, 2, 3]), config);
    expect(draft).toMatchObject({ vid: 1, summ: 10, live: true });
    expect(draft.couponEvents).toEqual([
      { gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 },
      { gameId: 2, outcomeId: '2:1x2:home', coef: 2 },
      { gameId: 3, outcomeId: '3:1x2:home', coef: 3 },
    ]);
  });

  it('sends singles as vid 0 with the stake per event, and a system as vid 2 with k as expressNum', () => {
    expect(toBetDraft(coupon([1.5, 2], 'single'), config)).toMatchObject({ vid: 0, summ: 10 });
    const system = toBetDraft(setSystemSize(coupon([1.5, 2, 3, 4], 'system'), 3), config);
    expect(system).toMatchObject({ vid: 2, expressNum: 3, summ: 10 });
  });

  it('prices an anti-express with util-coupon and sends that price', () => {
    const draft = toBetDraft(coupon([1.2, 1.3], 'antiExpress'), config);
    expect(draft.vid).toBe(3);
    expect(draft.antiExpressCoef).toBeGreaterThan(1);
  });

  it('splits a multi into coupons, a single for one event and an express for more, with events in coupon order', () => {
    let c = coupon([1.5, 2], 'multi');
    c = addSelection(
      c,
      { gameId: '9', marketId: '9:1x2', outcomeId: '9:1x2:away', odds: 4, blocked: false, live: false },
      { group: 1 },
    ).coupon;
    c = setGroupStake(setGroupStake(c, 0, 5), 1, 2);
    const draft = toBetDraft(c, config);
    expect(draft.coupons).toEqual([
      {
        vid: 1,
        summ: 5,
        couponEvents: [
          { gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 },
          { gameId: 2, outcomeId: '2:1x2:home', coef: 2 },
        ],
      },
      { vid: 0, summ: 2, couponEvents: [{ gameId: 9, outcomeId: '9:1x2:away', coef: 4 }] },
    ]);
    expect(draft.couponEvents.map((e) => e.gameId)).toEqual([1, 2, 9]);
    expect(draft.summ).toBe(7);
  });

  it('carries the features the bettor asked for, and boost only on an express', () => {
    const draft = toBetDraft(coupon([1.5, 2]), config, {
      promo: 'WELCOME',
      autoBetCf: 4.2,
      expressBoost: true,
      powerBet: true,
      insurance: true,
      lobby: true,
      vipBetSumm: 5000,
    });
    expect(draft).toMatchObject({
      promo: 'WELCOME',
      isAutoBet: true,
      autoBetCf: 4.2,
      isExpressBoost: true,
      isPowerBet: true,
      isInsurance: true,
      withLobby: true,
      vipBetSumm: 5000,
    });
    expect(toBetDraft(coupon([1.5, 2], 'single'), config, { expressBoost: true }).isExpressBoost).toBeUndefined();
  });
});
