import { afterEach, describe, expect, it } from 'vitest';
import { configuredMessageChannels } from '@tessera/server/brand-registry';
import {
  channelSender,
  createHttpSmsSender,
  createSmtpSender,
  delivers,
  gatewaySender,
  MessagingError,
  readMessagingEnv,
  SMS_MAX_TEXT_LENGTH,
  unconfiguredSender,
} from './index';
import { startFakeSmsGateway, type FakeSmsGateway } from './testing';
import { startFakeSmtpServer, startSilentServer } from './testing';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const mail = {
  brandId: 'polar-bet',
  channel: 'email' as const,
  to: 'anna@example.com',
  subject: 'PolarBet: restore access',
  text: 'Open https://polarbet.example/passwordreset?token=abc=123 (valid one hour). Grüße',
};

describe('item 15: e-mail over SMTP (nodemailer) against a local SMTP server', () => {
  it('authenticates, delivers recipient, subject and body, and signs with the brand sender or the platform default', async () => {
    const smtp = await startFakeSmtpServer({ user: 'mailer', password: 's3cret' });
    stops.push(smtp.close);
    const sender = createSmtpSender(
      {
        host: '127.0.0.1',
        port: smtp.port,
        user: 'mailer',
        password: 's3cret',
        from: 'Tessera <no-reply@tessera.example>',
        timeoutMs: 2000,
      },
      { fromFor: (brandId) => (brandId === 'polar-bet' ? 'PolarBet <no-reply@polarbet.example>' : undefined) },
    );
    await sender.send(mail);
    await sender.send({ ...mail, brandId: 'other', to: 'bob@example.com', subject: 'Подтвердите адрес' });
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received;
    expect(first).toMatchObject({
      user: 'mailer',
      envelopeFrom: 'no-reply@polarbet.example',
      envelopeTo: ['anna@example.com'],
    });
    expect(first?.headers).toMatchObject({
      to: 'anna@example.com',
      subject: 'PolarBet: restore access',
      from: 'PolarBet <no-reply@polarbet.example>',
    });
    expect(first?.text).toBe(mail.text);
    expect(second).toMatchObject({ envelopeFrom: 'no-reply@tessera.example', envelopeTo: ['bob@example.com'] });
    expect(second?.headers['subject']).toBe('Подтвердите адрес');
  });

  it('surfaces wrong credentials and a refused recipient (5xx) as a failed send, without the message text', async () => {
    const smtp = await startFakeSmtpServer({ user: 'mailer', password: 's3cret', refuse: /@blocked\.example$/ });
    stops.push(smtp.close);
    const wrong = createSmtpSender({
      host: '127.0.0.1',
      port: smtp.port,
      user: 'mailer',
      password: 'wrong',
      from: 'no-reply@tessera.example',
      timeoutMs: 2000,
    });
    const denied = await wrong.send(mail).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(MessagingError);
    expect(denied).toMatchObject({ reason: 'failed', message: 'The SMTP server did not take the message (535)' });
    const right = createSmtpSender({
      host: '127.0.0.1',
      port: smtp.port,
      user: 'mailer',
      password: 's3cret',
      from: 'no-reply@tessera.example',
      timeoutMs: 2000,
    });
    await expect(right.send({ ...mail, to: 'x@blocked.example' })).rejects.toMatchObject({
      reason: 'failed',
      message: 'The SMTP server did not take the message (550)',
    });
    const closed = await startFakeSmtpServer({ user: 'mailer', password: 's3cret', refuseAll: 554 });
    stops.push(closed.close);
    const refused = createSmtpSender({
      host: '127.0.0.1',
      port: closed.port,
      user: 'mailer',
      password: 's3cret',
      from: 'no-reply@tessera.example',
      timeoutMs: 2000,
    });
    await expect(refused.send(mail)).rejects.toMatchObject({
      reason: 'failed',
      message: 'The SMTP server did not take the message (554)',
    });
    expect(smtp.received).toHaveLength(0);
    expect(closed.received).toHaveLength(0);
  });

  it('times out on a server that never greets, within its deadline', async () => {
    const silent = await startSilentServer();
    stops.push(silent.close);
    const sender = createSmtpSender({
      host: '127.0.0.1',
      port: silent.port,
      user: 'mailer',
      password: 's3cret',
      from: 'no-reply@tessera.example',
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(sender.send(mail)).rejects.toMatchObject({ name: 'MessagingError', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a connection nobody listens on as failed', async () => {
    const silent = await startSilentServer();
    const port = silent.port;
    await silent.close();
    const sender = createSmtpSender({ host: '127.0.0.1', port, from: 'no-reply@tessera.example', timeoutMs: 1000 });
    await expect(sender.send(mail)).rejects.toMatchObject({ reason: 'failed' });
  });
});

describe('item 15: SMS over a generic HTTP gateway against a local fake', () => {
  const sms = {
    brandId: 'polar-bet',
    channel: 'sms' as const,
    to: '+77011234567',
    text: 'PolarBet registration code: 123456',
  };
  const settings = (gateway: FakeSmsGateway, timeoutMs = 2000) => ({
    url: gateway.url,
    token: 'gw-token',
    senderId: 'Tessera',
    timeoutMs,
  });
  const start = async (sequence?: ('accept' | 'refuse' | 'fail' | 'hang')[]) => {
    const gateway = await startFakeSmsGateway({
      token: 'gw-token',
      maxTextLength: SMS_MAX_TEXT_LENGTH,
      ...(sequence ? { sequence } : {}),
    });
    stops.push(gateway.close);
    return gateway;
  };

  it('posts JSON with the bearer token and an idempotency key; the brand sender id where it has one', async () => {
    const gateway = await start();
    const sender = createHttpSmsSender(settings(gateway), {
      senderIdFor: (id) => (id === 'polar-bet' ? 'PolarBet' : undefined),
      newKey: () => 'key-1',
    });
    await sender.send(sms);
    expect(gateway.requests).toEqual([
      {
        authorization: 'Bearer gw-token',
        idempotencyKey: 'key-1',
        body: { to: '+77011234567', text: sms.text, sender: 'PolarBet', reference: 'polar-bet' },
        status: 200,
      },
    ]);
    expect(gateway.delivered).toEqual([{ to: '+77011234567', text: sms.text, sender: 'PolarBet', key: 'key-1' }]);
    await createHttpSmsSender({ ...settings(gateway), token: 'stolen' })
      .send(sms)
      .catch(() => undefined);
    expect(gateway.requests.at(-1)?.status).toBe(401);
  });

  it('a 4xx is a refusal and not retried; a wrong token too', async () => {
    const gateway = await start(['refuse']);
    await expect(createHttpSmsSender(settings(gateway)).send(sms)).rejects.toMatchObject({
      reason: 'failed',
      message: 'The SMS gateway refused the message (400)',
    });
    await expect(createHttpSmsSender({ ...settings(gateway), token: 'wrong' }).send(sms)).rejects.toMatchObject({
      reason: 'failed',
      message: 'The SMS gateway refused the message (401)',
    });
    expect(gateway.requests.map((r) => r.status)).toEqual([400, 401]);
  });

  it('a 5xx is tried again with the same idempotency key; a gateway that keeps failing is a failed send', async () => {
    const flaky = await start(['fail', 'accept']);
    await createHttpSmsSender(settings(flaky)).send(sms);
    expect(flaky.requests.map((r) => r.status)).toEqual([503, 200]);
    expect(new Set(flaky.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(flaky.delivered).toHaveLength(1);
    const down = await start(['fail']);
    await expect(createHttpSmsSender(settings(down)).send(sms)).rejects.toMatchObject({
      reason: 'failed',
      message: 'The SMS gateway answered 503',
    });
    expect(down.requests).toHaveLength(2);
  });

  it('times out on a gateway that never answers, within the budget', async () => {
    const gateway = await start(['hang']);
    const started = Date.now();
    await expect(createHttpSmsSender(settings(gateway, 300)).send(sms)).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('checks the number and the text length before asking the gateway', async () => {
    const gateway = await start();
    const sender = createHttpSmsSender(settings(gateway));
    await expect(sender.send({ ...sms, to: '87011234567' })).rejects.toMatchObject({ reason: 'failed' });
    await expect(sender.send({ ...sms, text: 'x'.repeat(SMS_MAX_TEXT_LENGTH + 1) })).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(gateway.requests).toHaveLength(0);
    // The fake checks the same rules on its side: a client that skipped them is refused there too.
    const raw = await fetch(gateway.url, {
      method: 'POST',
      headers: { authorization: 'Bearer gw-token', 'idempotency-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ to: '8701', text: 'x', sender: 'T' }),
    });
    expect(raw.status).toBe(422);
  });
});

describe('item 15: gateways from the environment', () => {
  it('reads SMTP_URL or the host variables, and the SMS gateway; refuses a gateway configured only in part', () => {
    expect(readMessagingEnv({})).toEqual({});
    expect(
      readMessagingEnv({ SMTP_URL: 'smtps://mail%40x:p%2Fw@smtp.example', SMTP_FROM: 'no-reply@x.example' }).smtp,
    ).toEqual({
      host: 'smtp.example',
      port: 465,
      secure: true,
      requireTls: false,
      user: 'mail@x',
      password: 'p/w',
      from: 'no-reply@x.example',
      timeoutMs: 4000,
    });
    expect(
      readMessagingEnv({
        SMTP_HOST: 'smtp.example',
        SMTP_USER: 'u',
        SMTP_PASSWORD: 'p',
        SMTP_FROM: 'a@b.c',
        SMTP_TIMEOUT_MS: '1500',
        SMTP_REQUIRE_TLS: 'true',
      }).smtp,
    ).toEqual({
      host: 'smtp.example',
      port: 587,
      secure: false,
      requireTls: true,
      user: 'u',
      password: 'p',
      from: 'a@b.c',
      timeoutMs: 1500,
    });
    expect(
      readMessagingEnv({
        SMS_GATEWAY_URL: 'https://sms.example/v1/messages',
        SMS_GATEWAY_TOKEN: 't',
        SMS_SENDER_ID: 'Tessera',
      }).sms,
    ).toEqual({
      url: 'https://sms.example/v1/messages',
      token: 't',
      senderId: 'Tessera',
      timeoutMs: 4000,
    });
    expect(() => readMessagingEnv({ SMTP_HOST: 'smtp.example' })).toThrow('SMTP_FROM is not set');
    expect(() => readMessagingEnv({ SMTP_HOST: 'h', SMTP_FROM: 'a@b.c', SMTP_USER: 'u' })).toThrow(
      'SMTP_USER is set but SMTP_PASSWORD is not',
    );
    expect(() => readMessagingEnv({ SMTP_URL: 'http://x', SMTP_FROM: 'a@b.c' })).toThrow(
      'SMTP_URL must start with smtp:// or smtps://',
    );
    expect(() => readMessagingEnv({ SMS_GATEWAY_URL: 'https://sms.example' })).toThrow('SMS_GATEWAY_TOKEN is not set');
    expect(() => readMessagingEnv({ SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't' })).toThrow(
      'SMS_SENDER_ID is not set',
    );
    expect(configuredMessageChannels({ SMTP_HOST: 'h' })).toEqual({ email: true, sms: false });
  });

  it('routes each channel to its gateway; a channel without one is not delivered, or goes to the fallback', async () => {
    const gateway = await startFakeSmsGateway({ token: 't', maxTextLength: SMS_MAX_TEXT_LENGTH });
    stops.push(gateway.close);
    const smsOnly = gatewaySender({ sms: { url: gateway.url, token: 't', senderId: 'Tessera', timeoutMs: 1000 } });
    expect([delivers(smsOnly, 'sms'), delivers(smsOnly, 'email')]).toEqual([true, false]);
    await smsOnly.send({ brandId: 'b', channel: 'sms', to: '+77011234567', text: 'hi' });
    await expect(smsOnly.send(mail)).rejects.toMatchObject({
      reason: 'unconfigured',
      message: 'No e-mail gateway is configured',
    });
    const sent: string[] = [];
    const withOutbox = channelSender({}, { send: async (m) => void sent.push(m.to) });
    expect([delivers(withOutbox, 'sms'), delivers(withOutbox, 'email')]).toEqual([true, true]);
    await withOutbox.send(mail);
    expect(sent).toEqual(['anna@example.com']);
    expect(delivers(unconfiguredSender(), 'sms')).toBe(false);
  });
});
