/**
 * The feed-provider port: what the feed service (`@tessera/server/feed`) needs from an odds feed, a snapshot plus
 * ordered batches of deltas. The simulator (`@tessera/server/feed-simulator`) and a real provider's adapter implement
 * it. These are the provider's shapes, not the API's: what the site receives is in the generated API types.
 */

/** How a sport is offered: real-world sport, esport (cyber) or virtual sport. */
export type SportKind = 'regular' | 'cyber' | 'virtual';

/** A sport of the lookup table. */
export interface FeedSport {
  id: number;
  nameKey: string;
  name: string;
  kind: SportKind;
  mainMarketType: string;
}

/** A country or region of the lookup table. */
export interface FeedCountry {
  id: number;
  iso: string | null;
  name: string;
  region: boolean;
}

/** A championship of one sport in one country or region. */
export interface FeedChampionship {
  id: number;
  sportId: number;
  countryId: number;
  name: string;
  tier: number;
}

/** A team or player. */
export interface FeedTeam {
  id: number;
  name: string;
}

/** Home and away. */
export interface FeedScore {
  home: number;
  away: number;
}

/** The live state of a game. */
export interface FeedLiveState {
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  score: FeedScore;
  periodScores: FeedScore[];
}

/** The life of a game. */
export type FeedGameStatus = 'prematch' | 'live' | 'finished' | 'cancelled';

/** A game of the feed. */
export interface FeedGame {
  id: number;
  sportId: number;
  champId: number;
  home: FeedTeam;
  away: FeedTeam;
  /** Epoch milliseconds. */
  startsAt: number;
  status: FeedGameStatus;
  live?: FeedLiveState;
}

/** A group of markets on the game page. */
export interface FeedMarketGroup {
  id: string;
  nameKey: string;
  order: number;
}

/** A selectable outcome. */
export interface FeedOutcome {
  id: string;
  code: string;
  nameKey: string;
  odds: number;
  status: 'open' | 'suspended' | 'settled';
  result?: string;
}

/** A market of a game as the provider sends it (the API's market is `FeedMarket`). */
export interface FeedProviderMarket {
  id: string;
  gameId: number;
  groupId: string;
  type: string;
  line?: number;
  status: 'open' | 'suspended' | 'settled';
  suspendReason?: string;
  outcomes: FeedOutcome[];
}

/** The result of a finished or cancelled game. */
export interface FeedGameResult {
  gameId: number;
  status: 'finished' | 'cancelled';
  score: FeedScore;
  periodScores: FeedScore[];
  outcomes: Record<string, string>;
  settledAt: number;
}

interface EventBase {
  seq: number;
  at: number;
  gameId: number;
}

/** Every delta a feed sends. */
export type FeedEvent =
  | (EventBase & { type: 'game.added'; game: FeedGame; markets: FeedProviderMarket[] })
  | (EventBase & { type: 'game.started'; live: FeedLiveState })
  | (EventBase & { type: 'odds.changed'; marketId: string; outcomeId: string; oldOdds: number; newOdds: number })
  | (EventBase & { type: 'market.suspended'; marketId: string; reason: string })
  | (EventBase & { type: 'market.resumed'; marketId: string })
  | (EventBase & { type: 'score.changed'; period: number; score: FeedScore; periodScores: FeedScore[] })
  | (EventBase & { type: 'clock.tick'; period: number; clockSeconds: number; clockRunning: boolean })
  | (EventBase & { type: 'game.finished'; result: FeedGameResult })
  | (EventBase & { type: 'game.cancelled'; result: FeedGameResult })
  | (EventBase & { type: 'game.removed' });

/** Events delivered together. */
export interface FeedBatch {
  from: number;
  to: number;
  events: FeedEvent[];
}

/** A consistent copy of the whole feed. */
export interface FeedSnapshot {
  at: number;
  seq: number;
  sports: FeedSport[];
  countries: FeedCountry[];
  championships: FeedChampionship[];
  marketGroups: FeedMarketGroup[];
  games: FeedGame[];
  markets: Record<number, FeedProviderMarket[]>;
}

/** An odds feed: the FeedProvider contract of the feed simulator. */
export interface FeedSource {
  readonly name: string;
  snapshot(): FeedSnapshot;
  subscribe(listener: (batch: FeedBatch) => void): () => void;
}
