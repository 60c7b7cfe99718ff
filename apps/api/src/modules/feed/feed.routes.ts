import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalidField } from '../../http/api-error';
import { cachedAnswer, sendCachedAnswer, type CachedAnswer } from '../../http/cached-answer';
import { COUNTRY_COOKIE } from '../../http/site-context';
import type { BrandRegistry, BrandSummary, ResolvedBrand } from '../config/brand-registry.port';
import { resolveForRequest, siteNotFound } from '../config/config.service';
import type { ApiPayload, FeedGameRow, FeedSport } from '@tessera/shared/contract-api';
import {
  feedFilterFor,
  type FeedBettingConfig,
  FEED_KIND_NUMBER,
  cutSearchText,
  champView,
  champsList,
  expressOfTheDay,
  gameGroups,
  gameRow,
  gameVisible,
  search,
  selectGames,
  sportVisible,
  sportsShort,
  topChamps,
  topGames,
  type FeedKindName,
  type QueryContext,
  type FeedReadModel,
  type GameEntry,
} from '@tessera/server/feed';
import { feedCalls, feedRouteSchema, type FeedCallName, type FeedParamName } from './feed.schemas';

type FeedQuery = Partial<Record<FeedParamName, string | number | boolean>>;

const names = new WeakMap<object, Map<number, string>>();

/** Sport names in the request's language: the brand dictionary's `sports` namespace, else the feed's name. */
function sportNamer(dictionary: ResolvedBrand['dictionary']): (sport: FeedSport) => string {
  let cache = names.get(dictionary);
  if (!cache) names.set(dictionary, (cache = new Map()));
  const known = cache;
  return (sport) => {
    let name = known.get(sport.id);
    if (name === undefined) {
      const [ns, key] = sport.nameKey.includes(':') ? sport.nameKey.split(':', 2) : ['sports', sport.nameKey];
      name = dictionary[ns ?? 'sports']?.[key ?? ''] ?? sport.name;
      known.set(sport.id, name);
    }
    return name;
  };
}

function ids(value: string | number | boolean | undefined): number[] | undefined {
  if (typeof value !== 'string') return undefined;
  // The spec sends id lists de-duplicated and sorted (section 5); accept them in any order, keep them unique.
  return [...new Set(value.split(',').map(Number))];
}

function firstOf(q: FeedQuery, ...keys: FeedParamName[]): string | number | boolean | undefined {
  for (const k of keys) if (q[k] !== undefined) return q[k];
  return undefined;
}

/** A value already serialised: list answers splice cached game rows instead of serialising them again. */
class RawJson {
  constructor(readonly json: string) {}
}

/** A payload type with its game rows as {@link RawJson} (already serialised {@link FeedGameRow}s). */
type WithRawRows<T> = T extends FeedGameRow
  ? RawJson
  : T extends readonly (infer U)[]
    ? WithRawRows<U>[]
    : T extends object
      ? { [K in keyof T]: WithRawRows<T[K]> }
      : T;

/** What a call's handler returns: its answer (schemas/api/feed) without the envelope every answer carries. */
type CallAnswer<C extends FeedCallName> = WithRawRows<
  Omit<ApiPayload<`feed/${(typeof feedCalls)[C]['response']}`>, 'kind' | 'version' | 'now'>
>;

const RAW_MARK = '\u0000raw:';
const RAW_TOKEN = /"\\u0000raw:(\d+)"/g;

/** JSON.stringify that copies {@link RawJson} values verbatim. */
function stringify(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `${RAW_MARK}${raws.push(v.json) - 1}` : v,
  );
  return raws.length === 0 ? text : text.replace(RAW_TOKEN, (_m, i: string) => raws[Number(i)] ?? 'null');
}

/** A feed answer, cached per read-model version and feed second (every answer says the feed's `now`). */
interface FeedAnswer extends CachedAnswer {
  version: number;
  now: number;
}

interface ResponseCache {
  get(key: string, version: number, now: number): FeedAnswer | undefined;
  set(key: string, answer: FeedAnswer): void;
}

/** Answers by request key, read-model version and feed second; cleared when it grows past its bound (keys are bounded anyway). */
function responseCache(max = 5000): ResponseCache {
  const entries = new Map<string, FeedAnswer>();
  return {
    get: (key, version, now) => {
      const hit = entries.get(key);
      return hit && hit.version === version && hit.now === now ? hit : undefined;
    },
    set: (key, answer) => {
      if (entries.size >= max) entries.clear();
      entries.set(key, answer);
    },
  };
}

/** Calls whose answers show no odds or clock: cached across odds ticks, refreshed when games come, go or start. */
const structural = new Set<FeedCallName>(['GetSportsShortZip', 'GetChampsZip', 'WebGetTopChampsZip']);

/** Options of {@link feedRoutes}. */
export interface FeedRoutesOptions {
  registry: BrandRegistry;
  model: FeedReadModel;
}

