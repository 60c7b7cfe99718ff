import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggerOptions } from '@tessera/server/http';
import { buildTestApp, fixtureBrandsDir, loadFixtureRegistry } from './testing/test-app';

describeEachDatabase('security defaults', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, { rateLimitPerMinute: 20 });
    // A state-changing route stands in for the auth and betting routes of later issues.
    app.post('/web-api/echo', async (request) => ({ received: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the security headers on API answers and pages, with the brand frame-ancestors', async () => {
    for (const url of ['/web-api/site-config', '/ru']) {
      const res = await app.inject({ url, headers: { host: 'northbet.example', 'x-forwarded-for': '10.0.0.1' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' https://partner.example");
    }
    const sunplay = await app.inject({ url: '/web-api/site-config', headers: { host: 'sunplay.example' } });
    expect(sunplay.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
  });

  it('item 20: puts a fresh nonce for scripts and styles in the policy of pages only, the one they carry', async () => {
    const headers = { host: 'northbet.example' };
    const json = await app.inject({ url: '/web-api/site-config', headers });
    expect(json.headers['content-security-policy']).toContain("script-src 'self';");
    expect(json.headers['content-security-policy']).toContain("style-src 'self';");
    expect(json.headers['content-security-policy']).not.toContain('nonce-');
    const pages = [await app.inject({ url: '/ru', headers }), await app.inject({ url: '/ru', headers })];
    const nonces = pages.map((page) => {
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(page.body).toContain(`nonce="${nonce}"`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("item 20: a brand's pages and API answers allow exactly its captcha provider's origins", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-captcha-csp-'));
    fs.cpSync(fixtureBrandsDir, dir, { recursive: true });
    const setCaptcha = (brand: string, captcha: object) => {
      const file = path.join(dir, brand, 'brand.json');
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), captcha }));
    };
    setCaptcha('northbet', { type: 'hcaptcha', publicKey: '10000000-ffff-ffff-ffff-000000000001' });
    setCaptcha('sunplay', { type: 'grecaptcha', publicKey: 'site-key' });
    fs.writeFileSync(
      path.join(dir, 'sunplay', 'server.json'),
      JSON.stringify({ captcha: { secretKeyEnv: 'SUNPLAY_CAPTCHA_SECRET' } }),
    );
    const registry = await loadFixtureRegistry(dir);
    const environment = { NORTHBET_CAPTCHA_SECRET: 'north-secret', SUNPLAY_CAPTCHA_SECRET: 'sun-secret' };
    const captchaApp = await buildTestApp(ctx.db, { brandRegistry: registry, environment });
    // A server without the provider's secret serves the built-in captcha instead (ADR 0210): no outside origin then.
    const noSecretApp = await buildTestApp(ctx.db, { brandRegistry: registry, environment: {} });
    try {
      for (const url of ['/web-api/site-config', '/']) {
        const north = String(
          (await captchaApp.inject({ url, headers: { host: 'northbet.example' } })).headers['content-security-policy'],
        );
        expect(north).toMatch(
          /script-src 'self'( 'nonce-[^']+')? https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com;/,
        );
        expect(north).toContain("frame-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
        expect(north).toContain("connect-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
        expect(north).not.toContain('google');
        const sun = String(
          (await captchaApp.inject({ url, headers: { host: 'sunplay.example' } })).headers['content-security-policy'],
        );
        expect(sun).toMatch(
          /script-src 'self'( 'nonce-[^']+')? https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
        );
        expect(sun).toContain(
          "frame-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
        );
        expect(sun).not.toContain('hcaptcha');
      }
      // Without a captcha provider (the fixture brands as they are), or without its secret, no outside origin is allowed.
      const plain = String(
        (await app.inject({ url: '/', headers: { host: 'northbet.example' } })).headers['content-security-policy'],
      );
      expect(plain).not.toMatch(/hcaptcha|google/);
      const noSecret = String(
        (await noSecretApp.inject({ url: '/', headers: { host: 'northbet.example' } })).headers[
          'content-security-policy'
        ],
      );
      expect(noSecret).not.toMatch(/hcaptcha|google/);
    } finally {
      await captchaApp.close();
      await noSecretApp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps a proxy request id, or makes one, and returns it', async () => {
    const kept = await app.inject({ url: '/health', headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const fresh = await app.inject({ url: '/health', headers: { 'x-request-id': 'bad\nid' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts a state-changing request from the same origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/web-api/echo',
      headers: { host: 'northbet.example', origin: 'https://northbet.example', cookie: 'session=1' },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { a: 1 } });
  });

  it('refuses a cross-site state-changing request with 403 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/web-api/echo',
      headers: { host: 'northbet.example', origin: 'https://evil.example', cookie: 'session=1' },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Cross-site request refused',
      detail: 'State-changing requests must come from the site itself',
    });
  });

  it('refuses a cookie-carrying request with no origin information, but not a cookie-less API client', async () => {
    const withCookie = await app.inject({
      method: 'POST',
      url: '/web-api/echo',
      headers: { host: 'northbet.example', cookie: 'session=1' },
      payload: {},
    });
    expect(withCookie.statusCode).toBe(403);
    const apiClient = await app.inject({
      method: 'POST',
      url: '/web-api/echo',
      headers: { host: 'northbet.example' },
      payload: {},
    });
    expect(apiClient.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/web-api/echo',
      headers: { host: 'northbet.example', origin: 'https://northbet.example', 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('limits the request rate per client with 429 in the error shape, probes excepted', async () => {
    const client = { host: 'northbet.example', 'x-forwarded-for': '10.0.0.9' };
    let last = await app.inject({ url: '/web-api/site-config', headers: client, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 20; i += 1) {
      last = await app.inject({ url: '/web-api/site-config', headers: client, remoteAddress: '10.9.9.9' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('Too many requests');
    expect(last.headers['retry-after']).toBeDefined();
    const probe = await app.inject({ url: '/health', remoteAddress: '10.9.9.9' });
    expect(probe.statusCode).toBe(200);
  });

  it('answers an unexpected fault with 500, a reference and no internals', async () => {
    const failing = await buildTestApp(ctx.db);
    failing.get('/web-api/fail', async () => {
      throw new Error('password=hunter2 at repository.ts:7');
    });
    try {
      const res = await failing.inject({ url: '/web-api/fail' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: 'Internal server error',
        detail: `Reference ${res.headers['x-request-id']}`,
      });
    } finally {
      await failing.close();
    }
  });

  it('writes structured JSON logs with the request id and never a cookie or credential', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const base = loggerOptions('production') as object;
    const logged = await buildTestApp(ctx.db, { logger: { ...base, stream } });
    try {
      const res = await logged.inject({
        url: '/web-api/site-config?brand=sunplay',
        headers: {
          host: 'localhost',
          cookie: 'session=s3cr3t-cookie',
          authorization: 'Bearer s3cr3t-token',
          'x-request-id': 'trace-7',
        },
      });
      expect(res.statusCode).toBe(200);
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const forRequest = entries.filter((e) => e['reqId'] === 'trace-7');
      expect(forRequest.map((e) => e['msg'])).toEqual(['incoming request', 'request completed']);
      expect(lines.join('\n')).not.toMatch(/s3cr3t|tessera_brand=/);
    } finally {
      await logged.close();
    }
  });
});
