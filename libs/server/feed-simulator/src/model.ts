/**
 * The domain model of an odds feed, shaped like what a real provider delivers, so a real adapter can map onto it.
 * Times are epoch milliseconds; odds are decimal.
 */

/** How a sport is offered: real-world sport, esport (cyber) or a computer-generated virtual sport. */
export type SportKind = 'regular' | 'cyber' | 'virtual';

/** How a sport is scored, which decides the simulator's pricing model. */
export type ScoringModel = 'goals' | 'points' | 'sets' | 'race';

/** The market types the feed knows. */
export type MarketType = '1x2' | 'double-chance' | 'winner' | 'total' | 'handicap' | 'btts';

/** A sport of the lookup table (spec section 3 ids). */
export interface Sport {
  /** Spec id (1 football, 2 hockey, ... 4046 CS2). */
  id: number;
  /** Translation key of the sport's name, e.g. `feed:sport.football`. */
  nameKey: string;
  /** English name, for logs and the back office. */
  name: string;
  kind: SportKind;
  /** The market shown on list pages for this sport. */
  mainMarketType: MarketType;
  scoring: ScoringModel;
  /** False when the simulator does not generate games for the sport (e.g. horse racing). */
  simulated: boolean;
}

/** A country or region of the lookup table (spec section 3: 1 Russia, 2 Ukraine; some ids are regions). */
export interface Country {
  id: number;
  /** ISO 3166-1 alpha-2 code; null for regions such as Europe or World. */
  iso: string | null;
  name: string;
  region: boolean;
}

/** A championship (league, tournament) of one sport in one country or region. */
export interface Championship {
  id: number;
  sportId: number;
  countryId: number;
  name: string;
  /** Higher tiers are listed first and attract more markets. */
  tier: 1 | 2;
}

/** A team, or a player in individual sports. */
export interface Team {
  id: number;
  sportId: number;
  champId: number;
  name: string;
  /** Hidden strength rating; 0 is average. Exposed for tests and the back office, not for players. */
  rating: number;
}

/** The life of a game. */
export type GameStatus = 'prematch' | 'live' | 'finished' | 'cancelled';

/** A score of home and away. */
export interface Score {
  home: number;
  away: number;
}

/** The live state of a game. */
export interface LiveState {
  /** 1-based period (half, period, quarter, set, map); periods after the regular ones are overtime. */
  period: number;
  /** Match clock in seconds since kick-off (timed sports) or elapsed playing time (sets sports). */
  clockSeconds: number;
  /** False during breaks between periods. */
  clockRunning: boolean;
  score: Score;
  /** Score of each period played or in play, index 0 = period 1. */
  periodScores: Score[];
}

/** A game (match, event) of the feed. */
export interface Game {
  id: number;
  sportId: number;
  champId: number;
  home: Team;
  away: Team;
  /** Scheduled start, epoch milliseconds. */
  startsAt: number;
  status: GameStatus;
  /** Present once the game has started. */
  live?: LiveState;
}

/** A group of markets shown together on the game page (main, totals, handicaps, goals). */
export interface MarketGroup {
  id: string;
  /** Translation key, e.g. `feed:marketGroup.totals`. */
  nameKey: string;
  /** Display order, smallest first. */
  order: number;
}

/** Market state. */
export type MarketStatus = 'open' | 'suspended' | 'settled';

/** Why a market is suspended. */
export type SuspendReason = 'goal' | 'incident' | 'low-odds' | 'period-end';

/** A betting market of a game. */
export interface Market {
  /** Stable id: `<gameId>:<type>[:<line>]`. */
  id: string;
  gameId: number;
  groupId: string;
  type: MarketType;
  /** Translation key of the market's name, e.g. `feed:market.total`; the line, if any, is shown beside it. */
  nameKey: string;
  /** Handicap of the home side or total line; absent for lineless markets. */
  line?: number;
  status: MarketStatus;
  suspendReason?: SuspendReason;
  outcomes: Outcome[];
}

/** The code of an outcome within its market. */
export type OutcomeCode =
  'home' | 'draw' | 'away' | 'home-draw' | 'home-away' | 'draw-away' | 'over' | 'under' | 'yes' | 'no';

/** Outcome state (mirrors its market, plus settled). */
export type OutcomeStatus = 'open' | 'suspended' | 'settled';

/** The settled result of an outcome. Quarter lines (2.25, -0.75) can half win or half lose. */
export type OutcomeResult = 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost';

/** A selectable outcome of a market. */
export interface Outcome {
  /** Stable id: `<marketId>:<code>`. */
  id: string;
  code: OutcomeCode;
  /** Translation key, e.g. `feed:outcome.over`; the line, if any, is on the market. */
  nameKey: string;
  /** Decimal odds including the bookmaker margin. */
  odds: number;
  status: OutcomeStatus;
  result?: OutcomeResult;
}

/** The result of a finished or cancelled game, enough to settle every bet on it. */
export interface GameResult {
  gameId: number;
  status: 'finished' | 'cancelled';
  /** Final score the markets settle on (regulation time in hockey; including overtime where no draw exists). */
  score: Score;
  periodScores: Score[];
  /** Outcome id to result, for every outcome of every market. */
  outcomes: Record<string, OutcomeResult>;
  settledAt: number;
}

/** Feed kind of spec section 3: LIVE 1, LINE 3. */
export const FEED_KIND = { LIVE: 1, LINE: 3 } as const;

/** A feed kind value (1 live, 3 line). */
export type FeedKind = (typeof FEED_KIND)[keyof typeof FEED_KIND];
