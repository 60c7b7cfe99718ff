import { describeEachDatabase } from '@tessera/server/db';
import { gunzipSync } from 'node:zlib';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSchema, apiSchemas } from '@tessera/server/http';
import { buildTestApp } from '../../testing/test-app';

describeEachDatabase('site configuration routes', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('delivers the brand chosen by Host, without port, in its default country and language', async () => {
    const res = await app.inject({ url: '/web-api/site-config', headers: { host: 'northbet.example:4200' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ brand: { id: 'northbet', name: 'NorthBet' }, country: 'kz', language: 'ru' });
    expect(body.config.global.brandName).toBe('NorthBet');
    expect(body.dictionary.common.greeting).toBe('Привет');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers in the shape of its published schema', async () => {
    const ajv = new Ajv({ strict: false });
    for (const schema of apiSchemas()) ajv.addSchema(schema);
    const res = await app.inject({ url: '/web-api/site-config?lng=en', headers: { host: 'sunplay.example' } });
    expect(ajv.validate(apiSchema('site-config-response').$id, res.json())).toBe(true);
  });

  it('answers 304 to a client that already holds the same configuration', async () => {
    const first = await app.inject({ url: '/web-api/site-config?lng=en', headers: { host: 'northbet.example' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await app.inject({
      url: '/web-api/site-config?lng=en',
      headers: { host: 'northbet.example', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({
      url: '/web-api/site-config?lng=kk',
      headers: { host: 'northbet.example', 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends the configuration gzipped to a client that accepts it, the same bytes as the plain answer, under one validator', async () => {
    const plain = await app.inject({ url: '/web-api/site-config?lng=en', headers: { host: 'northbet.example' } });
    const zipped = await app.inject({
      url: '/web-api/site-config?lng=en',
      headers: { host: 'northbet.example', 'accept-encoding': 'br, gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('lets Host win over the development override', async () => {
    const res = await app.inject({ url: '/web-api/site-config?brand=sunplay', headers: { host: 'northbet.example' } });
    expect(res.json().brand.id).toBe('northbet');
  });

  it('chooses a brand with ?brand= and remembers it in a secure, httpOnly cookie', async () => {
    const res = await app.inject({ url: '/web-api/site-config?brand=sunplay', headers: { host: 'localhost:4200' } });
    expect(res.json().brand.id).toBe('sunplay');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^tessera_brand=sunplay;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const next = await app.inject({
      url: '/web-api/site-config',
      headers: { host: 'localhost:4200' },
      cookies: { tessera_brand: 'sunplay' },
    });
    expect(next.json().brand.id).toBe('sunplay');
  });

  it('falls back to the first valid brand on a development host', async () => {
    const res = await app.inject({ url: '/web-api/site-config', headers: { host: '127.0.0.1:4200' } });
    expect(res.json().brand.id).toBe('northbet');
  });

  it('answers 404 in the error shape for an unknown brand, naming nothing internal', async () => {
    const byQuery = await app.inject({ url: '/web-api/site-config?brand=nobody', headers: { host: 'localhost' } });
    expect(byQuery.statusCode).toBe(404);
    expect(byQuery.json()).toEqual({ message: 'Site not found' });
    const byHost = await app.inject({ url: '/web-api/site-config', headers: { host: 'unknown.example' } });
    expect(byHost.statusCode).toBe(404);
    expect(byHost.json()).toEqual({ message: 'Site not found' });
  });

  it('does not serve a refused brand', async () => {
    const res = await app.inject({ url: '/web-api/site-config?brand=brokenbet', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
  });

  it('honours BRAND_OVERRIDE=off: only Host chooses', async () => {
    const strict = await buildTestApp(ctx.db, { brandOverride: false });
    try {
      const res = await strict.inject({ url: '/web-api/site-config?brand=sunplay', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
      const byHost = await strict.inject({ url: '/web-api/site-config', headers: { host: 'sunplay.example' } });
      expect(byHost.json().brand.id).toBe('sunplay');
    } finally {
      await strict.close();
    }
  });

  it('in production honours ?brand= and its cookie only on a development host (site-config README, "The development brand override is scoped")', async () => {
    const production = await buildTestApp(ctx.db, {
      mode: 'production',
      logger: false,
      accountSecretKey: 'k'.repeat(32),
    });
    try {
      // README's flow, http://localhost:4200/?brand=<id>, and the other loopback names.
      for (const host of ['localhost:4200', '127.0.0.1:4200', '[::1]:4200']) {
        const res = await production.inject({ url: '/web-api/site-config?brand=sunplay', headers: { host } });
        expect(res.json().brand.id).toBe('sunplay');
        expect(String(res.headers['set-cookie'])).toMatch(/^tessera_brand=sunplay;/);
      }
      const remembered = await production.inject({
        url: '/web-api/site-config',
        headers: { host: 'localhost:4200', cookie: 'tessera_brand=sunplay' },
      });
      expect(remembered.json().brand.id).toBe('sunplay');

      // A host no brand serves cannot pick a brand, neither by query nor by a cookie.
      const byQuery = await production.inject({
        url: '/web-api/site-config?brand=sunplay',
        headers: { host: 'unowned.example' },
      });
      expect(byQuery.statusCode).toBe(404);
      expect(byQuery.json()).toEqual({ message: 'Site not found' });
      expect(byQuery.headers['set-cookie']).toBeUndefined();
      const byCookie = await production.inject({
        url: '/web-api/site-config',
        headers: { host: 'unowned.example', cookie: 'tessera_brand=sunplay' },
      });
      expect(byCookie.statusCode).toBe(404);
      const page = await production.inject({ url: '/?brand=sunplay', headers: { host: 'unowned.example' } });
      expect(page.statusCode).toBe(404);
      // A brand's own domain is served as always.
      const byHost = await production.inject({ url: '/web-api/site-config', headers: { host: 'sunplay.example' } });
      expect(byHost.json().brand.id).toBe('sunplay');
    } finally {
      await production.close();
    }
  });

  it('in production honours ?brand= on any host when BRAND_OVERRIDE=on says so', async () => {
    const open = await buildTestApp(ctx.db, {
      mode: 'production',
      logger: false,
      accountSecretKey: 'k'.repeat(32),
      brandOverride: 'any-host',
    });
    try {
      const res = await open.inject({
        url: '/web-api/site-config?brand=sunplay',
        headers: { host: 'staging.example' },
      });
      expect(res.json().brand.id).toBe('sunplay');
    } finally {
      await open.close();
    }
  });

  it('resolves for a language and country the brand allows and remembers the country', async () => {
    const res = await app.inject({
      url: '/web-api/site-config?lng=en&country=RU',
      headers: { host: 'northbet.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'ru', language: 'en' });
    expect(res.json().config.coupon.features.sale).toBe(false);
    expect(String(res.headers['set-cookie'])).toMatch(/^tessera_country=ru;.*HttpOnly/);
  });

  it('refuses a language the brand does not allow with a 400 naming the field', async () => {
    const res = await app.inject({ url: '/web-api/site-config?lng=tr', headers: { host: 'northbet.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'lng', message: "must be one of the site's languages: ru, en, kk" }],
    });
  });

  it('refuses a country the brand does not serve', async () => {
    const res = await app.inject({ url: '/web-api/site-config?country=de', headers: { host: 'northbet.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation_errors[0].field).toBe('country');
  });

  it('refuses a malformed language through the schema, as validation_errors', async () => {
    const res = await app.inject({ url: '/web-api/site-config?lng=english', headers: { host: 'northbet.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid request');
    expect(res.json().validation_errors).toEqual([{ field: 'lng', message: 'must match pattern "^[a-z]{2}$"' }]);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('ignores a remembered country the brand does not serve', async () => {
    const res = await app.inject({
      url: '/web-api/site-config',
      headers: { host: 'sunplay.example' },
      cookies: { tessera_country: 'kz' },
    });
    expect(res.json().country).toBe('tr');
  });

  it('explains which layer and file set a value', async () => {
    const res = await app.inject({
      url: '/web-api/site-config/explain?pointer=/coupon/features/sale',
      headers: { host: 'northbet.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      brand: 'northbet',
      country: 'kz',
      language: 'ru',
      pointer: '/coupon/features/sale',
      value: true,
      layer: 'country:kz',
      file: 'brands/northbet/countries/kz.json',
    });
  });

  it('answers 404 for a pointer with no value and 400 for a missing pointer', async () => {
    const missing = await app.inject({
      url: '/web-api/site-config/explain?pointer=/nope',
      headers: { host: 'northbet.example' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No configuration value at this pointer', detail: '/nope' });
    const none = await app.inject({ url: '/web-api/site-config/explain', headers: { host: 'northbet.example' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().validation_errors).toEqual([
      { field: 'pointer', message: "must have required property 'pointer'" },
    ]);
  });
});
