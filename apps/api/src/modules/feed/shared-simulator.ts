import type { Database } from '@tessera/server/db';
import { FEED_CLUSTER_STREAM, agreeSimStart } from '@tessera/server/feed';
import { simulatorSince, type FeedSimulator } from '@tessera/server/feed-simulator';

/**
 * Shared mode's built-in odds feed (ADR 0360): every server runs the same simulated world, begun at the instant the
 * first server agreed in the database, at FEED_SPEED with FEED_SEED (the same on every server), so the server that
 * takes the feed's lead over continues exactly where its predecessor stopped. FEED_START is not used here: the
 * world's start is the cluster's.
 */
export async function startSharedSimulator(
  database: Database,
  env: Readonly<Record<string, string | undefined>>,
): Promise<FeedSimulator> {
  const speed = Number(env['FEED_SPEED'] ?? '1');
  const seed = Number(env['FEED_SEED'] ?? '1');
  if (!(speed >= 0 && speed <= 3600))
    throw new Error(`FEED_SPEED must be a number from 0 to 3600, found ${env['FEED_SPEED']}`);
  if (!Number.isInteger(seed)) throw new Error(`FEED_SEED must be an integer, found ${env['FEED_SEED']}`);
  const start = await agreeSimStart(database, FEED_CLUSTER_STREAM, Date.now());
  const simulator = simulatorSince({ seed, start, speed });
  simulator.start();
  return simulator;
}
