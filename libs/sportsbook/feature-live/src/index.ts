export { formatClock, LiveGameRow, LiveOddsButton, LiveScore } from './lib/live-game-row';
export type { LiveGameRowProps, LiveOddsButtonProps } from './lib/live-game-row';
export { LIVE_PAGE_GAMES, LIVE_POLL_MS, LiveView, prefetchLiveView } from './lib/live-view';
export type { LiveViewProps } from './lib/live-view';
export { LIVE_BLOCK_ROWS, LiveGameList } from './lib/live-game-list';
export type { LiveGameListProps } from './lib/live-game-list';
