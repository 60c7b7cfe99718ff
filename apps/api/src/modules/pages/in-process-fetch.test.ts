import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import { feedBrandsDir, smallSimulator } from '../feed/testing/feed-test-app';
import type { SsrRequest } from '@tessera/shared/contract-api';

// The server render reaches the feed in process (ADR 0131): the render below asks for what the line page shows
// first and prints what it got, so the test sees exactly what a real render would.
describeEachDatabase('server render: the feed in process', (ctx) => {
  let app: FastifyInstance;
  const seen: Array<{ url: string; status: number; body: unknown }> = [];

  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      brandsDir: feedBrandsDir,
      brandRegistry: await loadFixtureRegistry(feedBrandsDir),
      rateLimitPerMinute: 100_000,
      feed: { provider: smallSimulator(), flushIntervalMs: 60_000 },
      render: async (req: SsrRequest) => {
        if (!req.api) return { status: 500, html: 'no api' };
        const calls = [
          `/service-api/LineFeed/Get1x2_VZip?lng=${req.brand.language}&country=${req.brand.country}&count=5`,
          '/service-api/LineFeed/GetGameZip?id=1',
          '/web-api/site-config',
          '/service-api/LineFeed/Get1x2_VZip?count=0',
        ];
        for (const url of calls) {
          const res = await req.api.fetch(url);
          seen.push({ url, status: res.status, body: await res.json() });
        }
        const post = await req.api.fetch('/service-api/LineFeed/Get1x2_VZip', { method: 'POST' });
        seen.push({ url: 'POST', status: post.status, body: await post.json() });
        return { status: 200, html: '<!doctype html><p>rendered</p>' };
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers the feed's calls for the page's site and visitor, in the API's own shapes, and nothing else", async () => {
    const page = await app.inject({ url: '/ru/line?brand=feedbet', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    const [games, unknown, config, garbage, post] = seen;
    // The brand came from the page's own override (?brand=), the language and country from the page.
    expect(games?.status).toBe(200);
    const rows = (
      games?.body as { games: Array<{ id: number; mainMarket: { outcomes: Array<{ odds: number }> } | null }> }
    ).games;
    expect(rows).toHaveLength(5);
    expect(rows[0]?.mainMarket?.outcomes.length).toBeGreaterThan(1);
    // Unknown ids and garbage answer as over HTTP: 404 and 400 in the error shape.
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Game not found' } });
    expect(garbage?.status).toBe(400);
    expect(garbage?.body).toMatchObject({ message: expect.any(String) });
    // Only the feed's GET calls are open to the render.
    expect(config?.status).toBe(403);
    expect(post?.status).toBe(403);
  });
});
