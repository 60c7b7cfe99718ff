// A server of the shared feed (ADR 0360) that loads the stored feed while the leader writes to it: the stream position
// it continues from must be the one the rows it loaded reach. Forced here: the leader's flush (odds and high-water
// mark in one transaction) lands between the follower's read of the stored outcomes and the rest of its start. A mark
// read after the rows claims the stream entry whose odds the rows lack; the follower skips that entry and serves the
// previous odds until the outcome changes again (shared-feed.test saw it as one outcome a tick behind, 2 runs in 10).
// This machine's PostgreSQL and Redis (a key prefix of its own); fails, never skips, without them.
import {
  createPostgresDatabase,
  createTestSchema,
  dropTestSchema,
  migrate,
  testDatabaseUrl,
  type Database,
  type Queryable,
} from '@tessera/server/db';
import { FeedSimulator, createManualClock } from '@tessera/server/feed-simulator';
import type { FeedBatch, FeedListener, FeedSnapshot } from '@tessera/shared/contract-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedService } from '../feed.service';
import { SharedFeed, type ReplayableFeedSource } from './shared-feed';
import { deleteKeys, requireRedis, testKeyPrefix, testRedisUrl } from './testing/redis-server';

const START = Date.UTC(2030, 0, 1, 12);
const quiet = { info: () => undefined, error: () => undefined };

/** A provider whose every event the test writes: one odds change per batch, nothing else moves. */
class ScriptedProvider implements ReplayableFeedSource {
  readonly name = 'scripted';
  private readonly listeners = new Set<FeedListener>();
  constructor(private readonly world: FeedSnapshot) {}

  snapshot(): FeedSnapshot {
    return structuredClone(this.world);
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  replay(): FeedBatch[] | undefined {
    return undefined;
  }

  setOdds(outcomeId: string, newOdds: number): void {
    for (const game of this.world.games)
      for (const market of this.world.markets[game.id] ?? [])
        for (const outcome of market.outcomes) {
          if (outcome.id !== outcomeId) continue;
          const from = this.world.at;
          const seq = ++this.world.seq;
          const at = (this.world.at += 1_000);
          const oldOdds = outcome.odds;
          outcome.odds = newOdds;
          const batch: FeedBatch = {
            from,
            to: at,
            events: [
              { type: 'odds.changed', seq, at, gameId: game.id, marketId: market.id, outcomeId, oldOdds, newOdds },
            ],
          };
          for (const listener of this.listeners) listener(batch);
          return;
        }
    throw new Error(`no outcome ${outcomeId}`);
  }
}

async function waitFor(what: string, test: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The database as the follower sees it, except that once its stored outcomes have been read (the last query of a
 * stored-feed load, in a transaction or not), `meanwhile` runs before the answer comes back.
 */
function interleaved(db: Database, meanwhile: () => Promise<void>): { db: Database; fired: () => boolean } {
  let fired = false;
  const wrap = <Q extends Queryable>(q: Q): Q =>
    new Proxy(q, {
      get(target, prop) {
        if (prop === 'query')
          return async (sql: string, params?: readonly unknown[]) => {
            const answer = await target.query(sql, params);
            if (!fired && /from feed_outcomes/.test(sql)) {
              fired = true;
              await meanwhile();
            }
            return answer;
          };
        if (prop === 'transaction')
          return <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(wrap(tx)));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { db: wrap(db), fired: () => fired };
}

describe('shared feed: the stored feed and the stream position it reaches', () => {
  let schema: string;
  let databaseUrl: string;
  const redisUrl = testRedisUrl();
  const keyPrefix = testKeyPrefix('stored-mark');
  const cleanup: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    await requireRedis(redisUrl);
    schema = await createTestSchema();
    const url = new URL(testDatabaseUrl());
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    const db = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema });
    await migrate(db);
    await db.close();
  }, 60_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    await deleteKeys(redisUrl, keyPrefix);
    if (schema) await dropTestSchema(schema);
  }, 30_000);

  async function server(
    db: Database,
    provider?: ScriptedProvider,
  ): Promise<{ service: FeedService; feed: SharedFeed }> {
    // Flushes only when the test (or the leader's own rebuild) asks: the interleaving is the test's.
    const service = new FeedService({
      database: db,
      provider,
      followProvider: false,
      flushIntervalMs: 3_600_000,
      writeStreamMark: SharedFeed.writeMark,
    });
    const feed = await SharedFeed.create({
      service,
      database: db,
      databaseUrl,
      redisUrl,
      keyPrefix,
      log: quiet,
      leaderIntervalMs: 100,
    });
    await service.start();
    await feed.start();
    cleanup.push(async () => {
      await feed.stop();
      await service.stop();
    });
    return { service, feed };
  }

  it('a follower starting while the leader stores a batch continues from where the rows it loaded stand', async () => {
    const leaderDb = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema, maxConnections: 3 });
    cleanup.push(() => leaderDb.close());
    const world = new FeedSimulator({ seed: 7, clock: createManualClock(START), prematchGames: 3, liveGames: 0 });
    const provider = new ScriptedProvider(world.snapshot());
    const leader = await server(leaderDb, provider);
    await waitFor('the leader', () => leader.feed.state().leader);
    const game = provider.snapshot().games[0];
    const outcome = game && provider.snapshot().markets[game.id]?.[0]?.outcomes[0];
    if (!game || !outcome) throw new Error('the simulator made no game with a market');
    const appended = () =>
      leader.feed.state().queued === 0 && leader.feed.state().position === leader.feed.state().head;
    const storedOdds = async () =>
      Number(
        (await leaderDb.query<{ odds: string }>('select odds from feed_outcomes where id = $1', [outcome.id])).rows[0]
          ?.odds,
      );

    // Tick 1: appended and stored (odds and mark).
    const round = (odds: number) => Math.round(odds * 100) / 100;
    const stored = round(outcome.odds + 0.01);
    provider.setOdds(outcome.id, stored);
    await waitFor('tick 1 in the stream', appended);
    await leader.service.flush();
    // Tick 2: appended, not stored yet (the leader flushes on its interval).
    const latest = round(outcome.odds + 0.02);
    provider.setOdds(outcome.id, latest);
    await waitFor('tick 2 in the stream', appended);
    const head = leader.feed.state().head;
    expect(await storedOdds()).toBe(stored);

    // The follower loads the stored outcomes (tick 1); the leader's flush of tick 2 and its mark lands right after.
    const followerDb = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema, maxConnections: 3 });
    cleanup.push(() => followerDb.close());
    const view = interleaved(followerDb, () => leader.service.flush());
    const follower = await server(view.db);
    expect(view.fired()).toBe(true);
    expect(await storedOdds()).toBe(latest);
    await waitFor('the follower at the stream’s end', () => follower.feed.state().position === head);
    const odds = follower.service.model.games.get(game.id)?.outcomeById.get(outcome.id)?.outcome.odds;
    expect(odds, 'the follower serves the odds of the last entry').toBe(latest);
    expect(follower.service.model.providerSeq).toBe(provider.snapshot().seq);
  }, 60_000);
});
