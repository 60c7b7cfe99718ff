// The shared feed's push fan-out (issue 18, ADR 0360): one server in shared mode (leader and follower of its own
// Redis Stream on this machine's PostgreSQL and Redis) fed by the bulk odds feed at BENCH_FEED_RATE changes per second,
// BENCH_FEED_CLIENTS WebSocket clients following the live list in a child process. Measures the delta delivery from the
// moment the server publishes a stream position to its arrival at the clients (p50/p99), the provider-to-publish lag,
// what the clients received per second and how much was merged for slow readers, the server's memory per client, and a
// reconnect storm (BENCH_FEED_STORM clients drop and resume with their tokens: how many resumed, time to settle).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, createTestSchema, dropTestSchema, migrate, testDatabaseUrl } from '@tessera/server/db';
import {
  FeedService,
  PUSH_PER_MESSAGE_DEFLATE,
  PushConnection,
  SharedFeed,
  deleteKeys,
  feedFilterFor,
  requireRedis,
  testKeyPrefix,
  testRedisUrl,
} from '@tessera/server/feed';
import { BulkOddsFeed, SimClock } from '@tessera/server/feed-simulator';
import { WebSocketServer } from 'ws';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';
import { percentile } from '../harness/stats';

const AREA = 'feed-cluster';
const here = path.dirname(fileURLToPath(import.meta.url));

/** One line of the area's help. */
export const description =
  'shared feed push: N live WebSocket clients, 5,000 odds changes/s, delivery p50/p99, memory per client, reconnect storm';

/** Client counts to measure in turn (BENCH_FEED_CLIENTS: one number or a comma list, ascending). */
function levelsFrom(name: string, fallback: number): number[] {
  const levels = (process.env[name] ?? String(fallback)).split(',').map((v) => Number(v.trim()));
  if (levels.some((n) => !Number.isInteger(n) || n < 1) || levels.some((n, i) => i > 0 && n <= (levels[i - 1] ?? 0)))
    throw new RangeError(`${name} must be whole numbers of at least 1, ascending`);
  return levels;
}

