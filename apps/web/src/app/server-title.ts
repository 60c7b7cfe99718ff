import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import type { BrandPayload, SsrFetch } from '@tessera/shared/contract-api';
import { createFeedQueries, feedContextOf } from '@tessera/sportsbook/data-access-feed';
import type { ServerDataDeclaration } from './server-data';

/** A matched route as the static handler reports it. */
interface MatchedRoute {
  route: { handle?: unknown };
  params: Record<string, string | undefined>;
}

// Never requested over the network: the in-process fetch reads only the path and query.
const SSR_BASE = 'http://ssr.invalid';

/**
 * The page's own title from the matched route's server data (`title`), once its prefetch filled the query cache; undefined
 * when the route declares none or the data does not name the page (the title key is then used).
 */
export async function serverDataTitle(
  matches: readonly MatchedRoute[],
  queryClient: QueryClient,
  brand: BrandPayload,
  fetch: SsrFetch,
): Promise<string | undefined> {
  const declaration = matches
    .map((m) => ({
      m,
      declaration: (m.route.handle as { serverData?: ServerDataDeclaration } | undefined)?.serverData,
    }))
    .find((d) => d.declaration);
  if (!declaration?.declaration) return undefined;
  const data = await declaration.declaration();
  if (!data.title) return undefined;
  const client = createApiClient({
    http: createHttpClient({ fetch: fetch as typeof globalThis.fetch, baseUrl: SSR_BASE, retry: { limit: 0 } }),
  });
  return data.title({
    params: declaration.m.params,
    queryClient,
    feed: createFeedQueries(client, feedContextOf(brand)),
  });
}
