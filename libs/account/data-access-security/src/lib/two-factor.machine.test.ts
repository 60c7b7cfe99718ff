import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toEnableError, twoFactorMachine, type TwoFactorApi, type TwoFactorInput } from './two-factor.machine';

const qr = { qr_code_url: 'https://example.test/qr.png', qr_link: 'otpauth://totp/Tessera:1?secret=ABC', code: 'ABC' };
const http = (status: number, message = 'nope', extra: object = {}) => ({ status, body: { message }, ...extra });

function fakeApi(failures: { qr?: unknown[]; sms?: unknown[]; enable?: unknown[]; disable?: unknown[] } = {}) {
  const fail = (queue?: unknown[]) => {
    const failure = queue?.shift();
    if (failure !== undefined) throw failure;
  };
  return {
    getQrCode: vi.fn(async (_s: AbortSignal) => {
      fail(failures.qr);
      return qr;
    }),
    sendSmsCode: vi.fn(async (_s: AbortSignal) => fail(failures.sms)),
    enable: vi.fn(async (_r: { app_code: string; sms_code?: string }, _s: AbortSignal) => fail(failures.enable)),
    disable: vi.fn(async (_r: { hash: string }, _s: AbortSignal) => fail(failures.disable)),
  } satisfies TwoFactorApi;
}

function start(api: TwoFactorApi, input: Partial<TwoFactorInput> = {}) {
  const actor = createActor(twoFactorMachine, { input: { api, enabled: false, smsCooldownMs: 60_000, ...input } });
  actor.start();
  return actor;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function toSetup(api: TwoFactorApi, input: Partial<TwoFactorInput> = {}) {
  const actor = start(api, input);
  actor.send({ type: 'twoFactor.start' });
  await flush();
  return actor;
}

describe('twoFactorMachine: enabling', () => {
  it('starts inactive or active from the input', () => {
    expect(start(fakeApi()).getSnapshot().value).toBe('inactive');
    expect(start(fakeApi(), { enabled: true }).getSnapshot().value).toBe('active');
  });

  it('shows the QR code, then enables with the app code only', async () => {
    const api = fakeApi();
    const actor = start(api);
    actor.send({ type: 'twoFactor.start' });
    expect(actor.getSnapshot().value).toBe('loadingQr');
    await flush();
    expect(actor.getSnapshot().context.qr).toEqual(qr);
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(false);

    actor.send({ type: 'code.submit', appCode: ' 123456 ' });
    await flush();
    expect(api.enable).toHaveBeenCalledWith({ app_code: '123456' }, expect.anything());
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject({ enabled: true, qr: null });
  });

  it('asks for an SMS code when required: send, cool-down, then enable with both codes', async () => {
    const api = fakeApi();
    const actor = await toSetup(api, { smsRequired: true });
    expect(actor.getSnapshot().can({ type: 'code.submit', appCode: '123456' })).toBe(false);
    actor.send({ type: 'sms.send' });
    await flush();
    expect(api.sendSmsCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ setup: { sms: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(true);

    actor.send({ type: 'code.submit', appCode: '123456', smsCode: '9876' });
    await flush();
    expect(api.enable).toHaveBeenCalledWith({ app_code: '123456', sms_code: '9876' }, expect.anything());
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('refuses an app code that is not six digits', async () => {
    const actor = await toSetup(fakeApi());
    expect(actor.getSnapshot().can({ type: 'code.submit', appCode: '12345' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'code.submit', appCode: 'abcdef' })).toBe(false);
  });

  it('error_code 2 is a wrong SMS code', async () => {
    const api = fakeApi({ enable: [{ status: 400, body: { message: 'Wrong SMS code', error_code: 2 } }] });
    const actor = await toSetup(api, { smsRequired: true });
    actor.send({ type: 'code.submit', appCode: '123456', smsCode: '1111' });
    await flush();
    expect(actor.getSnapshot().matches({ setup: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({
      kind: 'wrongCode',
      field: 'smsCode',
      errorCode: 2,
      message: 'Wrong SMS code',
    });
  });

  it('any other refusal shows its message as an app code error', async () => {
    const api = fakeApi({ enable: [{ status: 400, body: { message: 'Code is not valid', error_code: 1 } }] });
    const actor = await toSetup(api);
    actor.send({ type: 'code.submit', appCode: '123456' });
    await flush();
    expect(actor.getSnapshot().context.error).toMatchObject({
      kind: 'wrongCode',
      field: 'appCode',
      message: 'Code is not valid',
    });
  });

  it('no SMS can be requested while enabling', async () => {
    const api = fakeApi();
    api.enable.mockImplementationOnce(() => new Promise<void>(() => undefined));
    const actor = await toSetup(api, { smsRequired: true });
    actor.send({ type: 'code.submit', appCode: '123456', smsCode: '1' });
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(false);
  });

  it('a failed SMS send can be retried at once; a 429 waits for Retry-After', async () => {
    const api = fakeApi({ sms: [new TypeError('offline'), http(429, 'Slow', { retryAfterMs: 120_000 })] });
    const actor = await toSetup(api, { smsRequired: true });
    actor.send({ type: 'sms.send' });
    await flush();
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'network', field: 'smsCode' });
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(true);

    actor.send({ type: 'sms.send' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('rateLimited');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'sms.send' })).toBe(true);
  });

  it('a QR code that fails to load returns to inactive with the error', async () => {
    const api = fakeApi({ qr: [http(500, 'Down')] });
    const actor = start(api);
    actor.send({ type: 'twoFactor.start' });
    await flush();
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context.error?.kind).toBe('server');
  });

  it('cancel during setup forgets the QR code', async () => {
    const actor = await toSetup(fakeApi());
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context.qr).toBeNull();
  });
});

describe('twoFactorMachine: disabling', () => {
  it('disables with the hash', async () => {
    const api = fakeApi();
    const actor = start(api, { enabled: true });
    expect(actor.getSnapshot().can({ type: 'hash.submit', hash: ' ' })).toBe(false);
    actor.send({ type: 'hash.submit', hash: ' a1b2c3 ' });
    expect(actor.getSnapshot().value).toBe('disabling');
    await flush();
    expect(api.disable).toHaveBeenCalledWith({ hash: 'a1b2c3' }, expect.anything());
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context.enabled).toBe(false);
  });

  it('a wrong hash stays active with a hash error', async () => {
    const api = fakeApi({ disable: [http(422, 'Wrong hash')] });
    const actor = start(api, { enabled: true });
    actor.send({ type: 'hash.submit', hash: 'bad' });
    await flush();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'wrongCode', field: 'hash' });
  });
});

describe('toEnableError', () => {
  it('keeps transport failures as they are, under the app code', () => {
    expect(toEnableError(new TypeError('offline'))).toMatchObject({ kind: 'network', field: 'appCode' });
    expect(toEnableError(http(429, 'Slow'))).toMatchObject({ kind: 'rateLimited', field: 'appCode' });
  });
});
