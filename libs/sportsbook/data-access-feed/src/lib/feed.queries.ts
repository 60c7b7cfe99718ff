import { queryOptions } from '@tanstack/react-query';
import { shouldRetryQuery, type ApiClient, type CallDefinition } from '@tessera/shared/data-access-api';
import { cutSearchText, feedApi, type FeedKind } from './feed.api';
import type { FeedGameRow } from './feed.types';

/** What every feed request carries for the visitor: language, country, and whether the brand shows virtual sports. */
export interface FeedContext {
  lng: string;
  country?: string;
  virtualSports?: boolean;
}

/**
 * Query keys of the feed. Each key is `['feed', what, ...ids, options]`, so `feedKeys.champ(id)` is a prefix of every
 * language's and feed's entry of that championship and can be used to invalidate them all.
 */
export const feedKeys = {
  /** Everything the feed cached. */
  all: () => ['feed'] as const,
  /** Sports menu of one feed. */
  sports: (kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'sports'], kind, ctx),
  /** Championships of a sport. */
  champs: (sportId: number, kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'champs', sportId], kind, ctx),
  /** One championship with its games. */
  champ: (champId: number, kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'champ', champId], kind, ctx),
  /** Games with main odds of sports and championships. */
  games: (filter: { sportId?: number; champIds?: readonly number[] }, kind?: FeedKind, ctx?: FeedContext) =>
    key(
      ['feed', 'games', filter.sportId ?? 0, [...new Set(filter.champIds ?? [])].sort((a, b) => a - b).join(',')],
      kind,
      ctx,
    ),
  /** One game with every market. */
  game: (gameId: number, kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'game', gameId], kind, ctx),
  /** Search results for a text. */
  search: (text: string, ctx?: FeedContext) =>
    key(['feed', 'search', cutSearchText(text).toLowerCase()], undefined, ctx),
  /** The feed's clock, read fresh from a small answer (windows measured from the feed's now). */
  clock: (kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'clock'], kind, ctx),
  /** Express of the day. */
  express: (ctx?: FeedContext) => key(['feed', 'express'], undefined, ctx),
  /** Top championships. */
  topChamps: (kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'top-champs'], kind, ctx),
  /** Top games. */
  topGames: (kind?: FeedKind, ctx?: FeedContext) => key(['feed', 'top-games'], kind, ctx),
  /** Games of a team (the team statistics popup). */
  teamGames: (teamId: number, ctx?: FeedContext) => key(['feed', 'team-games', teamId], undefined, ctx),
  /** Favourite games by id. */
  favorites: (gameIds: readonly number[], ctx?: FeedContext) =>
    key(['feed', 'favorites', [...new Set(gameIds)].sort((a, b) => a - b).join(',')], undefined, ctx),
};

function key(
  prefix: readonly (string | number)[],
  kind: FeedKind | undefined,
  ctx: FeedContext | undefined,
): readonly unknown[] {
  if (kind === undefined && ctx === undefined) return prefix;
  return [...prefix, { kind: kind ?? 'line', ...ctx }];
}

type Send = <A, R>(call: CallDefinition<A, R>, args: A, signal: AbortSignal) => Promise<R>;

function sender(client: ApiClient): Send {
  return (call, args, signal) =>
    (client.send as (c: typeof call, a: typeof args, o: { signal: AbortSignal }) => Promise<never>)(call, args, {
      signal,
    });
}

/** Pre-match answers change slowly; live answers are refreshed by the push channel, or by polling without it. */
const STALE_MS = { line: 30_000, live: 5_000 } as const;

function wire(ctx: FeedContext) {
  return { lng: ctx.lng, country: ctx.country, virtualSports: ctx.virtualSports };
}

