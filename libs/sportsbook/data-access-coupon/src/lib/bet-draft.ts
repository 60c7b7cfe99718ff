import {
  antiExpressOdds,
  couponGroups,
  DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT,
  type Coupon,
  type CouponConfig,
} from '@tessera/sportsbook/util-coupon';
import type { BetDraft, CouponEvent } from './bet-placement.types';
import { BET_VID } from './coupon.api';

/** Coupon features the bettor switched on for this bet (each only offered where the brand allows it). */
export interface BetDraftOptions {
  promo?: string;
  autoBetCf?: number;
  expressBoost?: boolean;
  powerBet?: boolean;
  insurance?: boolean;
  lobby?: boolean;
  vipBetSumm?: number;
  couponCode?: string;
  /** Bet on advance where the balance falls short (libs/server/bets README, "Advance bets held until covered"). */
  advance?: boolean;
}

function eventsOf(selections: Coupon['selections']): CouponEvent[] {
  return selections.map((s) => ({ gameId: Number(s.gameId), outcomeId: s.outcomeId, coef: s.odds }));
}

/**
 * The bet the machine places for a coupon: the selections as `Events`, the bet kind (`vid`), the stake as the
 * contract reads it per kind (per event for singles, per line for a full cover, the whole bet otherwise), k of a
 * system, the full cover's name, the anti-express price,
 * the coupons of a multi, and the features the bettor asked for.
 */
export function toBetDraft(coupon: Coupon, config: CouponConfig, options: BetDraftOptions = {}): BetDraft {
  const couponEvents = eventsOf(coupon.selections);
  const draft: BetDraft = { couponEvents, summ: coupon.stake, vid: BET_VID.express };
  switch (coupon.betType) {
    case 'single':
      draft.vid = BET_VID.single;
      break;
    case 'system':
      draft.vid = BET_VID.system;
      draft.expressNum = coupon.systemSize;
      break;
    case 'fullCover':
      // The stake is per line; the server charges lines × summ (libs/server/bets README, "Full-cover bets").
      draft.vid = BET_VID.fullCover;
      if (coupon.fullCover) draft.fullCover = coupon.fullCover;
      break;
    case 'antiExpress': {
      draft.vid = BET_VID.antiExpress;
      const price = antiExpressOdds(
        coupon.selections.map((s) => s.odds),
        config.antiExpressMarginPercent ?? DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT,
      );
      if (price !== undefined) draft.antiExpressCoef = price;
      break;
    }
    case 'multi': {
      const groups = couponGroups(coupon);
      draft.coupons = groups.map((group, index) => ({
        couponEvents: eventsOf(group),
        vid: group.length > 1 ? BET_VID.express : BET_VID.single,
        summ: coupon.groupStakes[index] ?? 0,
      }));
      // Events in coupon order, so odds-change indexes count across coupons as the contract says.
      draft.couponEvents = draft.coupons.flatMap((c) => c.couponEvents);
      draft.summ = draft.coupons.reduce((sum, c) => sum + c.summ, 0);
      break;
    }
    default:
      break;
  }
  if (coupon.selections.some((s) => s.live)) draft.live = true;
  if (options.promo) draft.promo = options.promo;
  if (options.autoBetCf !== undefined) {
    draft.isAutoBet = true;
    draft.autoBetCf = options.autoBetCf;
  }
  if (options.expressBoost && coupon.betType === 'express') draft.isExpressBoost = true;
  if (options.powerBet) draft.isPowerBet = true;
  if (options.insurance) draft.isInsurance = true;
  if (options.lobby) draft.withLobby = true;
  if (options.vipBetSumm !== undefined) draft.vipBetSumm = options.vipBetSumm;
  if (options.couponCode) draft.couponCode = options.couponCode;
  if (options.advance) draft.avanceBet = true;
  return draft;
}
