import type { BetType } from './coupon-config';

/** Stable reason codes for refusing a coupon; the API reuses them to refuse bets, so never rename one. */
export type CouponIssueCode =
  | 'empty_coupon'
  | 'feature_disabled'
  | 'too_many_events'
  | 'too_few_events'
  | 'same_game_twice'
  | 'suspended_selection'
  | 'invalid_odds'
  | 'invalid_system_size'
  | 'invalid_stake'
  | 'below_minimum_stake'
  | 'above_maximum_stake'
  | 'unsupported_currency'
  | 'above_balance'
  | 'anti_express_unavailable';

/** Every issue code, for exhaustive mapping to messages and HTTP errors. */
export const COUPON_ISSUE_CODES: readonly CouponIssueCode[] = [
  'empty_coupon',
  'feature_disabled',
  'too_many_events',
  'too_few_events',
  'same_game_twice',
  'suspended_selection',
  'invalid_odds',
  'invalid_system_size',
  'invalid_stake',
  'below_minimum_stake',
  'above_maximum_stake',
  'unsupported_currency',
  'above_balance',
  'anti_express_unavailable',
];

/** One reason a coupon cannot be placed, with the figures a message needs. */
export interface CouponIssue {
  /** Stable code (see CouponIssueCode). */
  readonly code: CouponIssueCode;
  /** English text for logs and the API's detail field; the UI translates by code. */
  readonly message: string;
  /** Selections concerned (suspended, invalid price, same game). */
  readonly selectionKeys?: readonly string[];
  /** The game that appears twice. */
  readonly gameId?: string;
  /** The limit broken: most or fewest events, or the largest valid system size. */
  readonly limit?: number;
  /** The amount involved: the minimum or maximum stake, or the total stake above the balance. */
  readonly amount?: number;
  /** The switched-off bet type. */
  readonly feature?: BetType;
}