/** GET /service-api/LineFeed/<call> and /service-api/LiveFeed/<call>: the spec's feed calls over the read model. */
export function feedRoutes(app: FastifyInstance, { registry, model }: FeedRoutesOptions): void {
  const cache = responseCache();
  // Serialised game rows per dictionary (names differ per brand and language), valid while the game's version holds.
  const rows = new WeakMap<object, Map<number, { version: number; raw: RawJson }>>();

  function row(entry: GameEntry, ctx: QueryContext, names: object): RawJson {
    let byGame = rows.get(names);
    if (!byGame) rows.set(names, (byGame = new Map()));
    const hit = byGame.get(entry.game.id);
    if (hit && hit.version === entry.version) return hit.raw;
    if (byGame.size > 4 * model.games.size + 100) byGame.clear();
    const raw = new RawJson(JSON.stringify(gameRow(model, ctx, entry)));
    byGame.set(entry.game.id, { version: entry.version, raw });
    return raw;
  }

  function context(
    request: FastifyRequest<{ Querystring: FeedQuery }>,
    kind: FeedKindName,
  ): { ctx: QueryContext; language: string; names: object } {
    if (request.brandSelection.kind !== 'found') throw siteNotFound();
    const brand: BrandSummary = request.brandSelection.brand;
    const q = request.query;
    const lng = firstOf(q, 'lng', 'Language', 'lang');
    const countryParam = firstOf(q, 'country', 'fcountry', 'geo');
    let country: string | undefined;
    if (typeof countryParam === 'string') {
      if (/^[0-9]+$/.test(countryParam)) {
        const iso = model.countries.get(Number(countryParam))?.iso;
        if (!iso) throw invalidField('country', `unknown country id ${countryParam}`);
        country = iso.toLowerCase();
      } else {
        country = countryParam.toLowerCase();
      }
    }
    const { resolved } = resolveForRequest(registry, brand, {
      lng: typeof lng === 'string' ? lng.toLowerCase() : undefined,
      country,
      cookieCountry: request.cookies[COUNTRY_COOKIE],
    });
    request.resolvedBrand = resolved;
    const filter = feedFilterFor(resolved.config as { betting?: FeedBettingConfig });
    return {
      ctx: { kind, filter, virtualSports: q.virtualSports !== false, sportName: sportNamer(resolved.dictionary) },
      language: resolved.language,
      names: resolved.dictionary,
    };
  }

  // Names come from the brand's dictionary and the rules from its country: both are part of a cache key.
  function brandOf(request: FastifyRequest): string {
    return `${request.resolvedBrand?.brandId}/${request.resolvedBrand?.country}`;
  }

  function timeRange(q: FeedQuery): { tsFrom: number | undefined; tsTo: number | undefined } {
    const tsFrom = typeof q.tsFrom === 'number' ? q.tsFrom : undefined;
    const tsTo = typeof q.tsTo === 'number' ? q.tsTo : undefined;
    if (tsFrom !== undefined && tsTo !== undefined && tsTo < tsFrom)
      throw invalidField('tsTo', 'must not be before tsFrom');
    return { tsFrom, tsTo };
  }

  type Handler<C extends FeedCallName> = (
    q: FeedQuery,
    ctx: QueryContext,
    r: (entry: GameEntry) => RawJson,
  ) => CallAnswer<C>;
  const handlers: { [C in FeedCallName]: Handler<C> } = {
    GetSportsShortZip: (q, ctx) => ({
      sports: sportsShort(model, ctx, { sportIds: ids(q.sports), champIds: ids(q.champs), ...timeRange(q) }),
    }),
    GetChampsZip: (q, ctx) => {
      const one = firstOf(q, 'sport', 'sportId');
      const sportIds = typeof one === 'number' ? [one] : ids(q.sports);
      return { champs: champsList(model, ctx, { sportIds, ...timeRange(q) }) };
    },
    GetChampZip: (q, ctx, r) => {
      const id = firstOf(q, 'champ', 'champid');
      if (typeof id !== 'number') throw invalidField('champ', 'is required');
      const champ = model.champs.get(id);
      if (!champ || !sportVisible(ctx, model.sports.get(champ.sportId)))
        throw new ApiError(404, 'Championship not found');
      const games = selectGames(model, ctx, { champIds: [id], ...timeRange(q) });
      return { champ: champView(model, ctx, champ, games.length), games: games.map((e) => r(e)) };
    },
    Get1x2_VZip: (q, ctx, r) => {
      const one = firstOf(q, 'sport', 'sportId');
      const sportIds = typeof one === 'number' ? [one] : ids(q.sports);
      const count = typeof q.count === 'number' ? q.count : 50;
      const games = selectGames(model, ctx, { sportIds, champIds: ids(q.champs), ...timeRange(q) }).slice(0, count);
      return { games: games.map((e) => r(e)) };
    },
    GetGameZip: (q, ctx, r) => {
      const id = firstOf(q, 'id', 'gameId');
      if (typeof id !== 'number') throw invalidField('id', 'is required');
      const entry = model.games.get(id);
      // Any status: a visitor on a game page keeps seeing it when it goes live or ends; the brand's filter still applies.
      if (!entry || !sportVisible(ctx, model.sports.get(entry.game.sportId))) throw new ApiError(404, 'Game not found');
      return { game: r(entry), groups: gameGroups(model, entry) };
    },
    Web_SearchZip: (q, ctx, r) => {
      const text = cutSearchText(typeof q.text === 'string' ? q.text : '');
      const limit = typeof q.limit === 'number' ? q.limit : 50;
      const found = search(model, ctx, text, q.strict === true, limit);
      return { text, games: found.games.map((e) => r(e)), champs: found.champs };
    },
    GetExpressDayExtendedZip: (q, ctx, r) => {
      if (!ctx.filter.expressOfTheDay) return { express: null };
      const count = Math.min(typeof q.count === 'number' ? q.count : 4, 10);
      const picks = expressOfTheDay(model, ctx, count);
      if (picks.length === 0) return { express: null };
      const total = Math.round(picks.reduce((p, x) => p * x.odds, 1) * 100) / 100;
      // The feed's day, not the server's: a sped-up simulator's day turns before the wall clock's (ADR 0181).
      const day = new Date(model.now()).toISOString().slice(0, 10);
      return {
        express: {
          id: `${day}:${picks.map((p) => p.outcomeId).join('+')}`,
          totalOdds: total,
          events: picks.map((p) => ({
            game: r(p.entry),
            marketId: p.marketId,
            outcomeId: p.outcomeId,
            code: p.code,
            odds: p.odds,
          })),
        },
      };
    },
    WebGetTopChampsZip: (q, ctx) => ({ champs: topChamps(model, ctx, typeof q.count === 'number' ? q.count : 10) }),
    GetTopGamesStatZip: (q, ctx, r) => ({
      games: topGames(model, ctx, typeof q.count === 'number' ? q.count : 10).map((e) => r(e)),
    }),
    GetGamesTeamZip: (q, ctx, r) => {
      const teamIds = ids(q.teams);
      if (!teamIds) throw invalidField('teams', 'is required');
      const count = typeof q.count === 'number' ? q.count : 50;
      return {
        games: selectGames(model, ctx, { teamIds, champIds: ids(q.champs) })
          .slice(0, count)
          .map((e) => r(e)),
      };
    },
    GetFavoritesZip: (q, ctx, r) => {
      const gameIds = ids(q.games);
      if (!gameIds) return { games: [] };
      return {
        games: gameIds
          .map((id) => model.games.get(id))
          .filter((e): e is GameEntry => e !== undefined && gameVisible(model, ctx, e))
          .map((e) => r(e)),
      };
    },
  };

  // The version an answer depends on: counts only on structure, a game page on its game, lists on their kind.
  function versionFor(call: FeedCallName, kind: FeedKindName, q: FeedQuery): number {
    if (structural.has(call)) return model.structureVersion;
    if (call === 'GetGameZip') {
      const id = firstOf(q, 'id', 'gameId');
      return (typeof id === 'number' ? model.games.get(id)?.version : undefined) ?? model.version;
    }
    return kind === 'line' ? model.lineVersion : model.liveVersion;
  }

  for (const feed of ['LineFeed', 'LiveFeed'] as const) {
    const kind: FeedKindName = feed === 'LineFeed' ? 'line' : 'live';
    for (const call of Object.keys(feedCalls) as FeedCallName[]) {
      app.get<{ Querystring: FeedQuery }>(
        `/service-api/${feed}/${call}`,
        { schema: feedRouteSchema(call, feed) },
        async (request: FastifyRequest<{ Querystring: FeedQuery }>, reply: FastifyReply) => {
          const { ctx, language, names } = context(request, kind);
          const q = request.query;
          const version = versionFor(call, kind, q);
          // The feed's clock in whole seconds: what tsFrom/tsTo windows and the express's day are measured from.
          const now = Math.floor(model.now() / 1000);
          const key = `${feed}/${call}|${brandOf(request)}|${ctx.filter.key}|${language}|${ctx.virtualSports}|${JSON.stringify(q)}`;
          let cached = cache.get(key, version, now);
          if (cached === undefined) {
            const answer = handlers[call](q, ctx, (entry) => row(entry, ctx, names));
            cached = {
              version,
              now,
              ...cachedAnswer(stringify({ kind: FEED_KIND_NUMBER[kind], version: model.version, now, ...answer })),
            };
            cache.set(key, cached);
          }
          // Answers differ per brand (Host) and language; shared caches must not mix them. A client polling the feed
          // revalidates with the validator it holds: no body while the answer is unchanged.
          reply.header('cache-control', 'private, no-cache');
          return sendCachedAnswer(request, reply, cached);
        },
      );
    }
  }
}
