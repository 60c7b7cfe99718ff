export { GAME_POLL_MS, GameView, MarketGroupSection } from './lib/game-view';
export type { GameViewProps, MarketGroupSectionProps } from './lib/game-view';
