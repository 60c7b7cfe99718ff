// Wire types of the bets calls (docs/contracts/bets-api.md; schemas/api/bets). Field names are the spec's (section 7).

/** One selection as a coupon sends it. */
export interface WireEvent {
  gameId: number;
  outcomeId: string;
  coef: number;
}

/** CheckCf: 0 report any change, 1 accept increases, 2 accept any change (ADR 0048). */
export type CheckCf = 0 | 1 | 2;

/** Fields shared by MakeBetWeb, MakeBetWebMulti and MakeBetBidWeb. */
export interface PlacementFlags {
  betGUID: string;
  CheckCf?: CheckCf;
  ApprovedBet?: boolean;
  OneClickBet?: boolean;
  notWait?: boolean;
  avanceBet?: boolean;
  live?: boolean;
}

/** POST /service-api/LiveBet/Secure/MakeBetWeb. */
export interface MakeBetBody extends PlacementFlags {
  Events: WireEvent[];
  vid: 0 | 1 | 2 | 3;
  Summ: number;
  expressNum?: number;
  isAutoBet?: boolean;
  autoBetCf?: number;
  autoBetCfView?: number;
  IsExpressBoost?: boolean;
  IsPowerBet?: boolean;
  IsInsurance?: boolean;
  AntiExpressCoef?: number;
  promo?: string;
  CouponCode?: string;
  DropOnScoreChange?: boolean;
  TransformEventKind?: number;
  withLobby?: boolean;
}

/** POST /service-api/LiveBet/Secure/MakeBetBidWeb: a VIP bet of VIPBetSumm sent for approval. */
export interface MakeBetBidBody extends Omit<MakeBetBody, 'Summ'> {
  VIPBetSumm: number;
  Summ?: number;
}

/** One coupon of a multi bet. */
export interface MultiCoupon {
  Events: WireEvent[];
  vid: 0 | 1;
  Summ: number;
}

/** POST /service-api/LiveBet/Secure/MakeBetWebMulti. */
export interface MakeBetMultiBody extends PlacementFlags {
  coupons: MultiCoupon[];
}

/** A coefficient that moved between the coupon and the line. */
export interface OddsChange {
  index: number;
  previous: number;
  current: number;
}

/** One bet created by a placement. */
export interface PlacedBet {
  betId: string;
  coef: number;
  summ: number;
  potentialWin: number;
}

/** The answer of the placement calls. */
export type MakeBetResponse =
  | {
      status: 'accepted';
      betGuid: string;
      bets: PlacedBet[];
      summ: number;
      stakeTax: number;
      potentialWin: number;
      balance: number;
      currency: string;
      changes: OddsChange[];
    }
  | { status: 'oddsChanged'; betGuid: string; changes: OddsChange[] }
  | { status: 'waiting'; betGuid: string; betId: string; reason: 'autoBet' | 'vipApproval' | 'liveDelay' | 'advance' };

/** A stored bet's status. */
export type BetStatus =
  'waiting' | 'accepted' | 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost' | 'sold' | 'rejected';

/** Every status, for the history filter. */
export const BET_STATUSES: readonly BetStatus[] = [
  'waiting',
  'accepted',
  'won',
  'lost',
  'returned',
  'half_won',
  'half_lost',
  'sold',
  'rejected',
];
