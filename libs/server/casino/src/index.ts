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
export { casinoHistoryPage, decodeHistoryCursor, encodeHistoryCursor } from './casino-history';
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
export {
  EXTERNAL_SIGNATURE_HEADER,
  EXTERNAL_WALLET_ACTIONS,
  EXTERNAL_WALLET_ERRORS,
  ExternalWalletError,
  type ExternalErrorBody,
  type ExternalGameInfo,
  type ExternalOkBody,
  type ExternalProviderConfig,
  type ExternalWalletAction,
  type ExternalWalletErrorCode,
} from './external-provider';
export { ExternalSessionTokens, type ExternalSessionClaims } from './external-launch-token';
export { EXTERNAL_SIGNATURE_WINDOW_SECONDS, signExternalRequest, verifyExternalRequest } from './external-signature';
export { ExternalWallet, type ExternalAnswer, type ExternalWalletOptions } from './external-wallet';
export { createExternalCasino, type ExternalCasino, type ExternalCasinoSettings } from './external-casino';
export {
  DEVELOPMENT_PROVIDER_SECRET,
  readExternalProvidersEnv,
  SANDBOX_PROVIDER,
  SANDBOX_PROVIDER_GAMES,
  sandboxProviderGames,
} from './external-providers-env';
export {
  CasinoTournaments,
  SCAN_MARGIN_MS,
  type PayoutResult,
  type StandingRow,
  type TournamentRef,
} from './tournaments.service';
export {
  createTournamentsPart,
  TOURNAMENT_REFUSALS,
  TOURNAMENTS_JOB,
  type TournamentsPart,
  type TournamentsRun,
} from './tournaments.module';
export { maskPlayer, qualifyingGameIds, tournamentStatus, tournamentSummary } from './tournament-rules';
