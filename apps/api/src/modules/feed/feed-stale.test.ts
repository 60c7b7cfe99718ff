// A feed whose live odds are the last known ones (a shared feed whose Redis Stream is unreachable or lags, ADR 0360):
// HTTP feed answers carry x-feed-stale, GET /health says so, and liveness and readiness stay what a load balancer needs.
import { describeEachDatabase } from '@tessera/server/db';
import type { PushHub } from '@tessera/server/feed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import { FEED_STALE_HEADER } from './feed.routes';
import { feedBrandsDir, smallSimulator } from './testing/feed-test-app';

describeEachDatabase('feed answers while the live odds are stale', (ctx) => {
  let app: FastifyInstance;
  let hub: PushHub | undefined;

  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      brandsDir: feedBrandsDir,
      brandRegistry: await loadFixtureRegistry(feedBrandsDir),
      rateLimitPerMinute: 100_000,
      feed: { provider: smallSimulator(), flushIntervalMs: 60_000, onHub: (h) => (hub = h) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const live = () => app.inject({ url: '/service-api/LiveFeed/Get1x2_VZip?brand=feedbet' });
  const health = async () => (await app.inject({ url: '/health' })).json() as { status: string; feed?: unknown };

  it('marks feed answers and /health stale while the feed is, and clears both when it follows again', async () => {
    const fresh = await live();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers[FEED_STALE_HEADER]).toBeUndefined();
    expect(await health()).toEqual({ status: 'ok', feed: { mode: 'single', leader: true, stale: false } });

    hub?.setStale(true);
    const stale = await live();
    expect(stale.statusCode).toBe(200);
    expect(stale.headers[FEED_STALE_HEADER]).toBe('true');
    // The last known odds are still served, the same answer as before.
    expect(stale.json()).toEqual(fresh.json());
    // A revalidation answered 304 carries the marker too: the page learns it without a body.
    const revalidated = await app.inject({
      url: '/service-api/LiveFeed/Get1x2_VZip?brand=feedbet',
      headers: { 'if-none-match': String(fresh.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers[FEED_STALE_HEADER]).toBe('true');
    // Liveness stays ok (the server serves pages and bets), and readiness does not follow the feed.
    expect(await health()).toEqual({ status: 'ok', feed: { mode: 'single', leader: true, stale: true } });
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);

    hub?.setStale(false);
    expect((await live()).headers[FEED_STALE_HEADER]).toBeUndefined();
    expect((await health()).feed).toEqual({ mode: 'single', leader: true, stale: false });
  });
});
