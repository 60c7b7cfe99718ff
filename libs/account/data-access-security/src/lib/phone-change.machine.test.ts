import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { phoneChangeMachine, type PhoneChangeApi } from './phone-change.machine';

type Step = 'send' | 'code' | 'answer' | 'change' | 'confirm';
const http = (status: number, message = 'nope', extra: object = {}) => ({ status, body: { message }, ...extra });

/** Each call answers with the next scripted failure for its step, or succeeds. */
function fakeApi(failures: Partial<Record<Step, unknown[]>> = {}) {
  const next = (step: Step) => {
    const failure = failures[step]?.shift();
    return failure === undefined ? Promise.resolve() : Promise.reject(failure);
  };
  return {
    sendCode: vi.fn(async (_s: AbortSignal) => {
      await next('send');
      return { message: 'sent', code_length: 4 };
    }),
    checkConfirmCode: vi.fn((_r: { confirm_code: string }, _s: AbortSignal) => next('code')),
    checkUserAnswer: vi.fn((_r: { user_answer: string }, _s: AbortSignal) => next('answer')),
    changePhone: vi.fn(
      async (_r: { phone_number: string; confirm_code: string; user_answer: string }, _s: AbortSignal) => {
        await next('change');
        return { message: 'sent to the new number', code_length: 6 };
      },
    ),
    confirmNewPhone: vi.fn((_r: { confirm_code: string }, _s: AbortSignal) => next('confirm')),
  } satisfies PhoneChangeApi;
}

function start(api: PhoneChangeApi, hasSecureQuestion = true) {
  const actor = createActor(phoneChangeMachine, { input: { api, hasSecureQuestion, resendCooldownMs: 30_000 } });
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

async function toCodeEntry(api: PhoneChangeApi, hasSecureQuestion = true) {
  const actor = start(api, hasSecureQuestion);
  actor.send({ type: 'code.send' });
  await flush();
  return actor;
}

describe('phoneChangeMachine: happy path', () => {
  it('sends a code, checks it, checks the answer, sends the new number with all three values, changes it with its code', async () => {
    const api = fakeApi();
    const actor = start(api);
    actor.send({ type: 'code.send' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    await flush();
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: 'editing', resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.codeLength).toBe(4);

    actor.send({ type: 'code.submit', code: '12 34' });
    await flush();
    expect(api.checkConfirmCode).toHaveBeenCalledWith({ confirm_code: '1234' }, expect.anything());
    expect(actor.getSnapshot().matches({ awaitingAnswer: 'editing' })).toBe(true);

    actor.send({ type: 'answer.submit', answer: ' Rex ' });
    await flush();
    expect(api.checkUserAnswer).toHaveBeenCalledWith({ user_answer: 'Rex' }, expect.anything());
    expect(actor.getSnapshot().matches({ awaitingPhone: 'editing' })).toBe(true);

    actor.send({ type: 'phone.submit', phoneNumber: '+7 (701) 123-45-67' });
    await flush();
    expect(api.changePhone).toHaveBeenCalledWith(
      { phone_number: '77011234567', confirm_code: '1234', user_answer: 'Rex' },
      expect.anything(),
    );
    // Not changed yet: the new number must prove itself with the code it received.
    expect(actor.getSnapshot().matches({ awaitingNewCode: { entry: 'editing', resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.codeLength).toBe(6);
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '1234' })).toBe(false);

    actor.send({ type: 'code.submit', code: '654 321' });
    await flush();
    expect(api.confirmNewPhone).toHaveBeenCalledWith({ confirm_code: '654321' }, expect.anything());
    expect(actor.getSnapshot().value).toBe('changed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.confirmCode).toBe('');
  });

  it('skips the secure question when the account has none', async () => {
    const api = fakeApi();
    const actor = await toCodeEntry(api, false);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    expect(actor.getSnapshot().matches('awaitingPhone')).toBe(true);
    actor.send({ type: 'phone.submit', phoneNumber: '77011234567' });
    await flush();
    expect(api.changePhone.mock.calls[0]?.[0].user_answer).toBe('');
    expect(api.checkUserAnswer).not.toHaveBeenCalled();
  });
});

describe('phoneChangeMachine: guards', () => {
  it('refuses a code of the wrong length, a blank answer and a phone outside 6-20 digits', async () => {
    const api = fakeApi();
    const actor = await toCodeEntry(api);
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '123' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '' })).toBe(false);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'answer.submit', answer: '   ' })).toBe(false);
    actor.send({ type: 'answer.submit', answer: 'x' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'phone.submit', phoneNumber: '12345' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'phone.submit', phoneNumber: '1'.repeat(21) })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'phone.submit', phoneNumber: '123456' })).toBe(true);
  });
});

