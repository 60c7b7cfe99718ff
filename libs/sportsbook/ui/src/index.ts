export { OddsButton } from './lib/odds-button';
export type { OddsButtonProps, OddsMove } from './lib/odds-button';
export { FeedEmpty, FeedError, FeedSkeleton } from './lib/feed-states';
export type { FeedEmptyProps, FeedErrorProps, FeedSkeletonProps } from './lib/feed-states';
export { ChipList, FavoriteToggle, FeedSection, GameList, GameRow } from './lib/game-row';
export type { FavoriteToggleProps, GameRowProps } from './lib/game-row';
export { OptionSelect } from './lib/option-select';
export type { OptionSelectProps } from './lib/option-select';
