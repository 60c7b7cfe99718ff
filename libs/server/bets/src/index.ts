export {
  resultFactor,
  saleValue,
  settle,
  type BetKind,
  type SaleSelection,
  type SelectionResult,
  type SettleableBet,
  type SettledStatus,
  type Settlement,
} from './bet-maths';
export { betRulesFor, type BetRules, type CouponFeature } from './bets.config';
export {
  findBet,
  findBetsByGuid,
  findSelections,
  insertBets,
  insertSelections,
  listBets,
  markSettled,
  recordResults,
  type BetRow,
  type NewBet,
  type SelectionRow,
} from './bets.repository';
export {
  acceptedByPolicy,
  insuranceKey,
  insuranceOf,
  place,
  planMulti,
  planSingle,
  type BetInsurance,
  type Bettor,
  type GateTiming,
  type PlacementContext,
  type PlacementTimer,
  type Plan,
  askStakeGates,
  type StakeCeiling,
  type StakeCeilings,
  type StakeGate,
  type StakeGateAnswer,
} from './bets.service';
export {
  type CheckCf,
  type MakeBetBidBody,
  type MakeBetBody,
  type MakeBetMultiBody,
  type MakeBetResponse,
  type MultiCoupon,
  type OddsChange,
  type PlacedBet,
  type PlacementFlags,
  type WireEvent,
} from './bet-wire';
export {
  betsHistory,
  betStatus,
  heldBetRefusal,
  historyItem,
  HISTORY_PAGE,
  type BetHistoryContext,
} from './bet-history.service';
export {
  createBettingService,
  vipDeskFor,
  type VipDeskChoice,
  type BettingDependencies,
  type BettingLine,
  type BettingLogger,
  type BettingService,
  type BettorRules,
} from './betting.service';
export { createBettorLookup, type BettorContext, type BettorLookup, type BettorLookupOptions } from './bettor.service';
export {
  COUPON_DAYS,
  couponLines,
  loadCoupon,
  saveCoupon,
  type CouponContext,
  type CouponSite,
} from './coupon.service';
export { ControllableFeed, type FinishableLine, type FinishRequest } from './dev-feed-control';
export { answering, refusalAnswer } from './refusal-answer';
export { offeredGame, type LineGame, type LineMarket, type LineModel, type LineOutcome } from './line.port';
export { siteOfferFor, type OfferBettingConfig, type OfferGame, type OfferSport, type SiteOffer } from './site-offer';
export { BetRefusal, refusal, REFUSALS, type RefusalCode, type ServerRefusalCode } from './refusals';
export { canSell, saleInfo, sell, valueNow, type SaleContext, type SaleInfo, type SaleResult } from './sale.service';
export {
  AUTO_BET_SWEEP_JOB,
  AUTO_BET_SWEEP_MS,
  BetSettlement,
  resultsOf,
  type LineChange,
  type SettlementContext,
  type SettlementLogger,
} from './settlement.service';
export {
  decideHeldVipBet,
  VIP_JOB,
  VipApprovals,
  type VipApprovalsContext,
  type VipJob,
  type VipHold,
  type VipLogger,
  type VipOutcome,
} from './vip-approval.service';
export {
  ConsoleVipDesk,
  DevelopmentVipDesk,
  VipDeskUnavailableError,
  type DevelopmentVipDeskOptions,
  type VipBetDesk,
  type VipBid,
  type VipDecision,
} from './vip-desk';
export {
  LIVE_DELAY_JOB,
  LiveDelays,
  type LiveDelayHold,
  type LiveDelayJob,
  type LiveDelayLogger,
  type LiveDelayRefusal,
  type LiveDelaysContext,
} from './live-delay.service';
export {
  ADVANCE_SWEEP_JOB,
  AdvanceBets,
  advanceStanding,
  type AdvanceBetsContext,
  type AdvanceDecision,
  type AdvanceHold,
  type AdvanceLogger,
  type AdvanceOwner,
  type AdvanceRefusal,
  type AdvanceStanding,
} from './advance.service';
export { createBetsModule, type BetsModule, type BetsModuleOptions } from './bets.module';
