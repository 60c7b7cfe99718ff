import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { phoneAddMachine, type PhoneAddApi } from './phone-add.machine';

const http = (status: number, message = 'nope', extra: object = {}) => ({ status, body: { message }, ...extra });

function fakeApi(failures: { create?: unknown[]; confirm?: unknown[] } = {}) {
  return {
    createPhoneNumber: vi.fn(async (_r: { phone_number: string }, _s: AbortSignal) => {
      const failure = failures.create?.shift();
      if (failure !== undefined) throw failure;
      return { code_length: 6 };
    }),
    confirmPhoneNumber: vi.fn(
      async (_r: { phone_number: string; confirm_code: string; is_send_sms_to_apps: boolean }, _s: AbortSignal) => {
        const failure = failures.confirm?.shift();
        if (failure !== undefined) throw failure;
      },
    ),
  } satisfies PhoneAddApi;
}

function start(api: PhoneAddApi, sendSmsToApps = false) {
  const actor = createActor(phoneAddMachine, { input: { api, sendSmsToApps, resendCooldownMs: 30_000 } });
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

async function toCodeEntry(api: PhoneAddApi, sendSmsToApps = false) {
  const actor = start(api, sendSmsToApps);
  actor.send({ type: 'phone.submit', phoneNumber: '+49 151 2345 6789' });
  await flush();
  return actor;
}

describe('phoneAddMachine', () => {
  it('creates the number, then confirms it with the code', async () => {
    const api = fakeApi();
    const actor = start(api, true);
    actor.send({ type: 'phone.submit', phoneNumber: '+49 151 2345 6789' });
    expect(actor.getSnapshot().value).toBe('creating');
    await flush();
    expect(api.createPhoneNumber).toHaveBeenCalledWith({ phone_number: '4915123456789' }, expect.anything());
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: 'editing' } })).toBe(true);

    actor.send({ type: 'code.submit', code: '123 456' });
    await flush();
    expect(api.confirmPhoneNumber).toHaveBeenCalledWith(
      { phone_number: '4915123456789', confirm_code: '123456', is_send_sms_to_apps: true },
      expect.anything(),
    );
    expect(actor.getSnapshot().value).toBe('added');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('refuses a short phone and a code of the wrong length', async () => {
    const api = fakeApi();
    const actor = start(api);
    expect(actor.getSnapshot().can({ type: 'phone.submit', phoneNumber: '123' })).toBe(false);
    actor.send({ type: 'phone.submit', phoneNumber: '4915123456789' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '12345' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '123456' })).toBe(true);
  });

  it('a refused number returns to the phone form with the reason', async () => {
    const api = fakeApi({ create: [http(422, 'Number in use')] });
    const actor = start(api);
    actor.send({ type: 'phone.submit', phoneNumber: '4915123456789' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editingPhone');
    expect(actor.getSnapshot().context.error).toMatchObject({
      kind: 'invalid',
      field: 'phone',
      message: 'Number in use',
    });
  });

  it('a network failure on create returns to the phone form', async () => {
    const api = fakeApi({ create: [new TypeError('offline')] });
    const actor = start(api);
    actor.send({ type: 'phone.submit', phoneNumber: '4915123456789' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('network');
  });

  it('a wrong code stays at the code entry; the resend waits for the cool-down and creates the number again', async () => {
    const api = fakeApi({ confirm: [http(400, 'Wrong code')] });
    const actor = await toCodeEntry(api);
    actor.send({ type: 'code.submit', code: '000000' });
    await flush();
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'wrongCode', field: 'code' });
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(api.createPhoneNumber).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('an expired code offers the resend at once', async () => {
    const api = fakeApi({ confirm: [http(410, 'Expired')] });
    const actor = await toCodeEntry(api);
    actor.send({ type: 'code.submit', code: '123456' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('expiredCode');
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('a 429 on resend keeps the code entry and waits for Retry-After', async () => {
    const api = fakeApi({ create: [undefined, http(429, 'Slow', { retryAfterMs: 90_000 })] });
    const actor = await toCodeEntry(api);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: 'editing', resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.kind).toBe('rateLimited');
    await vi.advanceTimersByTimeAsync(89_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('no resend while the code is being confirmed', async () => {
    const api = fakeApi();
    api.confirmPhoneNumber.mockImplementationOnce(() => new Promise<void>(() => undefined));
    const actor = await toCodeEntry(api);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
  });

  it('the bettor can go back and change the number, or cancel', async () => {
    const api = fakeApi();
    const actor = await toCodeEntry(api);
    actor.send({ type: 'phone.edit' });
    expect(actor.getSnapshot().value).toBe('editingPhone');
    actor.send({ type: 'flow.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });
});
