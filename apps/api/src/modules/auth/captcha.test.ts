import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVerifyCaptcha } from '@tessera/server/captcha';
import { Browser, buildAccountsApp, lastCode, testClock } from './testing/accounts-test-kit';
import { FakeSiteVerifyServer } from './testing/fake-siteverify-server';

describe('siteVerifyCaptcha against a siteverify on 127.0.0.1', () => {
  let fake: FakeSiteVerifyServer;
  beforeAll(async () => {
    fake = await new FakeSiteVerifyServer('the-secret').start();
  });
  afterAll(() => fake.close());

  it('item 13: posts the secret, the token and the address, reads success, and gives up on a provider that hangs', async () => {
    const verifier = siteVerifyCaptcha({ endpoints: fake.endpoints, timeoutMs: 300 });
    expect(await verifier.verify({ type: 'hcaptcha', secret: 'the-secret', token: 'pass-1', ip: '10.0.0.1' })).toBe(
      true,
    );
    expect(await verifier.verify({ type: 'hcaptcha', secret: 'the-secret', token: 'pass-1', ip: '10.0.0.1' })).toBe(
      false,
    );
    expect(await verifier.verify({ type: 'grecaptcha', secret: 'the-secret', token: 'made-up', ip: '10.0.0.2' })).toBe(
      false,
    );
    expect(
      await verifier.verify({ type: 'grecaptcha', secret: 'another-secret', token: 'pass-2', ip: '10.0.0.2' }),
    ).toBe(false);
    expect(fake.calls.slice(0, 2)).toEqual([
      { path: '/hcaptcha/siteverify', secret: 'the-secret', response: 'pass-1', remoteip: '10.0.0.1' },
      { path: '/hcaptcha/siteverify', secret: 'the-secret', response: 'pass-1', remoteip: '10.0.0.1' },
    ]);
    expect(fake.calls[2]?.path).toBe('/recaptcha/api/siteverify');
    fake.mode = 'fail';
    await expect(verifier.verify({ type: 'hcaptcha', secret: 'the-secret', token: 'pass-3', ip: 'i' })).rejects.toThrow(
      /500/,
    );
    fake.mode = 'hang';
    const started = Date.now();
    await expect(
      verifier.verify({ type: 'hcaptcha', secret: 'the-secret', token: 'pass-4', ip: 'i' }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    fake.mode = 'ok';
  });
});

// otherbet protects login with hCaptcha and names its secret's variable in server.json (OTHERBET_CAPTCHA_SECRET).
describeEachDatabase('hCaptcha with its secret on the server', (ctx) => {
  let app: FastifyInstance;
  let fake: FakeSiteVerifyServer;
  beforeAll(async () => {
    fake = await new FakeSiteVerifyServer('test-secret').start();
    app = await buildAccountsApp(ctx.db, testClock(), {
      environment: { OTHERBET_CAPTCHA_SECRET: 'test-secret' },
      captchaVerifier: siteVerifyCaptcha({ endpoints: fake.endpoints, timeoutMs: 500 }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('item 13: the server asks the provider with the brand’s secret: a missing token 400, a refused one 403, a hanging provider 503, a good one signs in once', async () => {
    const browser = new Browser(app, 'otherbet.example', 'Vitest browser', '10.13.0.1');
    await browser.post('/web-api/user/registration/send-code', { phone: '7021112233', country_code: 'KZ' });
    const registered = await browser.post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      phone: '7021112233',
      country_code: 'KZ',
      confirm_code: await lastCode(app, '+77021112233'),
      password: 'Secret-pass-1',
    });
    expect(registered.statusCode).toBe(201);
    const login = { login: registered.json().account_id, password: 'Secret-pass-1' };
    const guest = new Browser(app, 'otherbet.example', 'Vitest browser', '10.13.0.2');
    const missing = await guest.post('/web-api/user/auth', login);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Captcha required',
      validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
    });
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'made-up' })).statusCode).toBe(403);
    fake.mode = 'hang';
    const started = Date.now();
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'pass-slow' })).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    fake.mode = 'ok';
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'pass-good' })).json()).toMatchObject({
      status: 'authorised',
    });
    // The provider's own single use: the same token again is refused.
    expect(
      (
        await new Browser(app, 'otherbet.example', 'Vitest browser', '10.13.0.3').post('/web-api/user/auth', login, {
          'x-captcha-token': 'pass-good',
        })
      ).statusCode,
    ).toBe(403);
    const good = fake.calls.find((c) => c.response === 'pass-good');
    expect(good).toMatchObject({ secret: 'test-secret', remoteip: '10.13.0.2' });
    // The site keeps hCaptcha: the server can check it.
    const site = await guest.get('/web-api/site-config');
    expect((site.json() as { config: { captcha: { type: string } } }).config.captcha.type).toBe('hcaptcha');
    // accountbet configures no captcha: no header needed.
    expect(
      (await new Browser(app).post('/web-api/user/auth', { login: 'x@example.com', password: 'Wrong-pass-1' }))
        .statusCode,
    ).toBe(401);
  });
});

describeEachDatabase('hCaptcha without its secret on the server', (ctx) => {
  let app: FastifyInstance;
  let fake: FakeSiteVerifyServer;
  beforeAll(async () => {
    fake = await new FakeSiteVerifyServer('test-secret').start();
    app = await buildAccountsApp(ctx.db, testClock(), {
      environment: {},
      captchaVerifier: siteVerifyCaptcha({ endpoints: fake.endpoints, timeoutMs: 500 }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('item 13: the brand is switched to the built-in check, explained as layer platform, and sign-in demands its token', async () => {
    const guest = new Browser(app, 'otherbet.example', 'Vitest browser', '10.13.1.1');
    const site = await guest.get('/web-api/site-config');
    expect((site.json() as { config: { captcha: { type: string } } }).config.captcha.type).toBe('altcha');
    // Asked from the server itself, as an operator does.
    const explained = await app.inject({
      url: '/web-api/site-config/explain?pointer=/captcha/type',
      headers: { host: 'otherbet.example' },
    });
    expect(explained.json()).toMatchObject({
      value: 'altcha',
      layer: 'platform',
      reason:
        'no hCaptcha secret is configured for this brand on this server (server.json captcha.secretKeyEnv names no set variable), so its tokens could not be checked: the built-in proof-of-work check (altcha) stands in',
    });
    // Never unprotected: no token is 400, a token for the provider is not one of this server's (403), and the
    // provider is never asked.
    const login = { login: 'nobody@example.com', password: 'Wrong-pass-1' };
    expect((await guest.post('/web-api/user/auth', login)).statusCode).toBe(400);
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'pass-1' })).statusCode).toBe(403);
    expect(fake.calls).toEqual([]);
  });
});
