// Hand-written mirrors of schemas/api/feed/*.schema.json (the API's contract); ADR 0100 says why they are not generated here.

/** Score of one side pair. */
export interface FeedScore {
  home: number;
  away: number;
}

/** Live state of a started game. */
export interface FeedLiveState {
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  score: FeedScore;
  periodScores: FeedScore[];
}

/** Status of a market or an outcome. */
export type FeedMarketStatus = 'open' | 'suspended' | 'settled';

/** One selectable outcome of a market. */
export interface FeedOutcome {
  id: string;
  code: string;
  nameKey: string;
  odds: number;
  status: FeedMarketStatus;
}

/** A market with its outcomes (feed-market.schema.json). */
export interface FeedMarket {
  id: string;
  type: string;
  line: number | null;
  status: FeedMarketStatus;
  suspendReason: string | null;
  outcomes: FeedOutcome[];
}

/** A team or player. */
export interface FeedTeam {
  id: number;
  name: string;
}

/** A game as lists show it (feed-game-row.schema.json). */
export interface FeedGameRow {
  id: number;
  kind: 1 | 3;
  sportId: number;
  sportName: string;
  champId: number;
  champName: string;
  countryId: number;
  home: FeedTeam;
  away: FeedTeam;
  startsAt: number;
  status: 'prematch' | 'live' | 'finished' | 'cancelled';
  live: FeedLiveState | null;
  mainMarket: FeedMarket | null;
  /** The main Asian handicap line (the Asian view's column); absent from older servers. */
  mainHandicap?: FeedMarket | null;
  /** The main total line (the Asian view's column); absent from older servers. */
  mainTotal?: FeedMarket | null;
  marketsCount: number;
}

/** A sport with counts. */
export interface FeedSport {
  id: number;
  name: string;
  kind: 'regular' | 'cyber' | 'virtual';
  gamesCount: number;
  champsCount: number;
}

/** A championship with its number of games (feed-champ.schema.json). */
export interface FeedChamp {
  id: number;
  name: string;
  sportId: number;
  sportName: string;
  countryId: number;
  countryName: string;
  countryIso: string | null;
  tier: number;
  gamesCount: number;
}

/** Fields every feed answer carries. */
export interface FeedEnvelope {
  /** 1 live, 3 line. */
  kind: 1 | 3;
  /** Read-model version: push deltas with a higher version are newer. */
  version: number;
  /** The feed's clock when the answer was built, Unix seconds; absent from older servers (ADR 0181). */
  now?: number;
}

/** GetSportsShortZip. */
export interface FeedSportsResponse extends FeedEnvelope {
  sports: FeedSport[];
}

/** GetChampsZip and WebGetTopChampsZip. */
export interface FeedChampsResponse extends FeedEnvelope {
  champs: FeedChamp[];
}

/** GetChampZip. */
export interface FeedChampResponse extends FeedEnvelope {
  champ: FeedChamp;
  games: FeedGameRow[];
}

/** Get1x2_VZip, GetTopGamesStatZip, GetGamesTeamZip, GetFavoritesZip. */
export interface FeedGamesResponse extends FeedEnvelope {
  games: FeedGameRow[];
}

/** A market group of the game page. */
export interface FeedMarketGroup {
  id: string;
  nameKey: string;
  markets: FeedMarket[];
}

/** GetGameZip. */
export interface FeedGameResponse extends FeedEnvelope {
  game: FeedGameRow;
  groups: FeedMarketGroup[];
}

/** Web_SearchZip. */
export interface FeedSearchResponse extends FeedEnvelope {
  text: string;
  games: FeedGameRow[];
  champs: FeedChamp[];
}

/** One pick of the express of the day. */
export interface FeedExpressEvent {
  game: FeedGameRow;
  marketId: string;
  outcomeId: string;
  code: string;
  odds: number;
}

/** GetExpressDayExtendedZip. */
export interface FeedExpressResponse extends FeedEnvelope {
  express: { id: string; totalOdds: number; events: FeedExpressEvent[] } | null;
}

/** One change of the push channel (feed-push-message.schema.json, delta changes). */
export type FeedChange =
  | { kind: 'odds'; gameId: number; marketId: string; outcomeId: string; old: number; new: number }
  | { kind: 'suspension'; gameId: number; marketId: string; suspended: boolean; reason?: string }
  | { kind: 'score'; gameId: number; period: number; score: FeedScore; periodScores: FeedScore[] }
  | { kind: 'clock'; gameId: number; period: number; clockSeconds: number; clockRunning: boolean }
  | { kind: 'started'; gameId: number }
  | { kind: 'added'; gameId: number }
  | { kind: 'finished'; gameId: number; status: 'finished' | 'cancelled'; score: FeedScore }
  | { kind: 'removed'; gameId: number };

/** A message of the push channel. */
export type FeedPushMessage =
  | { type: 'hello'; seq: number; version: number; maxGames: number }
  | { type: 'delta'; seq: number; version: number; changes: FeedChange[] }
  | { type: 'subscribed'; seq: number; games: number[]; live: boolean }
  | { type: 'error'; seq: number; message: string }
  | { type: 'pong'; seq: number };
