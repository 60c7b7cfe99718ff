import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccountsApp, testClock } from './modules/auth/testing/accounts-test-kit';
import { buildTestApp } from './testing/test-app';

const TOKEN = 'operator-token-0123456789abcdef0123456789';
const outside = '203.0.113.7';

/** Fastify's tree of every route the app registered (paths without the shared leading slash). */
function routePaths(app: FastifyInstance): string {
  return app.printRoutes({ commonPrefix: false });
}

describeEachDatabase('what a production server exposes', (ctx) => {
  let production: FastifyInstance;
  beforeAll(async () => {
    // The accounts fixture brands: the modules with development routes (outbox, captcha, social sign-in) all register.
    production = await buildAccountsApp(ctx.db, testClock(), { mode: 'production', operatorToken: TOKEN });
    await production.ready();
  }, 120_000);
  afterAll(() => production.close());

  it('item 19: registers nothing under /__dev in production (a test-mode server does)', async () => {
    const testMode = await buildAccountsApp(ctx.db, testClock(), { mode: 'test' });
    try {
      await testMode.ready();
      // The walk finds the development routes where they exist, so finding none below means there are none.
      expect(routePaths(testMode)).toContain('__dev/outbox');
      expect(routePaths(testMode)).toContain('__dev/captcha');
    } finally {
      await testMode.close();
    }
    expect(routePaths(production)).not.toContain('__dev');
    for (const url of ['/__dev/outbox?to=a@b.example', '/__dev/captcha?challenge_id=x', '/__dev/idp/authorize']) {
      const res = await production.inject({ url, headers: { host: 'accountbet.example' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  }, 120_000);

  it('item 19: serves no API docs in production unless switched on', async () => {
    expect(routePaths(production)).not.toContain('api-docs');
    const off = await production.inject({ url: '/api-docs/openapi.json', headers: { host: 'accountbet.example' } });
    expect(off.statusCode).toBe(404);
    const switchedOn = await buildTestApp(ctx.db, { mode: 'production', apiDocs: true });
    try {
      const on = await switchedOn.inject({ url: '/api-docs/openapi.json' });
      expect(on.statusCode).toBe(200);
      expect(on.json().openapi).toBe('3.1.0');
    } finally {
      await switchedOn.close();
    }
  }, 120_000);

  it('item 19: /ready tells everyone ready or not, and only operators (token or loopback) the database and brands', async () => {
    const anyone = await production.inject({ url: '/ready', remoteAddress: outside });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.json()).toEqual({ status: 'ready' });
    const wrongToken = await production.inject({
      url: '/ready',
      remoteAddress: outside,
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrongToken.json()).toEqual({ status: 'ready' });
    for (const request of [
      { remoteAddress: outside, headers: { authorization: `Bearer ${TOKEN}` } },
      { remoteAddress: '127.0.0.1' },
    ]) {
      const operator = await production.inject({ url: '/ready', ...request });
      expect(operator.json()).toMatchObject({
        status: 'ready',
        database: { reachable: true },
        brands: { refused: [] },
      });
      expect(operator.json().brands.valid.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('item 19: the configuration explain endpoint answers operators only, 401 in the error shape to others', async () => {
    const url = '/web-api/site-config/explain?pointer=/global/brandName';
    const headers = { host: 'accountbet.example' };
    const anyone = await production.inject({ url, headers, remoteAddress: outside });
    expect(anyone.statusCode).toBe(401);
    expect(anyone.headers['www-authenticate']).toBe('Bearer');
    expect(anyone.json().message).toBe('Operators only');
    const wrong = await production.inject({
      url,
      headers: { ...headers, authorization: 'Bearer wrong' },
      remoteAddress: outside,
    });
    expect(wrong.statusCode).toBe(401);
    const operator = await production.inject({
      url,
      headers: { ...headers, authorization: `Bearer ${TOKEN}` },
      remoteAddress: outside,
    });
    expect(operator.statusCode).toBe(200);
    expect(operator.json()).toHaveProperty('layer');
    // Behind a proxy every request may come from loopback: one that came through it (a forwarding header) is not an operator's.
    const proxied = await buildAccountsApp(ctx.db, testClock(), { mode: 'production', trustProxy: true });
    try {
      const viaProxy = await proxied.inject({
        url,
        headers: { ...headers, 'x-forwarded-for': '127.0.0.1' },
        remoteAddress: '127.0.0.1',
      });
      expect(viaProxy.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});
