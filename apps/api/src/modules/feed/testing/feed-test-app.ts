import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@tessera/server/db';
import { FeedSimulator, createManualClock } from '@tessera/server/feed-simulator';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import type { FeedService } from '@tessera/server/feed';
import type { FeedSource } from '@tessera/shared/contract-api';

/** Feed test brands: feedbet (en, ru; kz default, ru without hockey; top sports tennis, football) and nocyber (cyber, virtual and express off). */
export const feedBrandsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'brands');

/** A fixed feed-time origin so every run sees the same world. */
export const SIM_START = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A small deterministic simulator on a manual clock: step it with `run(ms)`. */
export function smallSimulator(seed = 7): FeedSimulator {
  return new FeedSimulator({ seed, clock: createManualClock(SIM_START), prematchGames: 40, liveGames: 10 });
}

/** The app over the feed test brands, following `provider` (none: database only), with its feed service. */
export async function buildFeedTestApp(
  database: Database,
  provider: FeedSource | undefined,
  flushIntervalMs = 60_000,
): Promise<{ app: FastifyInstance; service: FeedService }> {
  let service: FeedService | undefined;
  const app = await buildTestApp(database, {
    brandsDir: feedBrandsDir,
    brandRegistry: await loadFixtureRegistry(feedBrandsDir),
    rateLimitPerMinute: 100_000,
    feed: { ...(provider ? { provider } : {}), flushIntervalMs, onService: (s) => (service = s) },
  });
  await app.ready();
  if (!service) throw new Error('feed service not started');
  return { app, service };
}
