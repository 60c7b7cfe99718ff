import { ApiError, invalidField } from '@tessera/server/api-errors';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import type { ApiPayload, FeedGameRow, FeedSport } from '@tessera/shared/contract-api';
import { feedCalls, type FeedCallName, type FeedName, type FeedParamName } from './feed-calls';
import { feedFilterFor, type FeedBettingConfig } from './feed-filter';
import {
  FEED_KIND_NUMBER,
  champView,
  champsList,
  cutSearchText,
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
} from './feed.queries';
import type { FeedReadModel, GameEntry } from './feed.read-model';

/** The query of a feed call as validated by its route schema. */
export type FeedQuery = Partial<Record<FeedParamName, string | number | boolean>>;

/** The part of the resolved brand configuration an answer depends on. */
export type FeedSite = Pick<ResolvedBrand, 'brandId' | 'country' | 'language' | 'dictionary'> & {
  config: unknown;
};

/** Options of {@link FeedAnswers}. */
export interface FeedAnswersOptions<T> {
  model: FeedReadModel;
  /** Turns an answer's JSON into what is cached and served (apps/api: bytes, validator, gzip form). */
  encode: (json: string) => T;
  /** Cached answers kept before the cache starts over; default 5000. */
  maxEntries?: number;
}

const names = new WeakMap<object, Map<number, string>>();

/**
 * Sport names in the request's language. The feed's keys (`feed:sport.football`) are the sportsbook's copy, as the
 * browser reads them (data-access-feed's useFeedText): the brand dictionary's `sportsbook` namespace, where every
 * platform language names every sport; another namespace when a key names one; else the feed's (English) name.
 */
