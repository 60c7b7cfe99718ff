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
  type OddsChange,
  type PlaceBetRequest,
  type PlaceBetResult,
  type PlacementFailure,
  type PlacementFailureKind,
} from './lib/bet-placement.types';
export { applyOddsChanges, isAcceptedByPolicy } from './lib/odds-policy';
export { errorMessage, isInvalidRequestError, toPlacementFailure } from './lib/placement-failure';
