/**
 * The contract between an odds feed and the platform: a snapshot of everything, then deltas.
 * The simulator implements it; an adapter for a real provider implements the same interface.
 */
import type {
  Championship,
  Country,
  Game,
  GameResult,
  LiveState,
  Market,
  MarketGroup,
  Score,
  Sport,
  SuspendReason,
} from './model';

interface EventBase {
  /** Sequence number, strictly increasing per provider: a consumer drops events at or below its snapshot's `seq`. */
  seq: number;
  /** Simulated (feed) time of the event, epoch milliseconds. */
  at: number;
  gameId: number;
}

/** A new game (usually pre-match) with its markets. */
export interface GameAddedEvent extends EventBase {
  type: 'game.added';
  game: Game;
  markets: Market[];
}

/** A game went from the line to live. */
export interface GameStartedEvent extends EventBase {
  type: 'game.started';
  live: LiveState;
}

/** The odds of one outcome changed. */
export interface OddsChangedEvent extends EventBase {
  type: 'odds.changed';
  marketId: string;
  outcomeId: string;
  oldOdds: number;
  newOdds: number;
}

/** A market stopped taking bets. */
export interface MarketSuspendedEvent extends EventBase {
  type: 'market.suspended';
  marketId: string;
  reason: SuspendReason;
}

/** A suspended market takes bets again (its new odds were sent just before). */
export interface MarketResumedEvent extends EventBase {
  type: 'market.resumed';
  marketId: string;
}

/** The score changed (a goal, points, a set or map won). */
export interface ScoreChangedEvent extends EventBase {
  type: 'score.changed';
  period: number;
  score: Score;
  periodScores: Score[];
}

/**
 * Clock synchronisation: sent every simulated minute of play and when a period or break starts or ends.
 * When it announces a new period, that period's score starts at 0:0 (append it to `periodScores`).
 */
export interface ClockTickEvent extends EventBase {
  type: 'clock.tick';
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
}

/** A game ended; the result settles every outcome of it. */
export interface GameFinishedEvent extends EventBase {
  type: 'game.finished';
  result: GameResult;
}

/** A game was called off before it started; every outcome is returned. */
export interface GameCancelledEvent extends EventBase {
  type: 'game.cancelled';
  result: GameResult;
}

/** A finished or cancelled game left the feed (its result stays available through `result`). */
export interface GameRemovedEvent extends EventBase {
  type: 'game.removed';
}

/** Every delta a feed sends. */
export type FeedEvent =
  | GameAddedEvent
  | GameStartedEvent
  | OddsChangedEvent
  | MarketSuspendedEvent
  | MarketResumedEvent
  | ScoreChangedEvent
  | ClockTickEvent
  | GameFinishedEvent
  | GameCancelledEvent
  | GameRemovedEvent;

/** The type names of feed events. */
export type FeedEventType = FeedEvent['type'];

/** Events delivered together, covering simulated time (from, to]. */
export interface FeedBatch {
  from: number;
  to: number;
  events: FeedEvent[];
}

/** Everything a consumer needs to build its read model; a copy it may keep. */
export interface FeedSnapshot {
  /** Feed time of the snapshot. */
  at: number;
  /** The last event sequence number included. */
  seq: number;
  sports: Sport[];
  countries: Country[];
  championships: Championship[];
  marketGroups: MarketGroup[];
  /** Games in the feed: pre-match, live, and recently finished or cancelled. */
  games: Game[];
  /** Markets by game id. */
  markets: Record<number, Market[]>;
}

/** Receives batches of events in order. */
export type FeedListener = (batch: FeedBatch) => void;

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** An odds feed: a snapshot plus a subscription to deltas. */
export interface FeedProvider {
  /** Name for logs and health checks, e.g. `simulator`. */
  readonly name: string;
  /** A consistent copy of the whole feed. */
  snapshot(): FeedSnapshot;
  /** Delivers every later batch to the listener until unsubscribed. */
  subscribe(listener: FeedListener): Unsubscribe;
  /** The result of a finished or cancelled game, kept after the game leaves the feed. */
  result(gameId: number): GameResult | undefined;
}
