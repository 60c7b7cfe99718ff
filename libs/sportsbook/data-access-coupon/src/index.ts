export {
  betPlacementMachine,
  createBetGuid,
  type BetPlacementContext,
  type BetPlacementEmitted,
  type BetPlacementEvent,
  type BetPlacementInput,
} from './lib/bet-placement.machine';
export {
  CHECK_CF,
  DEFAULT_CHECK_CF,
  type BetDraft,
  type BetPlacementApi,
  type BetRejectReason,
  type BetStatusResult,
  type BetValidationResult,
  type CheckCf,
  type CouponEvent,
  type MultiCouponDraft,
  type OddsChange,
  type PlaceBetRequest,
  type PlaceBetResult,
  type PlacementFailure,
  type PlacementFailureKind,
} from './lib/bet-placement.types';
export { applyOddsChanges, isAcceptedByPolicy } from './lib/odds-policy';
export { errorMessage, isInvalidRequestError, toPlacementFailure } from './lib/placement-failure';
export { couponConfigFromSite, isCouponFeatureOn, type CouponFeature } from './lib/coupon-config';
export {
  CouponStore,
  DEFAULT_COUPON_SETTINGS,
  emptyCouponState,
  type CouponPick,
  type CouponSettings,
  type CouponState,
  type SelectionLabel,
  type SelectionUpdate,
} from './lib/coupon-store';
export { COUPON_STORAGE_KEY, COUPON_TTL_MS, loadCoupon, saveCoupon } from './lib/coupon-storage';
export {
  CouponProvider,
  useCoupon,
  useCouponPick,
  type CouponPickBinding,
  type CouponProviderProps,
} from './lib/coupon-context';
export {
  couponMarketName,
  selectionPickName,
  useFeedCouponPick,
  useSelectionPickName,
  type FeedPickGame,
  type SelectionWords,
} from './lib/use-feed-coupon-pick';
export { useCouponLiveSync } from './lib/coupon-live-sync';
export { COUPON_POLL_MS, couponKeys, couponStateFromSaved, useCouponLinePolling } from './lib/coupon-line';
export { useAdvance } from './lib/coupon-advance';
export {
  BET_VID,
  couponApi,
  type AdvanceAnswer,
  type BetStatusAnswer,
  type CouponLineEvent,
  type MakeBetAnswer,
  type SavedCouponAnswer,
  type WireCouponEvent,
  type WireMultiCoupon,
} from './lib/coupon.api';
export { createBetPlacementApi, refusalCode, toRejection } from './lib/bet-placement.api';
export { toBetDraft, type BetDraftOptions } from './lib/bet-draft';
