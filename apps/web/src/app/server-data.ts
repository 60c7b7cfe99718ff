import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient, NotFoundError, type ApiClient } from '@tessera/shared/data-access-api';
import type { BrandPayload, SsrFetch } from '@tessera/shared/contract-api';
import type { SiteConfig } from '@tessera/shared/util-config';
import { createFeedQueries, feedContextOf, type FeedQueries } from '@tessera/sportsbook/data-access-feed';

/** What a route's server data is prefetched with: its address parameters, the request's query cache and the feed. */
export interface ServerDataContext {
  params: Readonly<Record<string, string | undefined>>;
  queryClient: QueryClient;
  /** The feed's query options, answered by the API in process (SsrRequest.api). */
  feed: FeedQueries;
  /** The API in process, for the other calls a server render may make (the information pages' text). */
  api: ApiClient;
  /** The brand's resolved configuration for this request (the home page's blocks and their order). */
  config: SiteConfig;
}

/**
 * The data a route's first HTML carries (ADR 0131, ADR 0234), declared by the route itself (its handle's
 * `serverData`, loaded with the page's chunk) rather than chosen by the server render from route ids.
 */
export interface ServerData {
  /**
   * `item`: the page is about one game or championship, and the feed's "not found" makes the answer 404 (apps/web README, "An unknown game or championship answers 404");
   * `list`: a list is never "not found" (an unknown sport is an empty list).
   */
  kind: 'item' | 'list';
  /** Fills the request's query cache with what the page shows first. */
  prefetch(context: ServerDataContext): Promise<void>;
  /** The document's title from what was prefetched (a game page: its match), for a route whose handle has `ownTitle`. */
  title?(context: Pick<ServerDataContext, 'params' | 'queryClient' | 'feed'>): string | undefined;
}

/** A route's server data, imported with its page's chunk (the client bundle never calls it). */
export type ServerDataDeclaration = () => Promise<ServerData>;

/** A matched route as the static handler reports it. */
interface MatchedRoute {
  route: { handle?: unknown };
  params: Record<string, string | undefined>;
}

/** What the prefetch learnt that decides the answer's status. */
export interface ServerDataResult {
  /** The page's game or championship is unknown to the feed (404): the page renders its not-found state, the server answers 404. */
  notFound: boolean;
}

// Never requested over the network: the in-process fetch reads only the path and query.
const SSR_BASE = 'http://ssr.invalid';

/**
 * Keeps the answers and the feed's "not found" answers, drops every other failure (the page then shows its skeleton and
 * loads it in the browser, as it would without a server render, and hydration matches). A kept "not found" is what
 * the page renders its not-found state from, on the server and again when the browser hydrates (apps/web README, "An unknown game or championship answers 404").
 */
function settle(queryClient: QueryClient): ServerDataResult {
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
 * Before a server render, runs the server data the matched route declares (`handle.serverData`), so the first HTML
 * has it and the browser hydrates without fetching (ADR 0131). An unknown game or championship is reported, for a 404.
 */
export async function prefetchServerData(
  matches: readonly MatchedRoute[],
  queryClient: QueryClient,
  brand: BrandPayload,
  fetch: SsrFetch,
): Promise<ServerDataResult> {
  const declared = matches
    .map((m) => ({
      m,
      declaration: (m.route.handle as { serverData?: ServerDataDeclaration } | undefined)?.serverData,
    }))
    .find((d) => d.declaration);
  if (!declared?.declaration) return { notFound: false };
  const data = await declared.declaration();
  const client = createApiClient({
    http: createHttpClient({ fetch: fetch as typeof globalThis.fetch, baseUrl: SSR_BASE, retry: { limit: 0 } }),
  });
  await data.prefetch({
    params: declared.m.params,
    queryClient,
    feed: createFeedQueries(client, feedContextOf(brand)),
    api: client,
    config: brand.config,
  });
  if (data.kind === 'item') return settle(queryClient);
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return { notFound: false };
}
