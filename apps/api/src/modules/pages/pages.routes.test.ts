import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';

function makeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-client-'));
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        css: ['assets/index-abc123.css'],
        imports: ['_vendor.js'],
      },
      '_vendor.js': { file: 'assets/vendor-def456.js', css: ['assets/vendor-def456.css'] },
    }),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'index.html'), '<html>unrendered template</html>');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describeEachDatabase('site pages', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, { clientDir: makeClientDir() });
    await app.ready();
  });
  afterAll(() => app.close());

  const northbet = { host: 'northbet.example' };

  it('server-renders a brand page with its language, the nonce and the client entry', async () => {
    const res = await app.inject({ url: '/en/live', headers: northbet });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en"><body><header>northbet</header>');
    expect(res.body).toContain('/assets/index-abc123.js|/en/live');
    const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('redirects / to the brand default language', async () => {
    const res = await app.inject({ url: '/', headers: northbet });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ru/');
    const sunplay = await app.inject({ url: '/', headers: { host: 'sunplay.example' } });
    expect(sunplay.headers.location).toBe('/en/');
  });

  it('redirects a path without a language, or with one the brand does not allow, to the default language', async () => {
    expect((await app.inject({ url: '/casino?tab=slots', headers: northbet })).headers.location).toBe(
      '/ru/casino?tab=slots',
    );
    const notAllowed = await app.inject({ url: '/tr/casino', headers: northbet });
    expect(notAllowed.statusCode).toBe(302);
    expect(notAllowed.headers.location).toBe('/ru/casino');
  });

  it('keeps the development override through the redirect and remembers it', async () => {
    const res = await app.inject({ url: '/?brand=sunplay', headers: { host: 'localhost:4200' } });
    expect(res.headers.location).toBe('/en/?brand=sunplay');
    expect(String(res.headers['set-cookie'])).toMatch(/^tessera_brand=sunplay;/);
    const page = await app.inject({
      url: '/en',
      headers: { host: 'localhost:4200' },
      cookies: { tessera_brand: 'sunplay' },
    });
    expect(page.body).toContain('<header>sunplay</header>');
  });

  it('answers an unknown brand with a 404 page that names nothing internal', async () => {
    const res = await app.inject({ url: '/en', headers: { host: 'localhost' }, query: { brand: 'ghost' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Site not found');
    expect(res.body).not.toContain('ghost');
    expect(res.body).not.toContain('northbet');
  });

  it('answers a file-like path with a 404 page instead of a redirect', async () => {
    const res = await app.inject({ url: '/wp-login.php', headers: northbet });
    expect(res.statusCode).toBe(404);
  });

  it('redirects a country the brand does not serve to its default country', async () => {
    const res = await app.inject({ url: '/en/line?country=de&x=1', headers: northbet });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/line?country=kz&x=1');
  });

  it('renders with a served ?country= and remembers it', async () => {
    const res = await app.inject({ url: '/en?country=ru', headers: northbet });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^tessera_country=ru;/);
  });

  it('answers a crashing render with a 500 page in the brand language, no stack trace', async () => {
    const crashing = await buildTestApp(ctx.db, {
      render: async () => {
        throw new Error('secret internals at render.tsx:12');
      },
    });
    try {
      const res = await crashing.inject({ url: '/en', headers: northbet });
      expect(res.statusCode).toBe(500);
      // errors:page.message500 of the platform dictionary (fixtures/platform-locales/<lng>/errors.json).
      expect(res.body).toContain('The page could not be shown because of an error on our side.');
      expect(res.body).not.toContain('secret internals');
      const russian = await crashing.inject({ url: '/ru', headers: northbet });
      expect(russian.statusCode).toBe(500);
      expect(russian.body).toContain('Страница не может быть показана из-за ошибки на нашей стороне.');
      expect(russian.body).toContain('<html lang="ru"');
    } finally {
      await crashing.close();
    }
  });

  it('follows a redirect the render asks for', async () => {
    const redirecting = await buildTestApp(ctx.db, {
      render: async () => ({ status: 301, html: '', redirect: '/ru/line' }),
    });
    try {
      const res = await redirecting.inject({ url: '/ru/old-line', headers: northbet });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/ru/line');
    } finally {
      await redirecting.close();
    }
  });

  it('serves hashed client files with immutable caching and other files briefly', async () => {
    const hashed = await app.inject({ url: '/assets/index-abc123.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never serves the unrendered index.html, the manifest, or a missing asset as a page', async () => {
    expect((await app.inject({ url: '/index.html', headers: northbet })).body).not.toContain('unrendered template');
    expect((await app.inject({ url: '/.vite/manifest.json', headers: northbet })).statusCode).toBe(404);
    const missing = await app.inject({ url: '/assets/gone-000.js', headers: northbet });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ url: '/web-api/nothing-here', headers: northbet });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
