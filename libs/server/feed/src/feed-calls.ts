import type { ApiSchemaName } from '@tessera/shared/contract-api';

/** Names of the files in schemas/api/feed (without `.schema.json`). */
export type FeedSchemaName = InFolder<ApiSchemaName>;
type InFolder<N> = N extends `feed/${infer Name}` ? Name : never;

/** Every query parameter a feed call may accept, with the spec's names (section 7) and their spelling variants. */
export const FEED_PARAM_NAMES = [
  'lng',
  'Language',
  'lang',
  'country',
  'fcountry',
  'geo',
  'partner',
  'gr',
  'mode',
  'sport',
  'sportId',
  'sports',
  'champ',
  'champid',
  'champs',
  'id',
  'gameId',
  'games',
  'teams',
  'count',
  'limit',
  'tsFrom',
  'tsTo',
  'text',
  'strict',
  'virtualSports',
] as const;

/** A query parameter name a feed call may accept. */
export type FeedParamName = (typeof FEED_PARAM_NAMES)[number];

/** The parameters every feed call accepts: language, country, the spec's partner fields, virtual sports. */
export const FEED_COMMON_PARAMS: readonly FeedParamName[] = [
  'lng',
  'Language',
  'lang',
  'country',
  'fcountry',
  'geo',
  'partner',
  'gr',
  'mode',
  'virtualSports',
];

/** The feed calls: their own parameters, the schemas/api/feed answer (without `feed/`) and a summary. */
export const feedCalls = {
  GetSportsShortZip: {
    params: ['sports', 'champs', 'tsFrom', 'tsTo'],
    response: 'feed-sports-response',
    summary: 'Sports with game and championship counts',
  },
  GetChampsZip: {
    params: ['sport', 'sportId', 'sports', 'tsFrom', 'tsTo'],
    response: 'feed-champs-response',
    summary: 'Championships of a sport with game counts',
  },
  GetChampZip: {
    params: ['champ', 'champid', 'tsFrom', 'tsTo'],
    response: 'feed-champ-response',
    summary: 'One championship with its games (404 when unknown)',
  },
  Get1x2_VZip: {
    params: ['sport', 'sportId', 'sports', 'champs', 'count', 'tsFrom', 'tsTo'],
    response: 'feed-games-response',
    summary: 'Games with their main market',
  },
  GetGameZip: {
    params: ['id', 'gameId'],
    response: 'feed-game-response',
    summary: 'One game with all its markets by group (404 when unknown)',
  },
  Web_SearchZip: {
    params: ['text', 'limit', 'strict'],
    response: 'feed-search-response',
    summary: 'Games and championships by text',
  },
  GetExpressDayExtendedZip: {
    params: ['count'],
    response: 'feed-express-response',
    summary: 'The express (accumulator) of the day',
  },
  WebGetTopChampsZip: { params: ['count'], response: 'feed-champs-response', summary: 'Top championships' },
  GetTopGamesStatZip: { params: ['count'], response: 'feed-games-response', summary: 'Top games' },
  GetGamesTeamZip: { params: ['teams', 'champs', 'count'], response: 'feed-games-response', summary: 'Games of teams' },
  GetFavoritesZip: {
    params: ['games'],
    response: 'feed-games-response',
    summary: 'Favourite games by id, in the order asked',
  },
} as const satisfies Record<string, { params: readonly FeedParamName[]; response: FeedSchemaName; summary: string }>;

/** The name of a feed call. */
export type FeedCallName = keyof typeof feedCalls;

/** The two feeds every call is served under: line (pre-match, feed kind 3) and live (feed kind 1). */
export type FeedName = 'LineFeed' | 'LiveFeed';
