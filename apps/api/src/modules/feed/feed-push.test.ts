import { describeEachDatabase } from '@tessera/server/db';
import type { FeedSimulator } from '@tessera/server/feed-simulator';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { feedApiSchemas, feedSchema } from '@tessera/server/feed';
import { buildFeedTestApp, smallSimulator } from './testing/feed-test-app';

const ajv = new Ajv({ allErrors: true, strict: false });
for (const schema of feedApiSchemas()) ajv.addSchema(schema);

interface Message {
  type: string;
  seq: number;
  version?: number;
  changes?: Array<{ kind: string; gameId: number; old?: number; new?: number; outcomeId?: string }>;
  games?: number[];
  live?: boolean;
  message?: string;
}

/** A push client that collects messages and can wait for the next one matching a test. */
class Client {
  readonly messages: Message[] = [];
  private waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as Message;
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (w.test(m)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(m);
        }
      }
    });
  }

  static async open(url: string): Promise<Client> {
    // A page of the site itself: the channel admits its own origin only (item 19 of issue 12).
    const ws = new WebSocket(url, { origin: new URL(url).origin.replace(/^ws/, 'http') });
    const client = new Client(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  next(test: (m: Message) => boolean = () => true): Promise<Message> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  send(command: unknown): void {
    this.ws.send(JSON.stringify(command));
  }
}

const CYBER = new Set([40, 85, 86, 97, 4046]);

describeEachDatabase('feed push channel', (ctx) => {
  let sim: FeedSimulator;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    sim = smallSimulator(11);
    ({ app } = await buildFeedTestApp(ctx.db, sim));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
  });
  afterAll(() => app.close());

  it('greets, confirms a subscription and delivers odds deltas with old and new odds after a simulated change', async () => {
    const client = await Client.open(`${base}/service-api/feed/push?brand=feedbet`);
    const hello = await client.next((m) => m.type === 'hello');
    expect(hello).toMatchObject({ type: 'hello', seq: 1, maxGames: 200 });
    client.send({ op: 'subscribe', live: true });
    expect(await client.next((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      seq: 2,
      games: [],
      live: true,
    });

    const batch = sim.run(30_000);
    expect(batch.events.some((e) => e.type === 'odds.changed')).toBe(true);
    const delta = await client.next((m) => m.type === 'delta' && (m.changes ?? []).some((c) => c.kind === 'odds'));
    expect(ajv.validate(feedSchema('feed-push-message').$id, delta)).toBe(true);
    expect(delta.seq).toBe(3);
    const odds = delta.changes?.find((c) => c.kind === 'odds');
    const event = batch.events.find((e) => e.type === 'odds.changed' && e.outcomeId === odds?.outcomeId);
    expect(event).toMatchObject({ oldOdds: expect.any(Number), newOdds: odds?.new });
    expect(odds?.old).not.toBe(odds?.new);
    // Sequence numbers have no gaps, so a client can tell a lost message from a quiet feed.
    expect(client.messages.map((m) => m.seq)).toEqual(client.messages.map((_, i) => i + 1));
    client.ws.close();
  });

  it('sends only the games a client follows', async () => {
    const live = sim.snapshot().games.filter((g) => g.status === 'live');
    const followed = live[0]?.id ?? 0;
    const client = await Client.open(`${base}/service-api/feed/push?brand=feedbet`);
    await client.next((m) => m.type === 'hello');
    client.send({ op: 'subscribe', games: [followed] });
    await client.next((m) => m.type === 'subscribed');
    sim.run(120_000);
    const delta = await client.next((m) => m.type === 'delta');
    const games = new Set(
      client.messages
        .filter((m) => m.type === 'delta')
        .flatMap((m) => m.changes ?? [])
        .map((c) => c.gameId),
    );
    expect([...games]).toEqual([followed]);
    expect(delta.changes?.length).toBeGreaterThan(0);
    client.ws.close();
  });

  it('never sends a brand changes of sports it hides', async () => {
    const client = await Client.open(`${base}/service-api/feed/push?brand=nocyber`);
    await client.next((m) => m.type === 'hello');
    const cyberLive = sim
      .snapshot()
      .games.filter((g) => g.status === 'live' && CYBER.has(g.sportId))
      .map((g) => g.id);
    client.send({ op: 'subscribe', live: true, games: cyberLive });
    await client.next((m) => m.type === 'subscribed');
    sim.run(120_000);
    await client.next((m) => m.type === 'delta');
    const sent = client.messages
      .flatMap((m) => m.changes ?? [])
      .map((c) => sim.snapshot().games.find((g) => g.id === c.gameId)?.sportId);
    expect(sent.filter((sport) => sport !== undefined && CYBER.has(sport))).toEqual([]);
    client.ws.close();
  });

  it('answers bad commands with an error message and keeps the connection', async () => {
    const client = await Client.open(`${base}/service-api/feed/push?brand=feedbet`);
    await client.next((m) => m.type === 'hello');
    client.send({ op: 'subscribe', games: ['x'] });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      seq: 2,
      message: 'games must be an array of positive integer game ids',
    });
    client.ws.send('not json');
    expect(await client.next((m) => m.type === 'error' && m.seq === 3)).toMatchObject({
      message: 'commands are JSON objects',
    });
    client.send({ op: 'subscribe', games: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(await client.next((m) => m.seq === 4)).toMatchObject({
      type: 'error',
      message: 'at most 200 games per connection',
    });
    client.send({ op: 'ping' });
    expect(await client.next((m) => m.seq === 5)).toEqual({ type: 'pong', seq: 5 });
    client.ws.close();
  });

  it('closes the channel for an unknown site', async () => {
    const ws = new WebSocket(`${base}/service-api/feed/push?brand=nosuchbrand`, {
      headers: { host: 'unknown.example' },
    });
    const code = await new Promise<number>((resolve) => ws.once('close', (c: number) => resolve(c)));
    expect(code).toBe(4404);
  });
});
