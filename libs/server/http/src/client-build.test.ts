import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, registerClientBuild, SHORT_CACHE } from './client-build';

const script = 'export const odds = [1.5, 2.25, 3.1];\n'.repeat(100);

function clientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-client-build-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), script);
  // The build's own Brotli form (precompress.mjs); no .gz, so the server makes one.
  fs.writeFileSync(path.join(dir, 'assets', 'entry-abc.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-def.css'), 'a{}');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  fs.writeFileSync(path.join(dir, 'index.html'), '<html>unrendered</html>');
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

describe('the client build served from memory (issue 12, item 17)', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = clientBuild();
    app = Fastify();
    expect(registerClientBuild(app, dir)).toBe(3);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('answers Brotli, gzip or the plain file as the client accepts, and says it varies on that', async () => {
    const br = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/entry-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps small files plain, caches hashed assets for a year and other files briefly', async () => {
    const css = await get('/assets/tiny-def.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const robots = await get('/robots.txt');
    expect(robots.body).toBe('User-agent: *');
    expect(robots.headers['cache-control']).toBe(SHORT_CACHE);
  });

  it('answers 304 to a client holding the same file, and HEAD without a body', async () => {
    const first = await get('/assets/entry-abc.js');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/assets/entry-abc.js', { 'if-none-match': `W/${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/assets/entry-abc.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('never serves the unrendered shell, the manifest or the compressed files by their own names', async () => {
    for (const url of ['/index.html', '/.vite/manifest.json', '/assets/entry-abc.js.br']) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });

  it('does no file system work per request: a file removed after start-up is still served', async () => {
    fs.rmSync(path.join(dir, 'assets', 'entry-abc.js'));
    const res = await get('/assets/entry-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(script);
  });
});
