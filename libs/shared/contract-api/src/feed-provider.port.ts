/**
 * The feed-provider port: what the feed service (`@tessera/server/feed`) and settlement need from an odds feed, a
 * snapshot plus ordered batches of deltas, shaped like what a real provider delivers so that a real adapter can map
 * onto it. The simulator (`@tessera/server/feed-simulator`) implements it; a real provider's adapter implements the
 * same. These are the provider's shapes, not the API's: what the site receives is in the generated API types.
 * Times are epoch milliseconds; odds are decimal.
 */

/** How a sport is offered: real-world sport, esport (cyber) or a computer-generated virtual sport. */
export type SportKind = 'regular' | 'cyber' | 'virtual';

/** The market types the built-in feed sends; a provider may send others (`FeedProviderMarket.type` is open). */
export type FeedMarketType = '1x2' | 'double-chance' | 'winner' | 'total' | 'handicap' | 'btts';

/** A sport of the lookup table (spec section 3 ids). */
export interface FeedSport {
  /** Spec id (1 football, 2 hockey, ... 4046 CS2). */
  id: number;
  /** Translation key of the sport's name, e.g. `feed:sport.football`. */
  nameKey: string;
  /** English name, for logs and the back office. */
  name: string;
  kind: SportKind;
  /** The market type shown on list pages for this sport (`FeedMarketType` for the built-in feed). */
  mainMarketType: string;
}

/** A country or region of the lookup table (spec section 3: 1 Russia, 2 Ukraine; some ids are regions). */
export interface FeedCountry {
  id: number;
  /** ISO 3166-1 alpha-2 code; null for regions such as Europe or World. */
  iso: string | null;
  name: string;
  region: boolean;
}

/** A championship (league, tournament) of one sport in one country or region. */
export interface FeedChampionship {
  id: number;
  sportId: number;
  countryId: number;
  name: string;
  /** 1 is the top tier; lower numbers are listed first. */
  tier: number;
}

/** A team, or a player in individual sports. */
export interface FeedTeam {
  id: number;
  name: string;
}

/** The life of a game. */
export type FeedGameStatus = 'prematch' | 'live' | 'finished' | 'cancelled';

/** A score of home and away. */
export interface FeedScore {
  home: number;
  away: number;
}

/** The live state of a game. */
export interface FeedLiveState {
  /** 1-based period (half, period, quarter, set, map); periods after the regular ones are overtime. */
  period: number;
  /** Match clock in seconds since kick-off (timed sports) or elapsed playing time (sets sports). */
  clockSeconds: number;
  /** False during breaks between periods. */
  clockRunning: boolean;
  score: FeedScore;
  /** Score of each period played or in play, index 0 = period 1. */
  periodScores: FeedScore[];
}

/** A game (match, event) of the feed. */
export interface FeedGame {
  id: number;
  sportId: number;
  champId: number;
  home: FeedTeam;
  away: FeedTeam;
  /** Scheduled start, epoch milliseconds. */
  startsAt: number;
  status: FeedGameStatus;
  /** Present once the game has started. */
  live?: FeedLiveState;
}

/** A group of markets shown together on the game page (main, totals, handicaps, goals). */
export interface FeedMarketGroup {
  id: string;
  /** Translation key, e.g. `feed:marketGroup.totals`. */
  nameKey: string;
  /** Display order, smallest first. */
  order: number;
}

/** Market state. */
export type FeedMarketStatus = 'open' | 'suspended' | 'settled';

/** Why a market is suspended. */
export type FeedSuspendReason = 'goal' | 'incident' | 'low-odds' | 'period-end';

/** A betting market of a game as the provider sends it (the API's market is `FeedMarket`). */
export interface FeedProviderMarket {
  /** Stable id: `<gameId>:<type>[:<line>]`. */
  id: string;
  gameId: number;
  groupId: string;
  /** The market type (`FeedMarketType` for the built-in feed). */
  type: string;
  /** Translation key of the market's name, e.g. `feed:market.total` (the line, if any, is shown beside it). */
  nameKey?: string;
  /** Handicap of the home side or total line; absent for lineless markets. */
  line?: number;
  status: FeedMarketStatus;
  /** Why it is suspended (`FeedSuspendReason` for the built-in feed). */
  suspendReason?: string;
  outcomes: FeedOutcome[];
}

/** The outcome codes of the built-in feed's markets; a provider may send others (`FeedOutcome.code` is open). */
export type FeedOutcomeCode =
  'home' | 'draw' | 'away' | 'home-draw' | 'home-away' | 'draw-away' | 'over' | 'under' | 'yes' | 'no';

/** Outcome state (mirrors its market, plus settled). */
export type FeedOutcomeStatus = 'open' | 'suspended' | 'settled';

/** The settled result of an outcome. Quarter lines (2.25, -0.75) can half win or half lose. */
export type FeedOutcomeResult = 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost';

