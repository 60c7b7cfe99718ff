import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient, NotFoundError } from '@tessera/shared/data-access-api';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createFeedQueries, feedContextOf, parseStatisticPath } from '@tessera/sportsbook/data-access-feed';
import { prefetchLineView } from '@tessera/sportsbook/feature-line';
import { prefetchLiveView } from '@tessera/sportsbook/feature-live';

/** The API as the server render reaches it: in process, through the same HTTP contract (see SsrRequest.api). */
export type SsrFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A matched route as the static handler reports it. */
interface MatchedRoute {
  route: { id: string };
  params: Record<string, string | undefined>;
}

// Never requested over the network: the in-process fetch reads only the path and query.
const SSR_BASE = 'http://ssr.invalid';

/** Same rule as the pages: a positive integer id from the address, or undefined. */
function sportParam(value: string | undefined): number | undefined {
  const first = (value ?? '').split('/')[0] ?? '';
  if (!/^[0-9]{1,9}$/.test(first)) return undefined;
  const id = Number(first);
  return id > 0 ? id : undefined;
}

/** The game and championship pages' id rule (pages/sportsbook-page.tsx idParam): a positive integer of up to 15 digits. */
function gameParam(value: string | undefined): number | undefined {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** What the prefetch learnt that decides the answer's status. */
export interface SportsbookPrefetchResult {
  /** The page's game or championship is unknown to the feed (404): the page renders its not-found state, the server answers 404. */
  notFound: boolean;
}

/** The one game or championship a page is about: the game page, the championship page, a game's statistics popup. */
function singleItem(matches: readonly MatchedRoute[]): { kind: 'game' | 'champ'; id: number } | undefined {
  for (const m of matches) {
    if (m.route.id === 'game') {
      const id = gameParam(m.params['gameId']);
      return id === undefined ? undefined : { kind: 'game', id };
    }
    if (m.route.id === 'champ') {
      const id = gameParam(m.params['champId']);
      return id === undefined ? undefined : { kind: 'champ', id };
    }
    if (m.route.id === 'statistic-popup') {
      const target = parseStatisticPath(m.params['*']);
      return target?.kind === 'game' ? { kind: 'game', id: target.gameId } : undefined;
    }
  }
  return undefined;
}

/**
 * Keeps the answers and the feed's "not found" answers, drops every other failure (the page then shows its skeleton and
 * loads it in the browser, as it would without a server render, and hydration matches). A kept "not found" is what
 * the page renders its not-found state from, on the server and again when the browser hydrates (ADR 0151).
 */
function settle(queryClient: QueryClient): SportsbookPrefetchResult {
  let notFound = false;
  queryClient.removeQueries({
    predicate: (query) => {
      if (query.state.status === 'success') return false;
      if (query.state.error instanceof NotFoundError) {
        notFound = true;
        return false;
      }
      return true;
    },
  });
  return { notFound };
}

/**
 * Before a server render of the line, live, game or championship page (or a game's statistics popup), fills the
 * request's query cache with the championships, games and odds the page shows first, so the first HTML has them and
 * the browser hydrates without fetching (ADR 0131). An unknown game or championship is reported, for a 404 answer.
 */
export async function prefetchSportsbookPage(matches: readonly MatchedRoute[], queryClient: QueryClient, brand: BrandPayload, fetch: SsrFetch): Promise<SportsbookPrefetchResult> {
  const client = () => createApiClient({ http: createHttpClient({ fetch: fetch as typeof globalThis.fetch, baseUrl: SSR_BASE, retry: { limit: 0 } }) });
  const item = singleItem(matches);
  if (item) {
    // The game page's markets in the first HTML too: without them it painted a skeleton, then shifted (CLS 0.17).
    const queries = createFeedQueries(client(), feedContextOf(brand));
    if (item.kind === 'game') await queryClient.prefetchQuery({ ...queries.game('line', item.id), retry: false });
    else await queryClient.prefetchQuery({ ...queries.champ('line', item.id), retry: false });
    return settle(queryClient);
  }
  const match = matches.find((m) => m.route.id === 'line' || m.route.id === 'live');
  if (!match) return { notFound: false };
  const rest = match.params['*'];
  // `/line/cyber` is the cyber section, not the line.
  if (match.route.id === 'line' && (rest ?? '').split('/')[0] === 'cyber') return { notFound: false };
  const queries = createFeedQueries(client(), feedContextOf(brand));
  const sportId = sportParam(rest);
  if (match.route.id === 'line') await prefetchLineView(queryClient, queries, { sportId });
  else await prefetchLiveView(queryClient, queries, { sportId });
  // A list is never "not found": an unknown sport is an empty list.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return { notFound: false };
}
