export { createCasinoModule, type CasinoModule, type CasinoModuleOptions } from './casino.module';
export { catalogueFor, gameRules, IN_HOUSE_PROVIDER, type CasinoProvider } from './catalogue';
export { DemoPlay } from './demo-play';
export {
  CasinoRounds,
  type CasinoRoundsOptions,
  type CasinoStakeGate,
  type RevealedSeed,
  type RoundVerification,
  type RoundView,
  type SeedView,
} from './casino-rounds.service';
export { CASINO_REFUSALS, casinoRefusal, type CasinoRefusalCode } from './casino-refusals';
export { canonicalJson, recomputeRound, type Recomputed, type RoundEvidence } from './recompute-round';
export type { CasinoPlayer } from './round-ledger';
export {
  enforceSlotRules,
  SLOT_RULE_REFUSALS,
  slotRulesOf,
  type SlotRuleRefusalCode,
  type SlotRules,
  type SlotRulesFor,
} from './jurisdiction-rules';