/** A selectable outcome of a market. */
export interface FeedOutcome {
  /** Stable id: `<marketId>:<code>`. */
  id: string;
  /** The outcome within its market (`FeedOutcomeCode` for the built-in feed). */
  code: string;
  /** Translation key, e.g. `feed:outcome.over`; the line, if any, is on the market. */
  nameKey: string;
  /** Decimal odds including the bookmaker margin. */
  odds: number;
  status: FeedOutcomeStatus;
  result?: FeedOutcomeResult;
}

/** The result of a finished or cancelled game, enough to settle every bet on it. */
export interface FeedGameResult {
  gameId: number;
  status: 'finished' | 'cancelled';
  /** Final score the markets settle on (regulation time in hockey; including overtime where no draw exists). */
  score: FeedScore;
  periodScores: FeedScore[];
  /** Outcome id to result, for every outcome of every market. */
  outcomes: Record<string, FeedOutcomeResult>;
  settledAt: number;
}

interface FeedEventBase {
  /** Sequence number, strictly increasing per provider: a consumer drops events at or below its snapshot's `seq`. */
  seq: number;
  /** Feed time of the event, epoch milliseconds. */
  at: number;
  gameId: number;
}

/** A new game (usually pre-match) with its markets. */
export interface FeedGameAddedEvent extends FeedEventBase {
  type: 'game.added';
  game: FeedGame;
  markets: FeedProviderMarket[];
}

/** A game went from the line to live. */
export interface FeedGameStartedEvent extends FeedEventBase {
  type: 'game.started';
  live: FeedLiveState;
}

/** The odds of one outcome changed. */
export interface FeedOddsChangedEvent extends FeedEventBase {
  type: 'odds.changed';
  marketId: string;
  outcomeId: string;
  oldOdds: number;
  newOdds: number;
}

/** A market stopped taking bets. */
export interface FeedMarketSuspendedEvent extends FeedEventBase {
  type: 'market.suspended';
  marketId: string;
  reason: FeedSuspendReason;
}

/** A suspended market takes bets again (its new odds were sent just before). */
export interface FeedMarketResumedEvent extends FeedEventBase {
  type: 'market.resumed';
  marketId: string;
}

/** The score changed (a goal, points, a set or map won). */
export interface FeedScoreChangedEvent extends FeedEventBase {
  type: 'score.changed';
  period: number;
  score: FeedScore;
  periodScores: FeedScore[];
}

/**
 * Clock synchronisation: sent every minute of play and when a period or break starts or ends. When it announces a
 * new period, that period's score starts at 0:0 (append it to `periodScores`).
 */
export interface FeedClockTickEvent extends FeedEventBase {
  type: 'clock.tick';
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
}

/** A game ended; the result settles every outcome of it. */
export interface FeedGameFinishedEvent extends FeedEventBase {
  type: 'game.finished';
  result: FeedGameResult;
}

/** A game was called off before it started; every outcome is returned. */
export interface FeedGameCancelledEvent extends FeedEventBase {
  type: 'game.cancelled';
  result: FeedGameResult;
}

/** A finished or cancelled game left the feed (its result stays available through `result`). */
export interface FeedGameRemovedEvent extends FeedEventBase {
  type: 'game.removed';
}

/** Every delta a feed sends. */
export type FeedEvent =
  | FeedGameAddedEvent
  | FeedGameStartedEvent
  | FeedOddsChangedEvent
  | FeedMarketSuspendedEvent
  | FeedMarketResumedEvent
  | FeedScoreChangedEvent
  | FeedClockTickEvent
  | FeedGameFinishedEvent
  | FeedGameCancelledEvent
  | FeedGameRemovedEvent;

/** The type names of feed events. */
export type FeedEventType = FeedEvent['type'];

/** Events delivered together, covering feed time (from, to]. */
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
  sports: FeedSport[];
  countries: FeedCountry[];
  championships: FeedChampionship[];
  marketGroups: FeedMarketGroup[];
  /** Games in the feed: pre-match, live, and recently finished or cancelled. */
  games: FeedGame[];
  /** Markets by game id. */
  markets: Record<number, FeedProviderMarket[]>;
}

/** Receives batches of events in order. */
export type FeedListener = (batch: FeedBatch) => void;

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** What the feed service reads: a snapshot plus a subscription to deltas. */
export interface FeedSource {
  /** Name for logs and health checks, e.g. `simulator`. */
  readonly name: string;
  /** A consistent copy of the whole feed. */
  snapshot(): FeedSnapshot;
  /** Delivers every later batch to the listener until unsubscribed. */
  subscribe(listener: FeedListener): Unsubscribe;
}

/** An odds feed as the platform runs it: the source, and results kept after a game leaves the feed (settlement). */
export interface FeedProvider extends FeedSource {
  /** The result of a finished or cancelled game, kept after the game leaves the feed. */
  result(gameId: number): FeedGameResult | undefined;
}
