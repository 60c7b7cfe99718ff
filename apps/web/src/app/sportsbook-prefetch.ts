import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createFeedQueries, feedContextOf } from '@tessera/sportsbook/data-access-feed';
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

/** The game page's id rule (pages/sportsbook-page.tsx idParam): a positive integer of up to 15 digits. */
function gameParam(value: string | undefined): number | undefined {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * Before a server render of the line, live or game page, fills the request's query cache with the championships, games
 * and odds the page shows first, so the first HTML has them and the browser hydrates without fetching (ADR 0131).
 * Calls that fail are dropped from the cache: the page then shows its skeleton and loads them in the browser, as
 * it would without a server render, and hydration matches.
 */
export async function prefetchSportsbookPage(matches: readonly MatchedRoute[], queryClient: QueryClient, brand: BrandPayload, fetch: SsrFetch): Promise<void> {
  const game = matches.find((m) => m.route.id === 'game');
  const gameId = game ? gameParam(game.params['gameId']) : undefined;
  if (gameId !== undefined) {
    // The game page's markets in the first HTML too: without them it painted a skeleton, then shifted (CLS 0.17).
    const client = createApiClient({ http: createHttpClient({ fetch: fetch as typeof globalThis.fetch, baseUrl: SSR_BASE, retry: { limit: 0 } }) });
    await queryClient.prefetchQuery({ ...createFeedQueries(client, feedContextOf(brand)).game('line', gameId), retry: false });
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    return;
  }
  const match = matches.find((m) => m.route.id === 'line' || m.route.id === 'live');
  if (!match) return;
  const rest = match.params['*'];
  // `/line/cyber` is the cyber section, not the line.
  if (match.route.id === 'line' && (rest ?? '').split('/')[0] === 'cyber') return;
  const client = createApiClient({ http: createHttpClient({ fetch: fetch as typeof globalThis.fetch, baseUrl: SSR_BASE, retry: { limit: 0 } }) });
  const queries = createFeedQueries(client, feedContextOf(brand));
  const sportId = sportParam(rest);
  if (match.route.id === 'line') await prefetchLineView(queryClient, queries, { sportId });
  else await prefetchLiveView(queryClient, queries, { sportId });
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
}
