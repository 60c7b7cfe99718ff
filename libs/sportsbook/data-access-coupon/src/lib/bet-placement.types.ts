/**
 * Payload and result types of bet placement, named after the spec's coupon and bet-making fields
 * (section 3) so the future HTTP adapter maps them one to one onto MakeBetWeb.
 */

import type { FullCoverBetName } from '@tessera/sportsbook/util-coupon';
import type {
  CouponEvent as WireCouponEvent,
  MakeBetRequest,
  OddsChange as WireOddsChange,
} from '@tessera/shared/contract-api';

/** CheckCf values: 0 accept no change (ask the bettor), 1 accept only increases, 2 accept any change (README, "CheckCf"). */
export type CheckCf = NonNullable<MakeBetRequest['CheckCf']>;

/** Named CheckCf values, so callers never write the bare numbers. */
export const CHECK_CF = { none: 0, increases: 1, any: 2 } as const satisfies Record<string, CheckCf>;

/** The spec's default CheckCf (section 9): ask the bettor on any change. */
export const DEFAULT_CHECK_CF: CheckCf = CHECK_CF.none;

/** One selection of the coupon as sent to the server (an `Events` entry; the generated contract's `CouponEvent`). */
export type CouponEvent = WireCouponEvent;

/** One coupon of a multi bet (MakeBetWebMulti): a single or an express with its own stake. */
export interface MultiCouponDraft {
  /** The coupon's selections. */
  couponEvents: CouponEvent[];
  /** 0 single, 1 express. */
  vid: 0 | 1;
  /** Stake of this coupon. */
  summ: number;
}

/** What the bettor asks to place: the coupon payload before the placement adds betGuid, checkCf and the flags. */
export interface BetDraft {
  /** The selections (couponEvents). */
  couponEvents: CouponEvent[];
  /** Stake (summ) in the account currency. */
  summ: number;
  /** Bet kind (vid): single, express, system... */
  vid: number;
  /** System size for system bets (expressNum). */
  expressNum?: number;
  /** The named full-cover bet (FullCover) of vid 4: summ is then per line. */
  fullCover?: FullCoverBetName;
  /** Promo code (promo), when the stake is paid by one. */
  promo?: string;
  /** Live bet flag (live). */
  live?: boolean;
  /** Advance bet (avanceBet): above the balance, held until the bettor's balance covers it (libs/server/bets README, "Advance bets held until covered"). */
  avanceBet?: boolean;
  /** Ask the server not to make the client wait synchronously (notWait): the answer comes by polling. */
  notWait?: boolean;
  /** Coupon code (couponCode) when the coupon was loaded from a saved one. */
  couponCode?: string;
  /** Auto-bet (isAutoBet): held until the line's coefficient reaches autoBetCf. */
  isAutoBet?: boolean;
  /** The coefficient an auto-bet waits for (autoBetCf). */
  autoBetCf?: number;
  /** Ask for the express boost (isExpressBoost). */
  isExpressBoost?: boolean;
  /** Power bet (isPowerBet). */
  isPowerBet?: boolean;
  /** Bet insurance (IsInsurance). */
  isInsurance?: boolean;
  /** The anti-express coefficient the bettor saw (antiExpressCoef). */
  antiExpressCoef?: number;
  /** Bet lobby (withLobby). */
  withLobby?: boolean;
  /** VIP bet: the stake asked for above the limit (VIPBetSumm); the bet goes to MakeBetBidWeb for approval. */
  vipBetSumm?: number;
  /** Multi bet: the coupons placed together (MakeBetWebMulti); couponEvents then lists every event in order. */
  coupons?: MultiCouponDraft[];
}

/** The MakeBetWeb request the placeBet actor receives: the draft plus what the machine decides. */
export interface PlaceBetRequest extends BetDraft {
  /** Generated once per placement and kept across retries, so the server can deduplicate (ADR 0047). */
  betGuid: string;
  /** The odds-change policy the bettor chose. */
  checkCf: CheckCf;
  /** One-click bet (oneClickBet). */
  oneClickBet: boolean;
  /** True once the bettor (or the policy) approved changed odds (approvedBet). */
  approvedBet: boolean;
}

/** A coefficient that changed between the coupon and the server's line (the generated contract's `OddsChange`). */
export type OddsChange = WireOddsChange;

/** Why a bet was refused. */
export type BetRejectReason =
  'validation' | 'insufficientFunds' | 'limitExceeded' | 'eventClosed' | 'invalidRequest' | 'server';

/** The server's answer to MakeBetWeb, as the adapter normalises it. */
export type PlaceBetResult =
  | { status: 'accepted'; betId: string }
  | { status: 'waiting'; betGuid: string; betId?: string; reason?: string }
  | { status: 'oddsChanged'; changes: OddsChange[] }
  | { status: 'rejected'; reason: BetRejectReason; message: string };

/** The answer to polling a held bet (notWait, advance bets). */
export type BetStatusResult =
  | { status: 'accepted'; betId: string }
  | { status: 'waiting' }
  | { status: 'rejected'; reason: BetRejectReason; message: string };

/** Result of the validation step (stake limits, balance, selections still open). */
export type BetValidationResult = { ok: true } | { ok: false; reason: BetRejectReason; message: string };

/** Why the machine could not learn the bet's fate; the bet may exist, so retry reuses the betGuid. */
export type PlacementFailureKind = 'network' | 'timeout' | 'rateLimited' | 'server';

/** A failure of transport or server, after classification. */
export interface PlacementFailure {
  /** What went wrong. */
  kind: PlacementFailureKind;
  /** Text for logs and a fallback message. */
  message: string;
  /** From a 429's Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

/** The injected server functions; no fetch lives in the machine (the API adapter is built elsewhere). */
export interface BetPlacementApi {
  /** Validates the draft before anything is sent (stake limits, balance, open selections). */
  validateBet(draft: BetDraft, signal: AbortSignal): Promise<BetValidationResult>;
  /** POST service-api/LiveBet/Secure/MakeBetWeb. */
  placeBet(request: PlaceBetRequest, signal: AbortSignal): Promise<PlaceBetResult>;
  /** Polls a held bet by its betGuid. */
  checkBetStatus(betGuid: string, signal: AbortSignal): Promise<BetStatusResult>;
}
