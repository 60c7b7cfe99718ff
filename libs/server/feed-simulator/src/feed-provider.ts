/**
 * The contract between an odds feed and the platform (a snapshot of everything, then deltas) is the feed-provider
 * port of `@tessera/shared/contract-api`. The simulator implements `FeedProvider`; an adapter for a real provider
 * implements the same interface.
 */
export type {
  FeedGameAddedEvent as GameAddedEvent,
  FeedGameStartedEvent as GameStartedEvent,
  FeedOddsChangedEvent as OddsChangedEvent,
  FeedMarketSuspendedEvent as MarketSuspendedEvent,
  FeedMarketResumedEvent as MarketResumedEvent,
  FeedScoreChangedEvent as ScoreChangedEvent,
  FeedClockTickEvent as ClockTickEvent,
  FeedGameFinishedEvent as GameFinishedEvent,
  FeedGameCancelledEvent as GameCancelledEvent,
  FeedGameRemovedEvent as GameRemovedEvent,
  FeedEvent,
  FeedEventType,
  FeedBatch,
  FeedSnapshot,
  FeedListener,
  Unsubscribe,
  FeedProvider,
} from '@tessera/shared/contract-api';
