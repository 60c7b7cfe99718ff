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

  it('asks for nothing when the id is not a positive integer', async () => {
    const { fetch, paths } = recordingFetch();
    await prefetchSportsbookPage([{ route: { id: 'game' }, params: { gameId: '12abc' } }], new QueryClient(), testBrandPayload(), fetch);
    expect(paths).toEqual([]);
  });
});