describe('phoneChangeMachine: resend cool-down', () => {
  it('allows a resend only after the cool-down, and a wrong code does not restart it', async () => {
    const api = fakeApi({ code: [http(422, 'Wrong code')] });
    const actor = await toCodeEntry(api);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    actor.send({ type: 'code.submit', code: '0000' });
    await flush();
    expect(actor.getSnapshot().context.error).toMatchObject({
      kind: 'wrongCode',
      field: 'code',
      message: 'Wrong code',
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);

    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    await flush();
    expect(api.sendCode).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: 'coolingDown' } })).toBe(true);
  });

  it('no resend while the code is being checked', async () => {
    let release!: () => void;
    const api = fakeApi();
    api.checkConfirmCode.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    const actor = await toCodeEntry(api);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.submit', code: '1234' });
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    release();
    await flush();
    expect(actor.getSnapshot().matches('awaitingAnswer')).toBe(true);
  });
});

describe('phoneChangeMachine: error paths', () => {
  it('an expired code shows the error and offers the resend at once', async () => {
    const api = fakeApi({ code: [http(410, 'Code expired')] });
    const actor = await toCodeEntry(api);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('expiredCode');
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: 'editing', resend: 'ready' } })).toBe(true);
  });

  it('a network failure while sending returns to the start with the error; sending again works', async () => {
    const api = fakeApi({ send: [new TypeError('Failed to fetch')] });
    const actor = start(api);
    actor.send({ type: 'code.send' });
    await flush();
    expect(actor.getSnapshot().matches({ idle: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    actor.send({ type: 'code.send' });
    await flush();
    expect(actor.getSnapshot().matches('awaitingCode')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('429 with Retry-After on the first send holds the send button for that long', async () => {
    const api = fakeApi({ send: [http(429, 'Slow down', { retryAfterMs: 10_000 })] });
    const actor = start(api);
    actor.send({ type: 'code.send' });
    await flush();
    expect(actor.getSnapshot().matches({ idle: 'coolingDown' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.send' })).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().can({ type: 'code.send' })).toBe(true);
  });

  it('a failed resend keeps the code entry and waits at least Retry-After', async () => {
    const api = fakeApi({ send: [http(429, 'Slow down', { retryAfterMs: 45_000 })] });
    // The first send bypasses the script, so the resend is the call that gets the 429.
    api.sendCode.mockImplementationOnce(async () => ({ message: 'sent', code_length: 4 }));
    const actor = await toCodeEntry(api);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.kind).toBe('rateLimited');
    await vi.advanceTimersByTimeAsync(44_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('a wrong secure answer stays on the question with wrongAnswer', async () => {
    const api = fakeApi({ answer: [http(400, 'Wrong answer')] });
    const actor = await toCodeEntry(api);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    actor.send({ type: 'answer.submit', answer: 'Tom' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingAnswer: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'wrongAnswer', field: 'answer' });
  });

  it('an invalid new phone stays on the phone form with the server validation errors', async () => {
    const api = fakeApi({
      change: [
        { status: 422, body: { message: 'Invalid', validation_errors: [{ field: 'phone_number', message: 'Taken' }] } },
      ],
    });
    const actor = await toCodeEntry(api, false);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    actor.send({ type: 'phone.submit', phoneNumber: '77011234567' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingPhone: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({
      kind: 'invalid',
      field: 'phone',
      validationErrors: [{ field: 'phone_number', message: 'Taken' }],
    });
  });

  it('a code that expired before the change starts over from sending a code', async () => {
    const api = fakeApi({ change: [http(410, 'Code expired')] });
    const actor = await toCodeEntry(api, false);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    actor.send({ type: 'phone.submit', phoneNumber: '77011234567' });
    await flush();
    expect(actor.getSnapshot().matches({ idle: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'expiredCode', field: 'code' });
    expect(actor.getSnapshot().context.confirmCode).toBe('');
  });

  it('a server error (500) on the change keeps the form', async () => {
    const api = fakeApi({ change: [http(500, 'Oops')] });
    const actor = await toCodeEntry(api, false);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    actor.send({ type: 'phone.submit', phoneNumber: '77011234567' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('server');
    expect(actor.getSnapshot().matches({ awaitingPhone: 'editing' })).toBe(true);
  });
});

/** Up to the new number's code entry; the first code is '1234' and the account has no secure question. */
async function toNewCodeEntry(api: PhoneChangeApi) {
  const actor = await toCodeEntry(api, false);
  actor.send({ type: 'code.submit', code: '1234' });
  await flush();
  actor.send({ type: 'phone.submit', phoneNumber: '77011234567' });
  await flush();
  expect(actor.getSnapshot().matches('awaitingNewCode')).toBe(true);
  return actor;
}

describe("phoneChangeMachine: the new number's code", () => {
  it('a wrong code stays at its entry with wrongCode; the right one then changes the phone', async () => {
    const api = fakeApi({ confirm: [http(422, 'Wrong code')] });
    const actor = await toNewCodeEntry(api);
    actor.send({ type: 'code.submit', code: '000000' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingNewCode: { entry: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'wrongCode', field: 'code' });
    actor.send({ type: 'code.submit', code: '654321' });
    await flush();
    expect(actor.getSnapshot().value).toBe('changed');
    expect(actor.getSnapshot().context).toMatchObject({ confirmCode: '', userAnswer: '', newCode: '' });
  });

  it('resends after the cool-down by asking for the new number again with the same values', async () => {
    const api = fakeApi();
    const actor = await toNewCodeEntry(api);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(api.changePhone).toHaveBeenCalledTimes(2);
    expect(api.changePhone.mock.calls[1]?.[0]).toEqual({
      phone_number: '77011234567',
      confirm_code: '1234',
      user_answer: '',
    });
    expect(actor.getSnapshot().matches({ awaitingNewCode: { entry: 'editing', resend: 'coolingDown' } })).toBe(true);
  });

  it('an expired code offers the resend at once; a rate-limited resend keeps the entry and waits Retry-After', async () => {
    const api = fakeApi({
      confirm: [http(410, 'Code expired')],
      change: [undefined, http(429, 'Slow down', { retryAfterMs: 45_000 })],
    });
    const actor = await toNewCodeEntry(api);
    actor.send({ type: 'code.submit', code: '654321' });
    await flush();
    expect(actor.getSnapshot().context.error?.kind).toBe('expiredCode');
    expect(actor.getSnapshot().matches({ awaitingNewCode: { entry: 'editing', resend: 'ready' } })).toBe(true);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingNewCode: { entry: 'editing', resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'rateLimited', field: 'code' });
    await vi.advanceTimersByTimeAsync(44_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('a resend whose first code ran out starts over from sending a code', async () => {
    const api = fakeApi({ change: [undefined, http(410, 'Code expired')] });
    const actor = await toNewCodeEntry(api);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ idle: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ confirmCode: '', newCodeSent: false });
  });

  it('phone.edit goes back to the number; an error there is shown on the phone form', async () => {
    const api = fakeApi({ change: [undefined, http(409, 'Taken')] });
    const actor = await toNewCodeEntry(api);
    actor.send({ type: 'phone.edit' });
    expect(actor.getSnapshot().matches({ awaitingPhone: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.newCodeSent).toBe(false);
    actor.send({ type: 'phone.submit', phoneNumber: '77019999999' });
    await flush();
    expect(actor.getSnapshot().matches({ awaitingPhone: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'server', field: 'phone' });
  });
});

describe('phoneChangeMachine: cancel', () => {
  it('cancel from any step ends the flow and forgets the code and answer', async () => {
    const api = fakeApi();
    const actor = await toCodeEntry(api);
    actor.send({ type: 'code.submit', code: '1234' });
    await flush();
    actor.send({ type: 'flow.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.confirmCode).toBe('');
  });
});