/** `queryOptions` factories of the feed calls for one client and visitor context; usable in loaders and hooks alike. */
export function createFeedQueries(client: ApiClient, ctx: FeedContext) {
  const send = sender(client);
  const base = { retry: shouldRetryQuery } as const;
  return {
    sports: (kind: FeedKind) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: feedKeys.sports(kind, ctx),
        queryFn: ({ signal }) => send(feedApi[kind].sportsShort, wire(ctx), signal),
      }),
    champs: (kind: FeedKind, sportId: number) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: feedKeys.champs(sportId, kind, ctx),
        queryFn: ({ signal }) => send(feedApi[kind].champs, { ...wire(ctx), sport: sportId }, signal),
      }),
    champ: (kind: FeedKind, champId: number) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: feedKeys.champ(champId, kind, ctx),
        queryFn: ({ signal }) => send(feedApi[kind].champ, { ...wire(ctx), champ: champId }, signal),
      }),
    games: (
      kind: FeedKind,
      filter: { sportId?: number; champIds?: readonly number[]; count?: number; tsFrom?: number; tsTo?: number },
    ) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: [...feedKeys.games(filter, kind, ctx), filter.count ?? 0, filter.tsFrom ?? 0, filter.tsTo ?? 0],
        queryFn: ({ signal }) =>
          send(
            feedApi[kind].games1x2,
            {
              ...wire(ctx),
              sport: filter.sportId,
              champs: filter.champIds,
              count: filter.count,
              tsFrom: filter.tsFrom,
              tsTo: filter.tsTo,
            },
            signal,
          ),
      }),
    game: (kind: FeedKind, gameId: number) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: feedKeys.game(gameId, kind, ctx),
        queryFn: ({ signal }) => send(feedApi[kind].game, { ...wire(ctx), id: gameId }, signal),
      }),
    search: (text: string) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS.line,
        queryKey: feedKeys.search(text, ctx),
        queryFn: ({ signal }) => send(feedApi.line.search, { ...wire(ctx), text: cutSearchText(text) }, signal),
      }),
    // The feed's clock in Unix seconds (an answer's `now`), asked fresh each time a view needs it: a sped-up feed runs
    // ahead of the wall clock, so windows such as the upcoming dashboard's are measured from it (libs/server/feed README, "The feed's clock"). An older
    // server without `now` leaves the browser's clock.
    clock: (kind: FeedKind) =>
      queryOptions({
        ...base,
        staleTime: 0,
        gcTime: 0,
        refetchOnWindowFocus: false,
        queryKey: feedKeys.clock(kind, ctx),
        queryFn: async ({ signal }) => {
          const answer = await send(feedApi[kind].sportsShort, wire(ctx), signal);
          return answer.now ?? Math.floor(Date.now() / 1000);
        },
      }),
    express: () =>
      queryOptions({
        ...base,
        staleTime: STALE_MS.line,
        queryKey: feedKeys.express(ctx),
        queryFn: ({ signal }) => send(feedApi.line.expressOfTheDay, wire(ctx), signal),
      }),
    topChamps: (kind: FeedKind, count = 10) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: [...feedKeys.topChamps(kind, ctx), count],
        queryFn: ({ signal }) => send(feedApi[kind].topChamps, { ...wire(ctx), count }, signal),
      }),
    topGames: (kind: FeedKind, count = 10) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS[kind],
        queryKey: [...feedKeys.topGames(kind, ctx), count],
        queryFn: ({ signal }) => send(feedApi[kind].topGames, { ...wire(ctx), count }, signal),
      }),
    teamGames: (teamId: number) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS.live,
        queryKey: feedKeys.teamGames(teamId, ctx),
        // Each feed answers its own games (pre-match on LineFeed, live on LiveFeed): ask both, live first.
        queryFn: async ({ signal }) => {
          const [live, line] = await Promise.all([
            send(feedApi.live.gamesOfTeams, { ...wire(ctx), teams: [teamId] }, signal),
            send(feedApi.line.gamesOfTeams, { ...wire(ctx), teams: [teamId] }, signal),
          ]);
          // The older of the two versions: a push delta newer than either still applies.
          return { version: Math.min(live.version, line.version), games: [...live.games, ...line.games] };
        },
      }),
    favorites: (gameIds: readonly number[]) =>
      queryOptions({
        ...base,
        staleTime: STALE_MS.live,
        queryKey: feedKeys.favorites(gameIds, ctx),
        // The server answers favourites per feed (pre-match on LineFeed, live on LiveFeed): ask both, live first.
        queryFn: async ({ signal }) => {
          if (gameIds.length === 0) return { games: [] as FeedGameRow[] };
          const [live, line] = await Promise.all([
            send(feedApi.live.favorites, { ...wire(ctx), games: gameIds }, signal),
            send(feedApi.line.favorites, { ...wire(ctx), games: gameIds }, signal),
          ]);
          return { games: [...live.games, ...line.games] };
        },
      }),
  };
}

/** The query factories returned by {@link createFeedQueries}. */
export type FeedQueries = ReturnType<typeof createFeedQueries>;