export function sportNamer(dictionary: ResolvedBrand['dictionary']): (sport: FeedSport) => string {
  let cache = names.get(dictionary);
  if (!cache) names.set(dictionary, (cache = new Map()));
  const known = cache;
  return (sport) => {
    let name = known.get(sport.id);
    if (name === undefined) {
      const [prefix, key] = sport.nameKey.includes(':') ? sport.nameKey.split(':', 2) : ['feed', sport.nameKey];
      const ns = prefix === 'feed' ? 'sportsbook' : (prefix ?? 'sportsbook');
      name = dictionary[ns]?.[key ?? ''] ?? sport.name;
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

function timeRange(q: FeedQuery): { tsFrom: number | undefined; tsTo: number | undefined } {
  const tsFrom = typeof q.tsFrom === 'number' ? q.tsFrom : undefined;
  const tsTo = typeof q.tsTo === 'number' ? q.tsTo : undefined;
  if (tsFrom !== undefined && tsTo !== undefined && tsTo < tsFrom)
    throw invalidField('tsTo', 'must not be before tsFrom');
  return { tsFrom, tsTo };
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

/** A cached answer with the read-model version and feed second it was made for. */
interface Entry<T> {
  version: number;
  now: number;
  answer: T;
}

/** Calls whose answers show no odds or clock: cached across odds ticks, refreshed when games come, go or start. */
const structural = new Set<FeedCallName>(['GetSportsShortZip', 'GetChampsZip', 'WebGetTopChampsZip']);

type Handler<C extends FeedCallName> = (
  q: FeedQuery,
  ctx: QueryContext,
  r: (entry: GameEntry) => RawJson,
) => CallAnswer<C>;

/**
 * The answers of the spec's LineFeed and LiveFeed calls over the read model, cached per request key, read-model
 * version and feed second (every answer says the feed's `now`). Game rows are serialised once per dictionary and
 * game version and spliced into list answers.
 */
export class FeedAnswers<T> {
  private readonly model: FeedReadModel;
  private readonly encode: (json: string) => T;
  private readonly maxEntries: number;
  private readonly cache = new Map<string, Entry<T>>();
  // Serialised game rows per dictionary (names differ per brand and language), valid while the game's version holds.
  private readonly rows = new WeakMap<object, Map<number, { version: number; raw: RawJson }>>();
  private readonly handlers: { [C in FeedCallName]: Handler<C> };

  constructor(options: FeedAnswersOptions<T>) {
    this.model = options.model;
    this.encode = options.encode;
    this.maxEntries = options.maxEntries ?? 5000;
    this.handlers = handlersOver(this.model);
  }

  /**
   * The language and country a feed query asks for (the spec's spelling variants; a country by spec id or ISO code),
   * lower-cased for the site resolution; 400 for an unknown country id.
   */
  siteParams(q: FeedQuery): { lng: string | undefined; country: string | undefined } {
    const lng = firstOf(q, 'lng', 'Language', 'lang');
    const countryParam = firstOf(q, 'country', 'fcountry', 'geo');
    let country: string | undefined;
    if (typeof countryParam === 'string') {
      if (/^[0-9]+$/.test(countryParam)) {
        const iso = this.model.countries.get(Number(countryParam))?.iso;
        if (!iso) throw invalidField('country', `unknown country id ${countryParam}`);
        country = iso.toLowerCase();
      } else {
        country = countryParam.toLowerCase();
      }
    }
    return { lng: typeof lng === 'string' ? lng.toLowerCase() : undefined, country };
  }

  /** The answer of one call for a site, encoded; from the cache while the data it shows is unchanged. */
  answer(feed: FeedName, call: FeedCallName, q: FeedQuery, site: FeedSite): T {
    const model = this.model;
    const kind: FeedKindName = feed === 'LineFeed' ? 'line' : 'live';
    const filter = feedFilterFor(site.config as { betting?: FeedBettingConfig });
    const ctx: QueryContext = {
      kind,
      filter,
      virtualSports: q.virtualSports !== false,
      sportName: sportNamer(site.dictionary),
    };
    const version = this.versionFor(call, kind, q);
    // The feed's clock in whole seconds: what tsFrom/tsTo windows and the express's day are measured from.
    const now = Math.floor(model.now() / 1000);
    // Names come from the brand's dictionary and the rules from its country: both are part of the key.
    const key = `${feed}/${call}|${site.brandId}/${site.country}|${filter.key}|${site.language}|${ctx.virtualSports}|${JSON.stringify(q)}`;
    const hit = this.cache.get(key);
    if (hit && hit.version === version && hit.now === now) return hit.answer;
    const names = site.dictionary;
    const body = this.handlers[call](q, ctx, (entry) => this.row(entry, ctx, names));
    const answer = this.encode(stringify({ kind: FEED_KIND_NUMBER[kind], version: model.version, now, ...body }));
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(key, { version, now, answer });
    return answer;
  }

  private row(entry: GameEntry, ctx: QueryContext, names: object): RawJson {
    let byGame = this.rows.get(names);
    if (!byGame) this.rows.set(names, (byGame = new Map()));
    const hit = byGame.get(entry.game.id);
    if (hit && hit.version === entry.version) return hit.raw;
    if (byGame.size > 4 * this.model.games.size + 100) byGame.clear();
    const raw = new RawJson(JSON.stringify(gameRow(this.model, ctx, entry)));
    byGame.set(entry.game.id, { version: entry.version, raw });
    return raw;
  }

  // The version an answer depends on: counts only on structure, a game page on its game, lists on their kind.
  private versionFor(call: FeedCallName, kind: FeedKindName, q: FeedQuery): number {
    const model = this.model;
    if (structural.has(call)) return model.structureVersion;
    if (call === 'GetGameZip') {
      const id = firstOf(q, 'id', 'gameId');
      return (typeof id === 'number' ? model.games.get(id)?.version : undefined) ?? model.version;
    }
    return kind === 'line' ? model.lineVersion : model.liveVersion;
  }
}

function handlersOver(model: FeedReadModel): { [C in FeedCallName]: Handler<C> } {
  return {
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
      return { game: r(entry), groups: gameGroups(model, entry, ctx.filter) };
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
      // The feed's day, not the server's: a sped-up simulator's day turns before the wall clock's (libs/server/feed README, "The feed's clock").
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
}
