import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';
import { buildTestApp } from '../../testing/test-app';
import { SMS_MAX_TEXT_LENGTH } from '@tessera/server/messaging';
import {
  startFakeSmsGateway,
  startFakeSmtpServer,
  type FakeSmtpServer,
  type ReceivedMail,
} from '@tessera/server/messaging/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SECRET = 'k'.repeat(32);
const NO_SMS = 'no SMS gateway is configured on this server (SMS_GATEWAY_URL), so no code can reach a phone';

/** The newest mail the fake SMTP server received for `to` whose text matches `pattern` (mail goes out after the answer). */
async function mailTo(smtp: FakeSmtpServer, to: string, pattern: RegExp): Promise<ReceivedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(to) && pattern.test(m.text));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no mail to ${to} matching ${pattern}; received: ${smtp.received.map((m) => m.headers['subject']).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A production server whose e-mail goes through the real SMTP adapter to a local SMTP server, and which has no SMS
// gateway: every e-mail flow works end to end, every SMS flow is off and refused with the reason.
describeEachDatabase('item 15: flows through the real SMTP gateway on a production server', (ctx) => {
  const clock = testClock();
  let smtp: FakeSmtpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer({ user: 'tessera', password: 'smtp-secret' });
    app = await buildAccountsApp(ctx.db, clock, {
      mode: 'production',
      accountSecretKey: SECRET,
      logger: false,
      messageGateways: {
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          user: 'tessera',
          password: 'smtp-secret',
          from: 'Tessera <no-reply@tessera.example>',
          timeoutMs: 2000,
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('item 15: registration by e-mail and the whole password reset run through the SMTP adapter over HTTP', async () => {
    const browser = new Browser(app);
    const email = `reset-${ctx.engine}@example.com`;
    const held = await browser.post('/web-api/user/registration', {
      variant: 'short',
      age_confirmed: true,
      email,
      password: 'Secret-pass-1',
    });
    expect(held.statusCode).toBe(202);
    const codeMail = await mailTo(smtp, email, /registration code: \d{6}/);
    expect(codeMail).toMatchObject({
      user: 'tessera',
      envelopeFrom: 'no-reply@tessera.example',
      headers: { to: email, subject: 'AccountBet: your registration code' },
    });
    const code = /registration code: (\d{6})/.exec(codeMail.text)?.[1] ?? '';
    expect((await browser.post('/web-api/user/registration/confirm', { email, code })).statusCode).toBe(201);

    const stranger = new Browser(app, 'accountbet.example', 'Vitest browser', '10.1.0.2');
    const asked = await stranger.post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: email } },
    });
    expect([asked.statusCode, asked.json()]).toEqual([
      200,
      { message: 'If an account exists for this login, we sent instructions to restore access' },
    ]);
    const resetMail = await mailTo(smtp, email, /Reset token: /);
    expect(resetMail.headers).toMatchObject({
      to: email,
      subject: 'AccountBet: restore access',
      from: 'Tessera <no-reply@tessera.example>',
    });
    const token = /Reset token: (\S+)/.exec(resetMail.text)?.[1] ?? '';
    expect(resetMail.text).toContain(`/passwordreset?token=${token}`);
    expect(
      (await stranger.get(`/web-api/api/internal/v1/user/passwordreset?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(200);
    const newPassword = 'Velvet-harbour-lantern-92';
    const changed = await stranger.post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { token, password: newPassword, password_confirmation: newPassword } },
    });
    expect([changed.statusCode, changed.json()]).toEqual([
      200,
      { message: 'The password was changed. Sign in with the new password' },
    ]);
    const signedIn = await stranger.post('/web-api/user/auth', {
      login: email,
      password: newPassword,
      login_type: 'email',
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('item 15: SMS through the real HTTP gateway: the code arrives, and a failing gateway answers 503 in the error shape', async () => {
    const gateway = await startFakeSmsGateway({
      token: 'gw-token',
      maxTextLength: SMS_MAX_TEXT_LENGTH,
      sequence: ['accept', 'fail'],
    });
    const withSms = await buildAccountsApp(ctx.db, clock, {
      mode: 'production',
      accountSecretKey: SECRET,
      logger: false,
      messageGateways: { sms: { url: gateway.url, token: 'gw-token', senderId: 'Tessera', timeoutMs: 2000 } },
    });
    try {
      const explained = await withSms.inject({
        url: '/web-api/site-config/explain?pointer=/registration/variants/phone/enabled',
        headers: { host: 'accountbet.example' },
      });
      expect(explained.json()).toMatchObject({ value: true, layer: 'defaults' });
      const browser = new Browser(withSms, 'accountbet.example', 'Vitest browser', '10.1.0.3');
      const sent = await browser.post('/web-api/user/registration/send-code', {
        phone: '7011234567',
        country_code: 'KZ',
      });
      expect(sent.statusCode).toBe(200);
      expect(gateway.delivered).toEqual([
        {
          to: '+77011234567',
          text: expect.stringMatching(/^AccountBet registration code: \d{6}$/),
          sender: 'Tessera',
          key: expect.any(String),
        },
      ]);
      // The gateway now fails (503 twice, the retry with the same key included): the bettor hears it, nothing is sent.
      const failed = await browser.post('/web-api/user/registration/send-code', {
        phone: '7017654321',
        country_code: 'KZ',
      });
      expect([failed.statusCode, failed.json()]).toEqual([
        503,
        { message: 'The message could not be sent', detail: 'Please try again in a minute' },
      ]);
      expect(gateway.requests.slice(1).map((r) => r.status)).toEqual([503, 503]);
      expect(gateway.delivered).toHaveLength(1);
      // E-mail has no gateway on this server: the e-mail variants are off.
      const short = await withSms.inject({
        url: '/web-api/site-config/explain?pointer=/registration/variants/short/enabled',
        headers: { host: 'accountbet.example' },
      });
      expect(short.json()).toMatchObject({ value: false, layer: 'platform' });
    } finally {
      await withSms.close();
      await gateway.close();
    }
  });

  it('item 15: without an SMS gateway phone registration, SMS sign-in and SMS reset are explained as platform and refused', async () => {
    const explained = await app.inject({
      url: '/web-api/site-config/explain?pointer=/registration/variants/phone/enabled',
      headers: { host: 'accountbet.example' },
    });
    expect(explained.json()).toMatchObject({ value: false, layer: 'platform', reason: NO_SMS });
    const sms = await app.inject({
      url: '/web-api/site-config/explain?pointer=/auth/methods/sms/enabled',
      headers: { host: 'accountbet.example' },
    });
    expect(sms.json()).toMatchObject({ value: false, layer: 'platform', reason: NO_SMS });
    // E-mail has its gateway here: the short variant stays the brand's.
    const short = await app.inject({
      url: '/web-api/site-config/explain?pointer=/registration/variants/short/enabled',
      headers: { host: 'accountbet.example' },
    });
    expect(short.json()).toMatchObject({ value: true, layer: 'brand' });
    const browser = new Browser(app, 'accountbet.example', 'Vitest browser', '10.1.0.4');
    const refused = {
      message: 'Registration by phone is not available on this server',
      detail: NO_SMS,
      error_code: 1002,
    };
    const sendCode = await browser.post('/web-api/user/registration/send-code', {
      phone: '7011234567',
      country_code: 'KZ',
    });
    expect([sendCode.statusCode, sendCode.json()]).toEqual([403, refused]);
    const register = await browser.post('/web-api/user/registration', {
      variant: 'phone',
      phone: '7011234567',
      country_code: 'KZ',
      confirm_code: '123456',
      password: 'Secret-pass-1',
      age_confirmed: true,
    });
    expect([register.statusCode, register.json()]).toEqual([403, refused]);
    const reset = await browser.post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: '7011234567', country_code: 'KZ' } },
    });
    expect([reset.statusCode, reset.json()]).toEqual([
      403,
      { message: 'Password reset by SMS is not available on this server', detail: NO_SMS, error_code: 1002 },
    ]);
  });
});

// The server `npm start` runs: production, the demo brands, no gateway at all. PolarBet preselects phone registration.
describeEachDatabase('item 15: PolarBet on a production server without gateways', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const brandsDir = path.join(root, 'brands');
    app = await buildTestApp(ctx.db, {
      mode: 'production',
      brandsDir,
      brandRegistry: await loadBrandRegistry({
        brandsDir,
        platformLocalesDir: path.join(root, 'libs/shared/util-i18n/src/locales'),
        displayRoot: root,
      }),
      accountSecretKey: SECRET,
      payments: { provider: 'none' },
      logger: false,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('item 15: offers and preselects only variants that can finish, explains why, and refuses phone registration with the reason', async () => {
    const site = (await app.inject({ url: '/web-api/site-config', headers: { host: 'polarbet.example' } })).json() as {
      config: {
        registration: { defaultVariant: string; variants: Record<string, { enabled: boolean }> };
        auth: { methods: Record<string, { enabled: boolean }> };
      };
    };
    const offered = Object.entries(site.config.registration.variants)
      .filter(([, v]) => v.enabled)
      .map(([id]) => id);
    expect(offered).toEqual(['fast']);
    expect(site.config.registration.defaultVariant).toBe('fast');
    expect(site.config.auth.methods['sms']?.enabled).toBe(false);
    const explain = async (pointer: string) =>
      (
        await app.inject({
          url: `/web-api/site-config/explain?pointer=${pointer}`,
          headers: { host: 'polarbet.example' },
        })
      ).json() as { layer: string; value: unknown; reason?: string };
    expect(await explain('/registration/variants/phone/enabled')).toMatchObject({
      value: false,
      layer: 'platform',
      reason: NO_SMS,
    });
    expect(await explain('/registration/defaultVariant')).toMatchObject({
      value: 'fast',
      layer: 'platform',
      reason: `the preselected variant phone is off: ${NO_SMS}`,
    });
    expect(await explain('/registration/variants/full/enabled')).toMatchObject({
      value: false,
      layer: 'platform',
      reason: expect.stringMatching(/^no e-mail gateway is configured on this server/),
    });
    const browser = new Browser(app, 'polarbet.example', 'Vitest browser', '10.1.0.5');
    const sendCode = await browser.post('/web-api/user/registration/send-code', {
      phone: '7011234567',
      country_code: 'KZ',
    });
    expect(sendCode.statusCode).toBe(403);
    expect(sendCode.json()).toEqual({
      message: 'Registration by phone is not available on this server',
      detail: NO_SMS,
      error_code: 1002,
    });
    const reset = await browser.post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: 'someone@example.com' } },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({
      message: 'Password reset by e-mail is not available on this server',
      error_code: 1002,
    });
  });
});
