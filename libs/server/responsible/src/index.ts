export {
  CrossOperatorUnavailableError,
  SANDBOX_CROSS_OPERATOR_DOWN,
  SandboxCrossOperatorLimit,
  type CrossOperatorAnswer,
  type CrossOperatorDeposit,
  type CrossOperatorLimit,
  type SandboxCrossOperatorOptions,
} from './cross-operator';
export {
  askRegister,
  RegisterUnavailableError,
  SANDBOX_REGISTER_FAILURES,
  SANDBOX_REGISTER_LISTINGS,
  SandboxExclusionRegister,
  type ExclusionRegister,
  type RegisterAnswer,
  type RegisterIdentity,
  type SandboxListing,
} from './exclusion-register';
export { periodEnd, periodStart, type LimitPeriod } from './periods';
export {
  effectiveAmount,
  LOCK_BOUNDS,
  PlayerProtection,
  PROFILE_CHANNEL,
  PROFILE_TTL_MS,
  WATCHED_PROFILE_TTL_MS,
  type LimitChange,
  type LimitView,
  type LockView,
  type PlayerProtectionOptions,
  type ResponsibleSettings,
  type StakeCeiling,
  type StakeCeilings,
  type StakeGateInput,
} from './player-protection.service';
export { RealityChecks, type PlaySession } from './reality-check.service';
export { RESPONSIBLE_REFUSALS, responsibleRefusal, type ResponsibleRefusalCode } from './refusals';
export { lockStakeUsage } from './responsible.repository';
export type { BlockKind, LimitKind } from './responsible.repository';
export {
  createResponsibleModule,
  type ResponsibleBetGate,
  type ResponsibleGates,
  type ResponsibleModule,
  type ResponsibleModuleOptions,
  type ResponsibleStakeGate,
} from './responsible.module';
export { TestClock } from './test-clock';
export {
  ageAt,
  affordabilityGate,
  recordAffordabilityCheck,
  type AffordabilityCheck,
  type AffordabilityGateInput,
  type AffordabilityOptions,
} from './affordability';
export {
  activityFileGate,
  ActivityFileUnavailableError,
  SANDBOX_ACTIVITY_FILE_DOWN,
  SandboxActivityFile,
  type ActivityAnswer,
  type ActivityFile,
  type ActivityGateOptions,
  type ActivityReport,
} from './activity-file';
