/**
 * The domain model of an odds feed is the feed-provider port of `@tessera/shared/contract-api`; the simulator uses it
 * under these shorter names. Only `Team` adds what the simulator alone knows (a hidden rating).
 */
import type {
  FeedChampionship,
  FeedGame,
  FeedMarketType,
  FeedOutcome,
  FeedOutcomeCode,
  FeedProviderMarket,
  FeedSnapshot,
  FeedSport,
  FeedSuspendReason,
  FeedTeam,
} from '@tessera/shared/contract-api';

export type {
  SportKind,
  FeedMarketType as MarketType,
  FeedCountry as Country,
  FeedGameStatus as GameStatus,
  FeedScore as Score,
  FeedLiveState as LiveState,
  FeedMarketGroup as MarketGroup,
  FeedMarketStatus as MarketStatus,
  FeedSuspendReason as SuspendReason,
  FeedOutcomeCode as OutcomeCode,
  FeedOutcomeStatus as OutcomeStatus,
  FeedOutcomeResult as OutcomeResult,
  FeedGameResult as GameResult,
} from '@tessera/shared/contract-api';

/** How a sport is scored, which decides the simulator's pricing model. */
export type ScoringModel = 'goals' | 'points' | 'sets' | 'race';

/** A sport as the simulator plays it: the port's sport, its market types, and how it is scored and priced. */
export interface Sport extends FeedSport {
  mainMarketType: FeedMarketType;
  scoring: ScoringModel;
  /** False when the simulator does not generate games for the sport (e.g. horse racing). */
  simulated: boolean;
}

/** A championship of the simulator: two tiers; higher tiers attract more markets. */
export interface Championship extends FeedChampionship {
  tier: 1 | 2;
}

/** A team as the simulator keeps it: the port's team and the strength the simulation plays it with. */
export interface Team extends FeedTeam {
  sportId: number;
  champId: number;
  /** Hidden strength rating; 0 is average. Exposed for tests and the back office, not for players. */
  rating: number;
}

/** A game of the simulator, between its teams. */
export interface Game extends FeedGame {
  home: Team;
  away: Team;
}

/** An outcome of one of the simulator's markets. */
export interface Outcome extends FeedOutcome {
  code: FeedOutcomeCode;
}

/** A market of the simulator: one of its market types, always named, suspended for one of its reasons. */
export interface Market extends FeedProviderMarket {
  type: FeedMarketType;
  nameKey: string;
  suspendReason?: FeedSuspendReason;
  outcomes: Outcome[];
}

/** The simulator's snapshot: the port's, with the simulator's own games and markets. */
export interface SimulatorSnapshot extends FeedSnapshot {
  games: Game[];
  markets: Record<number, Market[]>;
}

/** Feed kind of spec section 3: LIVE 1, LINE 3. */
export const FEED_KIND = { LIVE: 1, LINE: 3 } as const;

/** A feed kind value (1 live, 3 line). */
export type FeedKind = (typeof FEED_KIND)[keyof typeof FEED_KIND];
