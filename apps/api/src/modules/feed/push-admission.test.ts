import type { AddressInfo } from 'node:net';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import { feedBrandsDir, smallSimulator } from './testing/feed-test-app';

/** The outcome of one handshake: open (with its socket) or refused with an HTTP status. */
type Handshake = { open: true; ws: WebSocket } | { open: false; status: number; body: string };

function handshake(url: string, headers: Record<string, string>, origin?: string): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, ...(origin ? { origin } : {}) });
    ws.once('open', () => resolve({ open: true, ws }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ open: false, status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (error) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

function closed(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) resolve();
    else ws.once('close', () => resolve());
    ws.close();
  });
}

describeEachDatabase('live feed push channel in production', (ctx) => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      mode: 'production',
      brandsDir: feedBrandsDir,
      brandRegistry: await loadFixtureRegistry(feedBrandsDir),
      rateLimitPerMinute: 100_000,
      feed: { provider: smallSimulator(5), flushIntervalMs: 60_000, pushConnectionsPerAddress: 3 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const url = () => `ws://127.0.0.1:${port}/service-api/feed/push`;
  const site = { host: 'feedbet.example' };

  it("item 19: admits only the brand's own https origins, refusing others before the upgrade with 403 in the error shape", async () => {
    for (const origin of [
      'https://evil.example',
      'http://feedbet.example',
      'https://nocyber.example',
      'https://feedbet.example.evil.example',
      undefined,
    ]) {
      const refused = await handshake(url(), site, origin);
      expect(refused.open, `origin ${origin}`).toBe(false);
      if (!refused.open) {
        expect(refused.status).toBe(403);
        expect(JSON.parse(refused.body)).toEqual({
          message: 'Origin not allowed',
          detail: "The live feed is open to the site's own pages only",
        });
      }
    }
    const admitted = await handshake(url(), site, 'https://feedbet.example');
    expect(admitted.open).toBe(true);
    if (admitted.open) await closed(admitted.ws);
  });

  it('item 19: on a development host (the brand override of localhost) the page of that same host is admitted', async () => {
    const local = await handshake(
      `ws://localhost:${port}/service-api/feed/push?brand=feedbet`,
      {},
      `http://localhost:${port}`,
    );
    expect(local.open).toBe(true);
    if (local.open) await closed(local.ws);
    const other = await handshake(
      `ws://localhost:${port}/service-api/feed/push?brand=feedbet`,
      {},
      'http://localhost:9999',
    );
    expect(other.open).toBe(false);
  });

  it('item 19: caps the open connections per address, refusing one over the cap with 429, and frees a place on close', async () => {
    const origin = 'https://feedbet.example';
    const open: WebSocket[] = [];
    for (let i = 0; i < 3; i += 1) {
      const shake = await handshake(url(), site, origin);
      expect(shake.open).toBe(true);
      if (shake.open) open.push(shake.ws);
    }
    const over = await handshake(url(), site, origin);
    expect(over.open).toBe(false);
    if (!over.open) {
      expect(over.status).toBe(429);
      expect(JSON.parse(over.body).message).toBe('Too many live connections');
    }
    await closed(open.pop() as WebSocket);
    // The server sees the close a moment later.
    await new Promise((r) => setTimeout(r, 200));
    const again = await handshake(url(), site, origin);
    expect(again.open).toBe(true);
    if (again.open) open.push(again.ws);
    await Promise.all(open.map(closed));
  });
});
