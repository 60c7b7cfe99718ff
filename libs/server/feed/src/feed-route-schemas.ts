import { apiRef, apiSchema, apiSchemas, type ApiJsonSchema } from '@tessera/shared/contract-api';
import {
  FEED_COMMON_PARAMS,
  feedCalls,
  type FeedCallName,
  type FeedName,
  type FeedParamName,
  type FeedSchemaName,
} from './feed-calls';

/** The feed's schemas of schemas/api/feed as registered with Fastify (`$schema` dropped for OpenAPI components). */
export function feedApiSchemas(): ApiJsonSchema[] {
  return apiSchemas('feed/');
}

/** The raw schema, for tests that check answers against it. */
export function feedSchema(name: FeedSchemaName): ApiJsonSchema {
  return apiSchema(`feed/${name}`);
}

function ref(name: FeedSchemaName): { $ref: string } {
  return apiRef(`feed/${name}`);
}

const errors = { 400: apiRef('error'), 404: apiRef('error') };

const ID_LIST = '^[0-9]{1,16}(,[0-9]{1,16}){0,199}$';
const id = (description: string) => ({ type: 'integer', minimum: 1, maximum: 9007199254740991, description });
const idList = (description: string) => ({
  type: 'string',
  pattern: ID_LIST,
  description: `${description} Comma-separated ids, at most 200.`,
});
const ts = (description: string) => ({ type: 'integer', minimum: 0, maximum: 4102444800, description });

/**
 * The JSON Schema of every query parameter a feed call understands (the names are the feed library's). Each route
 * picks its own; parameters a route does not list are dropped before the handler (Fastify's removeAdditional),
 * so clients that send extra spec parameters (userId, coefViewId, ...) are not refused.
 */
const params = {
  lng: {
    type: 'string',
    pattern: '^[A-Za-z]{2}$',
    description: "Language; one of the site's languages. Default the site's default language.",
  },
  Language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'Spelling variant of lng.' },
  lang: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'Spelling variant of lng.' },
  country: {
    type: 'string',
    pattern: '^([A-Za-z]{2}|[0-9]{1,4})$',
    description:
      "Country: spec country id (1 Russia, ...) or ISO alpha-2; one the site serves. Default the tessera_country cookie, else the site's default.",
  },
  fcountry: { type: 'string', pattern: '^([A-Za-z]{2}|[0-9]{1,4})$', description: 'Spelling variant of country.' },
  geo: { type: 'string', pattern: '^([A-Za-z]{2}|[0-9]{1,4})$', description: 'Spelling variant of country.' },
  partner: {
    type: 'integer',
    minimum: 1,
    maximum: 999999,
    description: 'Partner (ref) id. Accepted for compatibility; the site is chosen by Host.',
  },
  gr: { type: 'integer', minimum: 0, maximum: 999999, description: 'Partner group. Accepted for compatibility.' },
  mode: { type: 'integer', minimum: 0, maximum: 100, description: 'Client list mode. Accepted for compatibility.' },
  sport: id('One sport.'),
  sportId: id('Spelling variant of sport.'),
  sports: idList('Sports.'),
  champ: id('Championship.'),
  champid: id('Spelling variant of champ.'),
  champs: idList('Championships.'),
  id: id('Game.'),
  gameId: id('Spelling variant of id.'),
  games: idList('Games.'),
  teams: idList('Teams.'),
  count: { type: 'integer', minimum: 1, maximum: 500, description: 'Most items returned.' },
  limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most items returned (search).' },
  tsFrom: ts('Games starting at or after this instant, Unix seconds.'),
  tsTo: ts('Games starting at or before this instant, Unix seconds; not before tsFrom.'),
  text: { type: 'string', description: 'Search text; cut to 100 characters (spec section 5).' },
  strict: { type: 'boolean', description: 'Match the whole text rather than every word.' },
  virtualSports: { type: 'boolean', description: 'Include virtual sports (default true) where the site shows them.' },
} as const satisfies Record<FeedParamName, object>;

function querystring(names: FeedParamName[], required: FeedParamName[] = []) {
  const properties = Object.fromEntries([...FEED_COMMON_PARAMS, ...names].map((n) => [n, params[n]]));
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

/** The Fastify route schema of one feed call under LineFeed or LiveFeed. */
export function feedRouteSchema(call: FeedCallName, feed: FeedName) {
  const spec = feedCalls[call];
  return {
    summary: `${spec.summary} (${feed === 'LineFeed' ? 'line, feed kind 3' : 'live, feed kind 1'})`,
    tags: ['feed'],
    querystring: querystring([...spec.params]),
    response: { 200: ref(spec.response), ...errors },
  };
}
