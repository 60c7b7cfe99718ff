import { createHttpError, NetworkError } from '@tessera/shared/data-access-api';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { signInMachine, type SignInApi } from './sign-in.machine';

const refusal = (status: number, field?: string) =>
  createHttpError(
    new Response(null, { status }),
    { method: 'POST', url: '/backoffice/api/session' },
    {
      message: 'no',
      ...(field ? { validation_errors: [{ field, message: 'wrong' }] } : {}),
    },
  );

function fakeApi(overrides: Partial<SignInApi> = {}): SignInApi {
  return {
    checkPassword: vi.fn(async () => ({ stage: 'totp' as const })),
    startEnrolment: vi.fn(async () => ({ otpauthUrl: 'otpauth://totp/Tessera:a@b.c?secret=ABC', secret: 'ABC' })),
    confirmCode: vi.fn(async () => undefined),
    ...overrides,
  };
}

async function settle(actor: ReturnType<typeof createActor<typeof signInMachine>>) {
  return waitFor(
    actor,
    (s) =>
      !['checkingPassword', 'startingEnrolment', 'confirmingEnrolment', 'confirmingCode'].includes(String(s.value)),
  );
}

describe('signInMachine', () => {
  it('enrols an operator without an authenticator before signing in', async () => {
    const api = fakeApi({ checkPassword: vi.fn(async () => ({ stage: 'totp-enrol' as const })) });
    const actor = createActor(signInMachine, { input: { api } }).start();
    actor.send({ type: 'password.submit', email: ' ops@example.com ', password: 'secret' });
    const enrolling = await settle(actor);
    expect(enrolling.value).toBe('enrolment');
    expect(enrolling.context.enrolment?.secret).toBe('ABC');
    expect(api.checkPassword).toHaveBeenCalledWith({ email: 'ops@example.com', password: 'secret' }, expect.anything());

    actor.send({ type: 'code.submit', code: '123 456' });
    expect((await settle(actor)).value).toBe('signedIn');
    expect(api.confirmCode).toHaveBeenCalledWith('123456', expect.anything());
  });

  it('asks an enrolled operator for a code and keeps the password out of its context', async () => {
    const actor = createActor(signInMachine, { input: { api: fakeApi() } }).start();
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'secret' });
    const snapshot = await settle(actor);
    expect(snapshot.value).toBe('code');
    expect(JSON.stringify({ ...snapshot.context, api: null })).not.toContain('secret');
  });

  it('refuses a code that is not six digits without sending it', async () => {
    const api = fakeApi();
    const actor = createActor(signInMachine, { input: { api } }).start();
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'secret' });
    await settle(actor);
    actor.send({ type: 'code.submit', code: '12a456' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(actor.getSnapshot().context.error).toBe('format');
    expect(api.confirmCode).not.toHaveBeenCalled();
  });

  it('says a wrong password, a wrong code and too many attempts apart', async () => {
    const api = fakeApi({ checkPassword: vi.fn(async () => Promise.reject(refusal(401))) });
    const actor = createActor(signInMachine, { input: { api } }).start();
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'wrong' });
    const refused = await settle(actor);
    expect(refused.value).toBe('password');
    expect(refused.context.error).toBe('refused');

    api.checkPassword = vi.fn(async () => ({ stage: 'totp' as const }));
    api.confirmCode = vi.fn(async () => Promise.reject(refusal(401, 'code')));
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'right' });
    await settle(actor);
    actor.send({ type: 'code.submit', code: '000000' });
    const wrongCode = await settle(actor);
    expect(wrongCode.value).toBe('code');
    expect(wrongCode.context.error).toBe('refused');

    // The fifth wrong code locks the operator out and ends the half-session: back to the password.
    api.confirmCode = vi.fn(async () => Promise.reject(refusal(429)));
    actor.send({ type: 'code.submit', code: '000001' });
    const throttled = await settle(actor);
    expect(throttled.value).toBe('password');
    expect(throttled.context.error).toBe('throttled');
  });

  it('goes back to the password when the half-finished sign-in expired, and on restart', async () => {
    const api = fakeApi({ confirmCode: vi.fn(async () => Promise.reject(refusal(401))) });
    const actor = createActor(signInMachine, { input: { api } }).start();
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'secret' });
    await settle(actor);
    actor.send({ type: 'code.submit', code: '123456' });
    const expired = await settle(actor);
    expect(expired.value).toBe('password');
    expect(expired.context.error).toBe('expired');

    api.checkPassword = vi.fn(async () => ({ stage: 'totp-enrol' as const }));
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'secret' });
    await settle(actor);
    actor.send({ type: 'flow.restart' });
    expect(actor.getSnapshot().value).toBe('password');
    expect(actor.getSnapshot().context.enrolment).toBeNull();
  });

  it('reports a lost connection as offline and ignores an empty form', async () => {
    const api = fakeApi({
      checkPassword: vi.fn(async () =>
        Promise.reject(new NetworkError({ method: 'POST', url: '/backoffice/api/session' }, new TypeError('x'))),
      ),
    });
    const actor = createActor(signInMachine, { input: { api } }).start();
    actor.send({ type: 'password.submit', email: ' ', password: '' });
    expect(actor.getSnapshot().value).toBe('password');
    actor.send({ type: 'password.submit', email: 'ops@example.com', password: 'x' });
    expect((await settle(actor)).context.error).toBe('offline');
  });
});
