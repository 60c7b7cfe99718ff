import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';

describeEachDatabase('brand assets', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it("serves a valid brand's logo as SVG that cannot run script", async () => {
    const res = await app.inject({ url: '/brand-assets/northbet/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves files in sub-folders of assets/', async () => {
    const res = await app.inject({ url: '/brand-assets/northbet/icons/star.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    '/brand-assets/northbet/../brand.json',
    '/brand-assets/northbet/..%2fbrand.json',
    '/brand-assets/northbet/%2e%2e/server.json',
    '/brand-assets/northbet/icons/..%2f..%2fserver.json',
    '/brand-assets/northbet/.hidden.svg',
    '/brand-assets/northbet/%00logo.svg',
    '/brand-assets/northbet/logo.js',
    '/brand-assets/..%2fnorthbet/logo.svg',
  ])('refuses %s without leaving the assets folder', async (url) => {
    const res = await app.inject({ url });
    // A control character is refused at the request boundary, before the route (docs/adr/0134).
    expect(res.statusCode).toBe(url.includes('%00') ? 400 : 404);
    expect(res.body).not.toContain('NORTHBET_CAPTCHA_SECRET');
    expect(res.body).not.toContain('brandName');
  });

  it('serves nothing of a refused or unknown brand', async () => {
    expect((await app.inject({ url: '/brand-assets/brokenbet/logo.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/brand-assets/nobody/logo.svg' })).statusCode).toBe(404);
  });
});
