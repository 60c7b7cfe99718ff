export {
  expressOdds,
  expressReturn,
  systemLines,
  systemStakePerLine,
  systemReturn,
  systemReturnForWinners,
  calcSystemsMin,
  fullCoverReturn,
  fullCoverReturnFrom,
  fullCoverLines,
} from './system-math';
export { FULL_COVER_BETS, fullCoverBetsFor, fullCoverBetReturn, offeredFullCoverBets } from './full-cover';
export type { FullCoverBet, FullCoverBetName } from './full-cover';
export { antiExpressOdds, DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT } from './anti-express';
export { expressBoostPercent, expressBoostAmount } from './express-boost';
export { applyStakeTax, applyPayoutTax, hasReturnTax } from './taxes';
export type { TaxedStake, TaxedPayout } from './taxes';
export {
  BET_TYPES,
  MAX_COUPON_EVENTS,
  MAX_SYSTEM_EVENTS,
  maxEventsFor,
  isBetTypeEnabled,
  isFullCoverOffered,
} from './coupon-config';
export type { BetType, BettingTaxConfig, CouponConfig, ExpressBoostConfig } from './coupon-config';
export {
  selectionKey,
  createCoupon,
  addSelection,
  replaceSelection,
  removeSelection,
  toggleSelection,
  clearCoupon,
  setBetType,
  setStake,
  setGroupStake,
  setSystemSize,
  setFullCover,
  couponGroups,
  suggestedBetType,
} from './coupon';
export type { AddSelectionOptions, Coupon, CouponChange, CouponSelection, Selection } from './coupon';
export { COUPON_ISSUE_CODES } from './coupon-issue';
export type { CouponIssue, CouponIssueCode } from './coupon-issue';
export { potentialWin, couponTotalStake } from './potential-win';
export type { BetBreakdown, PotentialWin } from './potential-win';
export { validateCoupon } from './validate-coupon';
export { DEFAULT_INSURANCE_MARGIN_PERCENT, INSURABLE_BET_TYPES, insurancePremium } from './insurance';
