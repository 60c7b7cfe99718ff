import type {
  BetStatusResponse,
  CouponEvent,
  CouponResponse,
  GetAdvanceResponse,
  MakeBetMultiRequest,
  MakeBetResponse,
  SaveCouponResponse,
} from '@tessera/shared/contract-api';
import { bool, defineCall, float, int, str, type ParamEncoder, type WireValue } from '@tessera/shared/data-access-api';

// Every payload type here is the generated contract (schemas/api/bets) or a narrowing of it by status.

/** One selection on the wire (`Events` entry, docs/contracts/bets-api.md): the feed's ids and the coefficient seen. */
export type WireCouponEvent = CouponEvent;

/** Bet kinds (`vid`) of MakeBetWeb. */
export const BET_VID = { single: 0, express: 1, system: 2, antiExpress: 3, fullCover: 4 } as const;

/** A list of objects in a JSON body (the shared encoders carry scalars and plain objects only). */
function eventList<R extends boolean = false>(
  options: { name?: string; required?: R } = {},
): ParamEncoder<readonly WireCouponEvent[], R> {
  return {
    kind: 'event list',
    wireName: options.name,
    required: (options.required ?? false) as R,
    encode(value) {
      if (!value || value.length === 0) {
        if (options.required) throw new Error('at least one event is required');
        return undefined;
      }
      return value.map((e) => ({ gameId: e.gameId, outcomeId: e.outcomeId, coef: e.coef })) as unknown as WireValue;
    },
  };
}

/** One coupon of MakeBetWebMulti. */
export type WireMultiCoupon = MakeBetMultiRequest['coupons'][number];

function couponList(): ParamEncoder<readonly WireMultiCoupon[], true> {
  return {
    kind: 'coupon list',
    wireName: undefined,
    required: true,
    encode(value) {
      if (!value || value.length === 0) throw new Error('at least one coupon is required');
      return value as unknown as WireValue;
    },
  };
}

/**
 * Answer of MakeBetWeb, MakeBetWebMulti and MakeBetBidWeb: the schema's one object, narrowed by status to the fields
 * each status always carries.
 */
export type MakeBetAnswer =
  | (Required<
      Pick<
        MakeBetResponse,
        'betGuid' | 'bets' | 'summ' | 'stakeTax' | 'potentialWin' | 'balance' | 'currency' | 'changes'
      >
    > & { status: 'accepted' })
  | (Required<Pick<MakeBetResponse, 'betGuid' | 'changes'>> & { status: 'oddsChanged' })
  | (Required<Pick<MakeBetResponse, 'betGuid' | 'betId' | 'reason'>> & { status: 'waiting' });

/** Answer of GetAvance (libs/server/bets README: advance bets): what an advance bet may stake now. */
export type AdvanceAnswer = GetAdvanceResponse;

/** Answer of GetBetStatus, narrowed by status. */
export type BetStatusAnswer =
  | (Required<Pick<BetStatusResponse, 'betId'>> & { status: 'accepted' })
  | (BetStatusResponse & { status: 'waiting' })
  | (Required<Pick<BetStatusResponse, 'reason' | 'message'>> & { status: 'rejected' });

/** One selection as the line stands now (UpdateCoupon, GetCoupon). */
export type CouponLineEvent = CouponResponse['events'][number];

/** GetCoupon's answer for a code: the saved coupon always carries its code and kind. */
export type SavedCouponAnswer = CouponResponse & Required<Pick<CouponResponse, 'CouponCode' | 'vid'>>;

const placement = {
  betGUID: str({ required: true }),
  Events: eventList({ required: true }),
  vid: int({ required: true, sendDefault: true }),
  Summ: float({ required: true }),
  expressNum: int(),
  FullCover: str(),
  CheckCf: int({ sendDefault: true }),
  ApprovedBet: bool(),
  OneClickBet: bool(),
  notWait: bool(),
  avanceBet: bool(),
  isAutoBet: bool(),
  autoBetCf: float(),
  IsExpressBoost: bool(),
  IsPowerBet: bool(),
  IsInsurance: bool(),
  AntiExpressCoef: float(),
  promo: str(),
  CouponCode: str(),
  withLobby: bool(),
};

/** The coupon and bet calls of spec section 7, as docs/contracts/bets-api.md defines them. */
export const couponApi = {
  /** POST service-api/LiveBet/Secure/MakeBetWeb: place a single, express, system, anti-express or full cover. */
  makeBetWeb: defineCall({
    url: '/service-api/LiveBet/Secure/MakeBetWeb',
    method: 'POST',
    body: placement,
  }).returns<MakeBetAnswer>(),
  /** POST service-api/LiveBet/Secure/MakeBetWebMulti: several coupons in one all-or-nothing request. */
  makeBetWebMulti: defineCall({
    url: '/service-api/LiveBet/Secure/MakeBetWebMulti',
    method: 'POST',
    body: {
      betGUID: str({ required: true }),
      coupons: couponList(),
      CheckCf: int({ sendDefault: true }),
      ApprovedBet: bool(),
    },
  }).returns<MakeBetAnswer>(),
  /** POST service-api/LiveBet/Secure/MakeBetBidWeb: a VIP bet above the maximum stake, sent for approval. */
  makeBetBidWeb: defineCall({
    url: '/service-api/LiveBet/Secure/MakeBetBidWeb',
    method: 'POST',
    body: { ...placement, Summ: float(), VIPBetSumm: float({ required: true }) },
  }).returns<MakeBetAnswer>(),
  /** POST service-api/LiveBet/Secure/GetBetStatus: the fate of a held bet, by its guid. */
  getBetStatus: defineCall({
    url: '/service-api/LiveBet/Secure/GetBetStatus',
    method: 'POST',
    body: { betGUID: str({ required: true }) },
  }).returns<BetStatusAnswer>(),
  /** POST service-api/LiveBet/Open/UpdateCoupon: the coupon's selections as the line stands now. */
  updateCoupon: defineCall({
    url: '/service-api/LiveBet/Open/UpdateCoupon',
    method: 'POST',
    body: { Events: eventList({ required: true }) },
  }).returns<CouponResponse>(),
  /** POST service-api/LiveBet/Open/SaveCoupon: keeps the coupon under a code for 7 days. */
  saveCoupon: defineCall({
    url: '/service-api/LiveBet/Open/SaveCoupon',
    method: 'POST',
    body: {
      Events: eventList({ required: true }),
      vid: int({ required: true, sendDefault: true }),
      Summ: float(),
      expressNum: int(),
    },
  }).returns<SaveCouponResponse>(),
  /** POST service-api/LiveBet/Open/GetCoupon: a saved coupon by its code. */
  getCoupon: defineCall({
    url: '/service-api/LiveBet/Open/GetCoupon',
    method: 'POST',
    body: { CouponCode: str({ required: true }) },
  }).returns<SavedCouponAnswer>(),
  /** POST service-api/LiveBet/Open/GetAvance: how much the bettor may bet on advance, secured by their open bets. */
  getAdvance: defineCall({
    url: '/service-api/LiveBet/Open/GetAvance',
    method: 'POST',
    body: {},
  }).returns<AdvanceAnswer>(),
};
