// The shared feed (ADR 0360) in one process: two "servers" (each its own database pool, feed service, Redis
// connections and push hub) on this machine's PostgreSQL, and a redis-server of the test's own, so Redis can be
// stopped. Each server has its own simulator of one world (same seed and start, stepped together), as every server of
// a cluster runs one.
import {
  createPostgresDatabase,
  createTestSchema,
  dropTestSchema,
  migrate,
  testDatabaseUrl,
  type Database,
} from '@tessera/server/db';
import { FeedSimulator, createManualClock } from '@tessera/server/feed-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedFilterFor } from '../feed-filter';
import { PushConnection } from '../feed-push';
import { FeedService } from '../feed.service';
import { SharedFeed, STREAM_STALE_MS } from './shared-feed';
import { FeedStream } from './feed-stream';
import { OwnRedis, testKeyPrefix } from './testing/redis-server';

const START = Date.UTC(2030, 0, 1, 12);

interface Message {
  type: string;
  seq: number;
  resume?: string;
  resumed?: boolean;
  stale?: boolean;
  changes?: Array<{ kind: string; gameId: number; outcomeId?: string; new?: number }>;
}

class FakeSocket {
  readonly messages: Message[] = [];
  bufferedAmount = 0;
  closed: number | undefined;
  send(data: string): void {
    this.messages.push(JSON.parse(data) as Message);
  }
  close(code?: number): void {
    this.closed = code ?? 1000;
  }
  deltas(): Message[] {
    return this.messages.filter((m) => m.type === 'delta');
  }
}

interface Server {
  name: string;
  db: Database;
  sim: FeedSimulator;
  service: FeedService;
  feed: SharedFeed;
}

const quiet = process.env['FEED_TEST_LOG']
  ? { info: (o: object, m: string) => console.log(m, o), error: (o: object, m: string) => console.log('ERR', m, o) }
  : { info: () => undefined, error: () => undefined };

