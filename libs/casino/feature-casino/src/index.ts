export { CasinoLobby, type CasinoLobbyProps } from './lib/casino-lobby';
export { CasinoGamePage, type CasinoGamePageProps } from './lib/casino-game-page';
export { CasinoAnyGamePage, ExternalGamePage, type ExternalGamePageProps } from './lib/external-game-page';
export { CasinoVerifyPage, type CasinoVerifyPageProps } from './lib/casino-verify-page';
export { CasinoHistory } from './lib/casino-history';
export { CasinoTournaments, type CasinoTournamentsProps } from './lib/casino-tournaments';
export { useCasinoT, type CasinoT, type CasinoTranslate } from './lib/use-casino-t';
export { casinoApi, casinoKeys } from './lib/casino.api';
export { DEMO_START_BALANCE, useRoundPlayer, type PlayedRound, type RoundPlayer } from './lib/round-player';
