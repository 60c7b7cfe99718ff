import { bool, defineCall, idList, int, str } from '@tessera/shared/data-access-api';
import type {
  FeedChampResponse,
  FeedChampsResponse,
  FeedExpressResponse,
  FeedGameResponse,
  FeedGamesResponse,
  FeedSearchResponse,
  FeedSportsResponse,
} from './feed.types';

/** Which feed a call reads: the pre-match line or live. */
export type FeedKind = 'line' | 'live';

/** Longest search text the spec allows (section 5); longer text is cut, never refused. */
export const SEARCH_MAX_LENGTH = 100;

const base = (kind: FeedKind) => `/service-api/${kind === 'line' ? 'LineFeed' : 'LiveFeed'}`;

// Parameters every feed call accepts, with the spec's names (section 7). Defaults are left out on the wire.
const common = {
  lng: str(),
  country: str(),
  partner: int(),
  gr: int(),
  mode: int(),
  // The server's default is true; false is what a brand with virtual sports off sends.
  virtualSports: bool({ default: true }),
};
const range = { tsFrom: int(), tsTo: int() };

function calls(kind: FeedKind) {
  const url = base(kind);
  return {
    sportsShort: defineCall({
      url: `${url}/GetSportsShortZip`,
      query: { ...common, ...range, sports: idList(), champs: idList() },
    }).returns<FeedSportsResponse>(),
    champs: defineCall({
      url: `${url}/GetChampsZip`,
      query: { ...common, ...range, sport: int(), sports: idList() },
    }).returns<FeedChampsResponse>(),
    champ: defineCall({
      url: `${url}/GetChampZip`,
      query: { ...common, ...range, champ: int({ required: true }) },
    }).returns<FeedChampResponse>(),
    games1x2: defineCall({
      url: `${url}/Get1x2_VZip`,
      query: { ...common, ...range, sport: int(), sports: idList(), champs: idList(), count: int() },
    }).returns<FeedGamesResponse>(),
    game: defineCall({
      url: `${url}/GetGameZip`,
      query: { ...common, id: int({ required: true }) },
    }).returns<FeedGameResponse>(),
    search: defineCall({
      url: `${url}/Web_SearchZip`,
      query: { ...common, text: str({ required: true }), limit: int(), strict: bool() },
    }).returns<FeedSearchResponse>(),
    expressOfTheDay: defineCall({
      url: `${url}/GetExpressDayExtendedZip`,
      query: { ...common, count: int() },
    }).returns<FeedExpressResponse>(),
    topChamps: defineCall({
      url: `${url}/WebGetTopChampsZip`,
      query: { ...common, count: int() },
    }).returns<FeedChampsResponse>(),
    topGames: defineCall({
      url: `${url}/GetTopGamesStatZip`,
      query: { ...common, count: int() },
    }).returns<FeedGamesResponse>(),
    gamesOfTeams: defineCall({
      url: `${url}/GetGamesTeamZip`,
      query: { ...common, teams: idList({ required: true }), champs: idList(), count: int() },
    }).returns<FeedGamesResponse>(),
    favorites: defineCall({
      url: `${url}/GetFavoritesZip`,
      query: { ...common, games: idList() },
    }).returns<FeedGamesResponse>(),
  };
}

/** The spec's feed calls (section 7) as declared calls, per feed: `feedApi.line.champ`, `feedApi.live.games1x2`, ... */
export const feedApi = { line: calls('line'), live: calls('live') } as const;

/** The declared calls of one feed. */
export type FeedCalls = ReturnType<typeof calls>;

/** Cuts a search text to the spec's 100 characters (never rejected) after trimming surrounding spaces. */
export function cutSearchText(text: string): string {
  return [...text.trim()].slice(0, SEARCH_MAX_LENGTH).join('');
}