async function waitFor(what: string, test: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function simulator(): FeedSimulator {
  return new FeedSimulator({ seed: 21, clock: createManualClock(START), prematchGames: 20, liveGames: 8 });
}

function client(server: Server, live = true): { socket: FakeSocket; connection: PushConnection } {
  const socket = new FakeSocket();
  const connection = new PushConnection(socket, feedFilterFor({}), server.service.model, server.feed.hub);
  server.feed.hub.add(connection);
  connection.hello();
  connection.command(JSON.stringify({ op: 'subscribe', live }));
  return { socket, connection };
}

describe('shared feed: two servers, one stream', () => {
  let schema: string;
  let redis: OwnRedis;
  let keyPrefix: string;
  let databaseUrl: string;
  const servers: Server[] = [];
  let stream: FeedStream;

  async function startServer(name: string, sim = simulator()): Promise<Server> {
    const db = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema, maxConnections: 3 });
    const service = new FeedService({
      database: db,
      provider: sim,
      followProvider: false,
      flushIntervalMs: 100,
      writeStreamMark: SharedFeed.writeMark,
    });
    const feed = await SharedFeed.create({
      service,
      database: db,
      databaseUrl,
      redisUrl: redis.url,
      keyPrefix,
      log: quiet,
      leaderIntervalMs: 200,
    });
    await service.start();
    await feed.start();
    const server = { name, db, sim, service, feed };
    servers.push(server);
    return server;
  }

  async function stopServer(server: Server): Promise<void> {
    servers.splice(servers.indexOf(server), 1);
    await server.feed.stop();
    await server.service.stop();
    await server.db.close();
  }

  /** One step of the shared world: every server's simulator moves on together. */
  function step(ms = 5_000, sims = servers.map((s) => s.sim)): void {
    for (const sim of sims) sim.run(ms);
  }

  async function settled(): Promise<void> {
    await waitFor('a leader', () => servers.some((s) => s.feed.state().leader));
    const leader = servers.find((s) => s.feed.state().leader) as Server;
    await waitFor('the stream to be appended', () => leader.feed.state().queued === 0);
    const head = leader.feed.state().head;
    expect(await stream.last()).toBe(head);
    await waitFor('every server to reach the end of the stream', () =>
      servers.every((s) => s.feed.state().position === head),
    );
  }

  beforeAll(async () => {
    schema = await createTestSchema();
    const url = new URL(testDatabaseUrl());
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    const db = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema });
    await migrate(db);
    await db.close();
    redis = await OwnRedis.start();
    keyPrefix = testKeyPrefix('shared-feed');
    stream = new FeedStream({ url: redis.url, keyPrefix });
    await stream.connect();
  }, 60_000);

  afterAll(async () => {
    for (const server of [...servers]) await stopServer(server);
    await stream?.close();
    await redis?.stop();
    if (schema) await dropTestSchema(schema);
  }, 30_000);

  it('has exactly one leader, and clients of both servers get the same deltas in the same order', async () => {
    const a = await startServer('a');
    await waitFor('a to lead', () => a.feed.state().leader);
    const b = await startServer('b');
    // b's simulator joins the world where a's stands.
    b.sim.run(a.sim.time - b.sim.time);
    const ca = client(a);
    const cb = client(b);
    for (let i = 0; i < 12; i++) step();
    await settled();
    expect(servers.filter((s) => s.feed.state().leader).map((s) => s.name)).toEqual(['a']);
    const da = ca.socket.deltas();
    expect(da.length).toBeGreaterThan(5);
    expect(da.flatMap((m) => m.changes ?? []).some((c) => c.kind === 'odds')).toBe(true);
    // The same changes with the same positions (resume tokens) on both servers.
    const strip = (ms: Message[]) => ms.map((m) => ({ resume: m.resume, changes: m.changes }));
    expect(strip(cb.socket.deltas())).toEqual(strip(da));
    // Both read models agree with the provider.
    const snapshot = a.sim.snapshot();
    for (const server of [a, b]) {
      for (const game of snapshot.games) {
        const entry = server.service.model.games.get(game.id);
        expect(entry?.game.status, `${server.name} ${game.id}`).toBe(game.status);
        for (const market of snapshot.markets[game.id] ?? [])
          for (const o of market.outcomes) expect(entry?.outcomeById.get(o.id)?.outcome.odds).toBe(o.odds);
      }
    }
    // Every provider event is in the stream once, in order.
    const entries = await stream.range(0, 100_000);
    const seqs = entries.flatMap((e) => e.events.map((ev) => ev.seq));
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => (entries[0]?.seq ?? 0) + i));
  }, 60_000);

  it('resumes a client on the other server from its token: nothing missed, nothing twice', async () => {
    const [a, b] = servers as [Server, Server];
    const stays = client(a);
    const leaves = client(a);
    step();
    await settled();
    const token = leaves.socket.deltas().at(-1)?.resume ?? leaves.socket.messages[0]?.resume;
    expect(token).toMatch(/\.\d+$/);
    const seen = stays.socket.deltas().length;
    leaves.connection.deliverEntry = () => undefined; // disconnected: receives nothing more
    for (let i = 0; i < 6; i++) step();
    await settled();
    // Reconnects to b with its token.
    const socket = new FakeSocket();
    const again = new PushConnection(socket, feedFilterFor({}), b.service.model, b.feed.hub);
    b.feed.hub.add(again);
    again.hello();
    again.command(JSON.stringify({ op: 'subscribe', live: true, resume: token }));
    expect(socket.messages.find((m) => m.type === 'subscribed')?.resumed).toBe(true);
    step();
    await settled();
    const expected = stays.socket.deltas().slice(seen);
    expect(expected.length).toBeGreaterThan(3);
    const strip = (ms: Message[]) => ms.map((m) => ({ resume: m.resume, changes: m.changes }));
    expect(strip(socket.deltas())).toEqual(strip(expected));
    // A token of another numbering, or one too old, cannot resume: the client is told to refetch.
    const stranger = new FakeSocket();
    const c = new PushConnection(stranger, feedFilterFor({}), b.service.model, b.feed.hub);
    c.command(JSON.stringify({ op: 'subscribe', live: true, resume: 'elsewhere.12' }));
    expect(stranger.messages.at(-1)).toMatchObject({ type: 'subscribed', resumed: false });
  }, 60_000);

  it('merges a slow client’s deltas (latest odds per outcome) instead of queueing them, and catches it up', async () => {
    const [a] = servers as [Server];
    const fast = client(a);
    const slow = client(a);
    const before = slow.socket.messages.length;
    // Its socket holds 100 KB unsent: over the conflation threshold, under the cut-off.
    slow.socket.bufferedAmount = 100 * 1024;
    for (let i = 0; i < 6; i++) step();
    await settled();
    expect(slow.socket.messages.length).toBe(before); // nothing sent while its socket is full
    slow.socket.bufferedAmount = 0;
    await waitFor('the merged delta', () => slow.socket.messages.length > before);
    const merged = slow.socket.messages.slice(before);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ type: 'delta', conflated: true, resume: fast.socket.deltas().at(-1)?.resume });
    // The merged delta leaves the client with the fast one's latest odds per outcome.
    const latest = (ms: Message[]) => {
      const odds = new Map<string, number | undefined>();
      for (const m of ms) for (const c of m.changes ?? []) if (c.kind === 'odds') odds.set(c.outcomeId ?? '', c.new);
      return odds;
    };
    const fastOdds = latest(fast.socket.deltas());
    const slowOdds = latest(merged);
    expect(slowOdds.size).toBeGreaterThan(0);
    expect(slowOdds).toEqual(fastOdds);
  }, 60_000);

  it('hands the lead over when the leader stops: the stream goes on with no event lost or doubled', async () => {
    const [a, b] = servers as [Server, Server];
    const watcher = client(b);
    step();
    await settled();
    const stoppedAt = Date.now();
    await stopServer(a);
    step(5_000, [b.sim]);
    await waitFor('b to lead', () => b.feed.state().leader, 5_000);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    for (let i = 0; i < 4; i++) step();
    await settled();
    const entries = await stream.range(0, 100_000);
    const seqs = entries.flatMap((e) => e.events.map((ev) => ev.seq));
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
    expect(seqs.at(-1)).toBe(b.sim.snapshot().seq);
    expect(new Set(entries.map((e) => e.epoch)).size).toBe(2);
    expect(watcher.socket.messages.filter((m) => m.type === 'resync')).toEqual([]);
    expect(watcher.socket.deltas().length).toBeGreaterThan(2);
  }, 60_000);

  it('resumes on a server started later; marks live odds stale while Redis is down and recovers without a restart', async () => {
    const b = servers[0] as Server;
    // A client of b leaves with its token before c starts; c, once started, resumes it from the stream's latest.
    const early = client(b);
    step();
    await settled();
    const token = early.socket.deltas().at(-1)?.resume as string;
    const seen = early.socket.deltas().length;
    step();
    await settled();
    const c = await startServer('c');
    c.sim.run(b.sim.time - c.sim.time);
    await settled();
    const moved = new FakeSocket();
    const onNew = new PushConnection(moved, feedFilterFor({}), c.service.model, c.feed.hub);
    c.feed.hub.add(onNew);
    onNew.command(JSON.stringify({ op: 'subscribe', live: true, resume: token }));
    expect(moved.messages[0]).toMatchObject({ type: 'subscribed', resumed: true });
    const strip = (ms: Message[]) => ms.map((m) => ({ resume: m.resume, changes: m.changes }));
    expect(strip(moved.deltas())).toEqual(strip(early.socket.deltas().slice(seen)));
    expect(moved.deltas().length).toBeGreaterThan(0);
    const onB = client(b);
    const onC = client(c);
    const gamesBefore = c.service.model.games.size;
    await redis.stop();
    await waitFor('both servers to see the outage', () => b.feed.state().stale && c.feed.state().stale);
    for (const socket of [onB.socket, onC.socket])
      expect(socket.messages.filter((m) => m.type === 'status').at(-1)).toMatchObject({ stale: true });
    // The feed keeps moving on the leader; the follower keeps its last known odds to serve.
    const downUntil = Date.now() + 10_000;
    while (Date.now() < downUntil) {
      step();
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(c.service.model.games.size).toBe(gamesBefore);
    await redis.start(); // empty: a restarted cache
    await waitFor('both servers to follow again', () => !b.feed.state().stale && !c.feed.state().stale, 10_000);
    step();
    await settled();
    // What /health shows: each server read the stream just now, and the last entry reached it within the bound.
    for (const server of [b, c]) {
      const state = server.feed.state();
      expect(state.sinceReadMs).toBeLessThan(STREAM_STALE_MS);
      expect(state.lagMs).toBeLessThan(STREAM_STALE_MS);
    }
    expect([b.feed.state().leader, c.feed.state().leader].filter(Boolean)).toHaveLength(1);
    for (const socket of [onB.socket, onC.socket])
      expect(socket.messages.filter((m) => m.type === 'status').at(-1)).toMatchObject({ stale: false });
    // The follower caught up with everything the leader did meanwhile.
    const snapshot = b.sim.snapshot();
    const differing: string[] = [];
    for (const game of snapshot.games) {
      const entry = c.service.model.games.get(game.id);
      for (const market of snapshot.markets[game.id] ?? [])
        for (const o of market.outcomes) {
          const odds = entry?.outcomeById.get(o.id)?.outcome.odds;
          if (odds !== o.odds) differing.push(`${o.id}: ${odds} where the world has ${o.odds}`);
        }
    }
    // All of them, with who led and where each server stood: a CI run once saw one outcome a tick behind.
    const where = [b, c].map(
      (s) => `${s.name} ${s.feed.state().leader ? 'leads' : 'follows'} at ${s.feed.state().position}`,
    );
    expect(differing, `the follower's odds (${where.join(', ')})`).toEqual([]);
    expect(strip(onC.socket.deltas())).toEqual(strip(onB.socket.deltas()));
  }, 90_000);
});
