import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './testing/test-app';

// A page several kilobytes long, as a server render is: the text repeats, as markup does.
const filler = Array.from({ length: 200 }, (_, i) => `<li class="game">Game ${i} — 1.85 3.40 4.20</li>`).join('');

describeEachDatabase('compression', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      render: async (req) => ({
        status: 200,
        html: `<!doctype html><html lang="${req.brand.language}"><body><ul>${filler}</ul></body></html>`,
      }),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const northbet = { host: 'northbet.example' };

  it('sends a page in Brotli to a client that accepts it, smaller, and the same page once decoded', async () => {
    const plain = await app.inject({ url: '/en/live', headers: northbet });
    const res = await app.inject({ url: '/en/live', headers: { ...northbet, 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('falls back to gzip, and sends plain text to a client that accepts no coding', async () => {
    const gzip = await app.inject({ url: '/en/live', headers: { ...northbet, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('Game 199');
    const plain = await app.inject({ url: '/en/live', headers: northbet });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Game 199');
  });

  it('compresses the API answers too, and leaves small ones as they are', async () => {
    const config = await app.inject({
      url: '/web-api/site-config',
      headers: { ...northbet, 'accept-encoding': 'br' },
    });
    expect(config.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(config.headers['content-encoding']);
    const health = await app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
