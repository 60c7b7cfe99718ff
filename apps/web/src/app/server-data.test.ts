import { QueryClient } from '@tanstack/react-query';
import { GUEST_SESSION } from '@tessera/account/data-access-session';
import type { SsrFetch } from '@tessera/shared/contract-api';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './routes';
import { prefetchServerData } from './server-data';

function recordingFetch(): { fetch: SsrFetch; paths: string[] } {
  const paths: string[] = [];
  const fetch: SsrFetch = async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    paths.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ message: 'Unavailable' }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, paths };
}

/** The site's own route table matched against an address: the routes' serverData declarations are what is tested. */
function matchesOf(address: string) {
  const brand = testBrandPayload();
  const routes = createRoutes({ session: GUEST_SESSION, config: brand.config, queryClient: new QueryClient() });
  return matchRoutes(routes, address) ?? [];
}

function prefetch(address: string, queryClient: QueryClient, fetch: SsrFetch) {
  return prefetchServerData(matchesOf(address), queryClient, testBrandPayload(), fetch);
}

describe('prefetchSportsbookPage on the game page', () => {
  it('asks the feed for the game of the address, and drops a failed answer so the browser loads it', async () => {
    const { fetch, paths } = recordingFetch();
    const queryClient = new QueryClient();
    await prefetch('/en/game/1795000000001', queryClient, fetch);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/GetGameZip\?.*\bid=1795000000001\b/);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('reports an unknown game or championship (404) and keeps that answer for the page to render', async () => {
    const paths: string[] = [];
    const notFound: SsrFetch = async (input) => {
      paths.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
      return new Response(JSON.stringify({ message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    };
    for (const address of ['/en/game/999999999', '/en/champ/424242', '/en/statisticpopup/game/1/999999999/main']) {
      const queryClient = new QueryClient();
      expect(await prefetch(address, queryClient, notFound)).toEqual({ notFound: true });
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.status),
      ).toEqual(['error']);
    }
    expect(paths).toEqual([
      '/service-api/LineFeed/GetGameZip',
      '/service-api/LineFeed/GetChampZip',
      '/service-api/LineFeed/GetGameZip',
    ]);
    // A failure other than 404 is not "not found".
    const { fetch } = recordingFetch();
    expect(await prefetch('/en/champ/7', new QueryClient(), fetch)).toEqual({ notFound: false });
  });

  it('asks for nothing when the id is not a positive integer', async () => {
    const { fetch, paths } = recordingFetch();
    await prefetch('/en/game/12abc', new QueryClient(), fetch);
    expect(paths).toEqual([]);
  });
});

describe('server data the routes declare', () => {
  it('prefetches the line of the sport in the address, never the cyber section, and never reports a list as not found', async () => {
    const { fetch, paths } = recordingFetch();
    expect(await prefetch('/en/line/12', new QueryClient(), fetch)).toEqual({ notFound: false });
    expect(paths.length).toBeGreaterThan(0);
    const cyber = recordingFetch();
    await prefetch('/en/line/cyber', new QueryClient(), cyber.fetch);
    expect(cyber.paths).toEqual([]);
  });

  it('prefetches nothing for a page that declares no server data', async () => {
    const { fetch, paths } = recordingFetch();
    expect(await prefetch('/en/search', new QueryClient(), fetch)).toEqual({ notFound: false });
    expect(paths).toEqual([]);
  });
});
