import { QueryClient } from '@tanstack/react-query';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { describe, expect, it } from 'vitest';
import { prefetchSportsbookPage, type SsrFetch } from './sportsbook-prefetch';

function recordingFetch(): { fetch: SsrFetch; paths: string[] } {
  const paths: string[] = [];
  const fetch: SsrFetch = async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    paths.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ message: 'Unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, paths };
}

describe('prefetchSportsbookPage on the game page', () => {
  it('asks the feed for the game of the address, and drops a failed answer so the browser loads it', async () => {
    const { fetch, paths } = recordingFetch();
    const queryClient = new QueryClient();
    await prefetchSportsbookPage([{ route: { id: 'root' }, params: {} }, { route: { id: 'game' }, params: { gameId: '1795000000001' } }], queryClient, testBrandPayload(), fetch);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/GetGameZip\?.*\bid=1795000000001\b/);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('reports an unknown game or championship (404) and keeps that answer for the page to render', async () => {
    const paths: string[] = [];
    const notFound: SsrFetch = async (input) => {
      paths.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    };
    for (const match of [
      { route: { id: 'game' }, params: { gameId: '999999999' } },
      { route: { id: 'champ' }, params: { champId: '424242' } },
      { route: { id: 'statistic-popup' }, params: { '*': 'game/1/999999999/main' } },
    ]) {
      const queryClient = new QueryClient();
      expect(await prefetchSportsbookPage([match], queryClient, testBrandPayload(), notFound)).toEqual({ notFound: true });
      expect(queryClient.getQueryCache().getAll().map((q) => q.state.status)).toEqual(['error']);
    }
    expect(paths).toEqual(['/service-api/LineFeed/GetGameZip', '/service-api/LineFeed/GetChampZip', '/service-api/LineFeed/GetGameZip']);
    // A failure other than 404 is not "not found".
    const { fetch } = recordingFetch();
    expect(await prefetchSportsbookPage([{ route: { id: 'champ' }, params: { champId: '7' } }], new QueryClient(), testBrandPayload(), fetch)).toEqual({ notFound: false });
  });

  it('asks for nothing when the id is not a positive integer', async () => {
    const { fetch, paths } = recordingFetch();
    await prefetchSportsbookPage([{ route: { id: 'game' }, params: { gameId: '12abc' } }], new QueryClient(), testBrandPayload(), fetch);
    expect(paths).toEqual([]);
  });
});
