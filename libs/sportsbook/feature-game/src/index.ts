export { GAME_POLL_MS, GameView, MarketGroupSection } from './lib/game-view';
export type { GameViewProps, MarketGroupSectionProps } from './lib/game-view';
export { clockText, StatisticView } from './lib/statistic-view';
export type { StatisticViewProps } from './lib/statistic-view';
export { GameTitle, gameTitle } from './lib/game-title';
export type { GameTitleProps } from './lib/game-title';
export { MatchTracker, playedPeriods, trackerEvents, TRACKER_EVENTS, useMarketSuspended } from './lib/match-tracker';
export type { MatchTrackerProps, TrackerEvent } from './lib/match-tracker';
