import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVerifyCaptcha } from './captcha';
import { Browser, buildAccountsApp, lastCode, testClock } from './testing/accounts-test-kit';

describe('siteVerifyCaptcha', () => {
  it('posts the secret, the token and the address to the provider and reads success', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    const verifier = siteVerifyCaptcha(async (url, init) => {
      calls.push({ url: String(url), body: String(init?.body) });
      return new Response(JSON.stringify({ success: String(init?.body).includes('response=good') }), { status: 200 });
    });
    expect(await verifier.verify({ type: 'hcaptcha', secret: 's3', token: 'good', ip: '10.0.0.1' })).toBe(true);
    expect(await verifier.verify({ type: 'grecaptcha', secret: 's3', token: 'bad', ip: '10.0.0.1' })).toBe(false);
    expect(calls).toEqual([
      { url: 'https://api.hcaptcha.com/siteverify', body: 'secret=s3&response=good&remoteip=10.0.0.1' },
      { url: 'https://www.google.com/recaptcha/api/siteverify', body: 'secret=s3&response=bad&remoteip=10.0.0.1' },
    ]);
    await expect(siteVerifyCaptcha(async () => new Response('', { status: 500 })).verify({ type: 'hcaptcha', secret: 's', token: 't', ip: 'i' })).rejects.toThrow(/500/);
  });
});

// otherbet protects login with hCaptcha and names its secret's variable in server.json.
describeEachDatabase('captcha on protected actions', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    process.env['OTHERBET_CAPTCHA_SECRET'] = 'test-secret';
    app = await buildAccountsApp(ctx.db, testClock(), {
      captchaVerifier: {
        verify: async ({ token, secret }) => {
          if (token === 'down') throw new Error('unreachable');
          return token === 'good' && secret === 'test-secret';
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    delete process.env['OTHERBET_CAPTCHA_SECRET'];
    await app.close();
  });

  it('asks for the token, refuses a bad one, answers 503 when the provider is down, and signs in with a good one', async () => {
    const browser = new Browser(app, 'otherbet.example');
    await browser.post('/web-api/user/registration/send-code', { phone: '7021112233', country_code: 'KZ' });
    const registered = await browser.post('/web-api/user/registration', { variant: 'phone', age_confirmed: true, phone: '7021112233', country_code: 'KZ', confirm_code: await lastCode(app, '+77021112233'), password: 'Secret-pass-1' });
    expect(registered.statusCode).toBe(201);
    const login = { login: registered.json().account_id, password: 'Secret-pass-1' };
    const guest = new Browser(app, 'otherbet.example');
    const missing = await guest.post('/web-api/user/auth', login);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Captcha required', validation_errors: [{ field: 'x-captcha-token', message: 'required' }] });
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'bad' })).statusCode).toBe(403);
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'down' })).statusCode).toBe(503);
    expect((await guest.post('/web-api/user/auth', login, { 'x-captcha-token': 'good' })).json()).toMatchObject({ status: 'authorised' });
    // accountbet configures no captcha: no header needed.
    expect((await new Browser(app).post('/web-api/user/auth', { login: 'x@example.com', password: 'Wrong-pass-1' })).statusCode).toBe(401);
  });
});
