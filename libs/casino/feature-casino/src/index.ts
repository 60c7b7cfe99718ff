// The casino's pages, each a chunk of its own that the casino route preloads (lib/casino-parts.tsx): importing them
// from here carries none of their code.
export {
  CasinoAnyGamePage,
  CasinoHistory,
  CasinoLobby,
  CasinoTournaments,
  CasinoVerifyPage,
  type CasinoPart,
} from './lib/casino-parts';
export type { CasinoLobbyProps } from './lib/casino-lobby';
export type { CasinoGamePageProps } from './lib/casino-game-page';
export type { ExternalGamePageProps } from './lib/external-game-page';
export type { CasinoVerifyPageProps } from './lib/casino-verify-page';
export type { CasinoTournamentsProps } from './lib/casino-tournaments';
export { preloadCasinoCopy, useCasinoT, type CasinoT, type CasinoTranslate } from './lib/use-casino-t';
export { casinoApi, casinoKeys } from './lib/casino.api';
export { DEMO_START_BALANCE, useRoundPlayer, type PlayedRound, type RoundPlayer } from './lib/round-player';
