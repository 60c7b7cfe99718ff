import type { CouponIssueCode } from '@tessera/sportsbook/util-coupon';

/** Refusal codes of the bets and wallet calls beyond util-coupon's issue codes. */
export type ServerRefusalCode =
  | 'game_closed'
  | 'outcome_unknown'
  | 'bet_guid_conflict'
  | 'auto_bet_single_only'
  | 'vip_desk_unavailable'
  | 'insurance_unavailable'
  | 'live_odds_changed'
  | 'live_score_changed'
  | 'advance_unavailable'
  | 'above_advance'
  | 'sale_unavailable'
  | 'sale_amount_invalid'
  | 'bet_not_found'
  | 'coupon_not_found'
  | 'deposit_refused'
  | 'payments_unavailable'
  | 'live_market_not_offered';

/** Every refusal code. */
export type RefusalCode = CouponIssueCode | ServerRefusalCode;

/** The numeric error_code and HTTP status of each refusal (docs/contracts/bets-api.md); never renumber one. */
export const REFUSALS: Readonly<Record<RefusalCode, { errorCode: number; status: number }>> = {
  empty_coupon: { errorCode: 1001, status: 422 },
  feature_disabled: { errorCode: 1002, status: 403 },
  too_many_events: { errorCode: 1003, status: 422 },
  too_few_events: { errorCode: 1004, status: 422 },
  same_game_twice: { errorCode: 1005, status: 422 },
  suspended_selection: { errorCode: 1006, status: 422 },
  invalid_odds: { errorCode: 1007, status: 422 },
  invalid_system_size: { errorCode: 1008, status: 422 },
  invalid_stake: { errorCode: 1009, status: 422 },
  below_minimum_stake: { errorCode: 1010, status: 422 },
  unsupported_currency: { errorCode: 1011, status: 422 },
  above_balance: { errorCode: 1012, status: 422 },
  anti_express_unavailable: { errorCode: 1013, status: 422 },
  game_closed: { errorCode: 1020, status: 422 },
  outcome_unknown: { errorCode: 1021, status: 422 },
  above_maximum_stake: { errorCode: 1022, status: 422 },
  bet_guid_conflict: { errorCode: 1023, status: 409 },
  auto_bet_single_only: { errorCode: 1024, status: 422 },
  vip_desk_unavailable: { errorCode: 1025, status: 503 },
  insurance_unavailable: { errorCode: 1026, status: 422 },
  live_odds_changed: { errorCode: 1027, status: 422 },
  live_score_changed: { errorCode: 1028, status: 422 },
  advance_unavailable: { errorCode: 1029, status: 422 },
  sale_unavailable: { errorCode: 1030, status: 409 },
  sale_amount_invalid: { errorCode: 1031, status: 422 },
  bet_not_found: { errorCode: 1032, status: 404 },
  coupon_not_found: { errorCode: 1033, status: 404 },
  above_advance: { errorCode: 1034, status: 422 },
  deposit_refused: { errorCode: 1040, status: 422 },
  payments_unavailable: { errorCode: 1041, status: 503 },
  // A market type the brand's country closes once a game is live (betting.live.closedMarketTypes; DEGGL-LIVE-1).
  live_market_not_offered: { errorCode: 1050, status: 403 },
};

/** A bet or wallet request refused by the rules: the API answers it in the spec's error shape (docs/contracts/bets-api.md). */
export class BetRefusal extends Error {
  readonly errorCode: number;
  readonly status: number;

  constructor(
    readonly code: RefusalCode,
    /** English sentence for logs and the answer's detail. */
    readonly sentence: string,
  ) {
    super(`${code}: ${sentence}`);
    this.name = 'BetRefusal';
    this.errorCode = REFUSALS[code].errorCode;
    this.status = REFUSALS[code].status;
  }
}

/** A refusal to throw. */
export function refusal(code: RefusalCode, sentence: string): BetRefusal {
  return new BetRefusal(code, sentence);
}