function intFrom(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a whole number of at least 1`);
  return n;
}

interface Reply {
  op: string;
  [key: string]: unknown;
}

function ask(child: ChildProcess, message: object, answer: string, timeoutMs = 600_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`clients did not answer ${answer}`)), timeoutMs);
    const onMessage = (m: unknown): void => {
      const reply = m as Reply;
      if (reply.op === 'error') {
        clearTimeout(timer);
        child.off('message', onMessage);
        reject(new Error(String(reply['message'])));
      } else if (reply.op === answer) {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(reply);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = (): number => performance.timeOrigin + performance.now();
const heapMb = (): number => {
  global.gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
};

/** Runs the shared-feed push figures. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const levels = levelsFrom('BENCH_FEED_CLIENTS', 10_000);
  const clientsWanted = levels.at(-1) as number;
  const rate = intFrom('BENCH_FEED_RATE', 5_000);
  const stormCount = Math.min(clientsWanted, intFrom('BENCH_FEED_STORM', 5_000));
  const measureMs = intFrom('BENCH_FEED_SECONDS', 10) * 1000;
  // Whether the clients offer permessage-deflate, as browsers do (BENCH_FEED_DEFLATE=0: plain text frames).
  const deflate = process.env['BENCH_FEED_DEFLATE'] !== '0';
  const redisUrl = testRedisUrl();
  try {
    await requireRedis(redisUrl);
  } catch (err) {
    return [notMeasured(AREA, 'delta delivery p99', String(err))];
  }
  const schema = await createTestSchema();
  const keyPrefix = testKeyPrefix('bench-feed-cluster');
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await createPostgresDatabase({ connectionString: testDatabaseUrl(), schema, maxConnections: 4 });
  const clock = new SimClock({ start: Date.now(), speed: 1 });
  const bulk = new BulkOddsFeed({ seed: 7, clock, games: 1000, changesPerSecond: rate });
  const ticker = setInterval(() => bulk.advance(), 100);
  let child: ChildProcess | undefined;
  let feed: SharedFeed | undefined;
  let service: FeedService | undefined;
  const server = http.createServer();
  const figures: Figure[] = [];
  try {
    await migrate(db);
    service = new FeedService({
      database: db,
      provider: bulk,
      followProvider: false,
      writeStreamMark: SharedFeed.writeMark,
    });
    feed = await SharedFeed.create({
      service,
      database: db,
      databaseUrl: url.toString(),
      redisUrl,
      keyPrefix,
      log: { info: () => undefined, error: (o, m) => ctx.log(`feed: ${m}`) },
    });
    await service.start();
    await feed.start();
    const shared = feed;
    const until = Date.now() + 20_000;
    while (!shared.state().leader && Date.now() < until) await sleep(50);
    if (!shared.state().leader) throw new Error('the bench server did not take the feed lead');

    // When each position reached the server's hub from the stream (before its fan-out to the clients, so the latency
    // includes the server's sends), and how far behind the provider's clock.
    const published = new Map<number, number>();
    const lags: number[] = [];
    const model = service.model;
    const hub = shared.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (entry) => {
      published.set(entry.seq, now());
      lags.push(Date.now() - model.feedTime);
      publish(entry);
    };

    const wss = new WebSocketServer({
      server,
      perMessageDeflate: { ...PUSH_PER_MESSAGE_DEFLATE },
      maxPayload: 64 * 1024,
    });
    const filter = feedFilterFor({});
    wss.on('connection', (socket) => {
      const connection = new PushConnection(socket, filter, model, shared.hub);
      const remove = shared.hub.add(connection);
      socket.on('message', (data: Buffer) => connection.command(data.toString('utf8')));
      socket.on('close', remove);
      connection.hello();
    });
    await new Promise<void>((resolve) =>
      // A backlog for thousands of clients connecting at once (the reconnect storm).
      server.listen({ port: Number(process.env['BENCH_FEED_PORT'] ?? 0), host: '127.0.0.1', backlog: 4096 }, resolve),
    );
    const port = (server.address() as { port: number }).port;
    const wsUrl = `ws://127.0.0.1:${port}/`;
    const origin = `http://127.0.0.1:${port}`;

    child = fork(path.join(here, 'clients.ts'), [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => child?.once('message', () => resolve()));
    const rssBefore = heapMb();
    // The server's CPU with no client (the feed itself: provider, PostgreSQL writes, Redis Stream, read model), so
    // the fan-out's own CPU per delivered delta can be told apart from it.
    const idleCpu = process.cpuUsage();
    const idleWall = now();
    await sleep(3_000);
    const idle = process.cpuUsage(idleCpu);
    const idleCores = (idle.user + idle.system) / 1000 / (now() - idleWall);
    ctx.log(`feed-cluster: server CPU with no client ${idleCores.toFixed(2)} cores`);
    let connectedCount = 0;
    for (const level of levels) {
      ctx.log(`feed-cluster: connecting ${level - connectedCount} clients (to ${level})`);
      const connected = await ask(
        child,
        { op: 'connect', url: wsUrl, origin, count: level - connectedCount, deflate },
        'connected',
      );
      connectedCount = level;
      await sleep(2_000);
      const rssAfter = heapMb();
      const perClientKb = ((rssAfter - rssBefore) * 1024) / level;
      ctx.log(`feed-cluster: ${String(connected['clients'])} connected in ${Math.round(Number(connected['ms']))} ms`);

      lags.length = 0;
      published.clear();
      const cpu = process.cpuUsage();
      const wall = now();
      const measured = await ask(child, { op: 'measure', ms: measureMs }, 'measured');
      const used = process.cpuUsage(cpu);
      const elapsed = now() - wall;
      const serverCpu = (used.user + used.system) / 1000 / elapsed;
      // Microseconds of server CPU per delta a client received, above the feed's own (idle) CPU.
      const fanoutUs = (((serverCpu - idleCores) * elapsed) / Math.max(1, Number(measured['deltas']))) * 1000;
      const clientCpu = Number(measured['cpu']);
      const latency = await ask(child, { op: 'latency', published: Object.fromEntries(published) }, 'latency');
      const seconds = measureMs / 1000;
      const deltasPerClient = Number(measured['deltas']) / level / seconds;
      const load = `${level} clients, ${rate} changes/s${deflate ? '' : ', no permessage-deflate'}`;
      ctx.log(
        `feed-cluster: ${load}: p50 ${Math.round(Number(latency['p50']))} ms, p99 ${Math.round(Number(latency['p99']))} ms; server CPU ${serverCpu.toFixed(2)} (${fanoutUs.toFixed(1)} µs per delivered delta), clients CPU ${clientCpu.toFixed(2)} cores; load ${os.loadavg()[0]?.toFixed(1)}`,
      );
      figures.push(
        figure({
          area: AREA,
          name: `delta delivery p50 (${load})`,
          value: Math.round(Number(latency['p50']) * 10) / 10,
          unit: 'ms',
          notes: `read from the stream on the server (before its fan-out) → received by a client; ${String(latency['samples'])} samples`,
        }),
        figure({
          area: AREA,
          name: `delta delivery p99 (${load})`,
          value: Math.round(Number(latency['p99']) * 10) / 10,
          unit: 'ms',
          budget: 200,
          meaning: 'issue 18: p99 within 200 ms at 10,000 clients and 5,000 changes per second',
          notes: `CPU while measuring: server ${serverCpu.toFixed(2)} cores, the load generator (one process, all clients) ${clientCpu.toFixed(2)} cores of 2 on this machine; a load generator near 1.0 is itself the bottleneck`,
        }),
        figure({
          area: AREA,
          name: `server CPU per delivered delta (${load})`,
          value: Math.round(fanoutUs * 10) / 10,
          unit: 'µs',
          notes: `the server's CPU while measuring (${serverCpu.toFixed(2)} cores) less its CPU with no client (${idleCores.toFixed(2)}: the feed itself), per delta a client received; ${Math.round(Number(measured['bytes']) / Math.max(1, Number(measured['deltas'])))} bytes per delta; holds on a busy machine, unlike the latency; load average ${os.loadavg()[0]?.toFixed(1)}`,
        }),
        figure({
          area: AREA,
          name: `provider batch → on the server's hub, p99 (${load})`,
          value: Math.round(percentile(lags, 99)),
          unit: 'ms',
          notes: `p50 ${Math.round(percentile(lags, 50))} ms: leader apply, Redis Stream append, stream read, read model`,
        }),
        figure({
          area: AREA,
          name: `deltas received per client per second (${load})`,
          value: Math.round(deltasPerClient * 10) / 10,
          unit: 'deltas/s',
          better: 'higher',
          notes: `the feed publishes about 10 per second (${rate} changes/s in 100 ms batches); ${String(measured['conflated'])} of ${String(measured['deltas'])} deltas merged for slow readers, ${String(measured['compressed'])} inflated whole by the client; ${Math.round(Number(measured['bytes']) / seconds / 1024 / 1024)} MB/s to all clients${deflate ? ' (compressed)' : ''}`,
        }),
        figure({
          area: AREA,
          name: `server memory per live client (${level} clients)`,
          value: Math.round(perClientKb * 10) / 10,
          unit: 'KB',
          notes: `RSS ${Math.round(rssBefore)} → ${Math.round(rssAfter)} MB for ${level} clients`,
        }),
      );
    }

    ctx.log(`feed-cluster: reconnect storm of ${stormCount}`);
    const storm = await ask(child, { op: 'storm', url: wsUrl, origin, count: stormCount, deflate }, 'stormed');
    figures.push(
      figure({
        area: AREA,
        name: `reconnect storm: ${stormCount} clients resumed and settled`,
        value: Math.round(Number(storm['ms'])),
        unit: 'ms',
        notes: `all answered their resume in ${Math.round(Number(storm['resumedMs']))} ms, then caught up with the newest position (${String(storm['behind'])} still behind after 120 s); ${String(storm['resumed'])} resumed with nothing missed, ${String(storm['notResumed'])} told to refetch; ${String(storm['missed'])} positions seen twice or resyncs; ${String(storm['retries'])} connections refused or reset and tried again`,
      }),
      figure({
        area: AREA,
        name: 'reconnect storm: clients that could not resume',
        value: Number(storm['notResumed']),
        unit: 'clients',
        budget: 0,
      }),
    );
    await ask(child, { op: 'close' }, 'closed').catch(() => undefined);
  } finally {
    clearInterval(ticker);
    child?.kill('SIGKILL');
    await new Promise((r) => server.close(() => r(undefined)));
    await feed?.stop().catch(() => undefined);
    await service?.stop().catch(() => undefined);
    await db.close();
    await dropTestSchema(schema).catch(() => undefined);
    await deleteKeys(redisUrl, keyPrefix).catch(() => undefined);
  }
  return figures;
}
