import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { idleLogoffMachine, type IdleLogoffApi, type SessionLimitsAnswer } from './idle-logoff.machine';

const minute = 60_000;
const start = Date.UTC(2026, 10, 25, 12, 0, 0);

/** A server whose session ends 30 minutes after its last activity; its clock runs 5 s ahead of the browser's. */
function fakeServer(idleMinutes: number | null = 30) {
  const skewMs = 5_000;
  let lastActivity = Date.now() + skewMs;
  let ended = false;
  const calls: string[] = [];
  const answer = (): SessionLimitsAnswer => {
    const now = Date.now() + skewMs;
    return {
      now: new Date(now).toISOString(),
      idle_timeout_seconds: idleMinutes === null ? null : idleMinutes * 60,
      idle_ends_at: idleMinutes === null ? null : new Date(lastActivity + idleMinutes * minute).toISOString(),
      ends_at: new Date(now + 600 * minute).toISOString(),
    };
  };
  const alive = () => {
    if (idleMinutes !== null && Date.now() + skewMs >= lastActivity + idleMinutes * minute) ended = true;
    if (ended) throw Object.assign(new Error('Not signed in'), { status: 401 });
  };
  const api: IdleLogoffApi = {
    limits: async () => {
      calls.push('limits');
      alive();
      return answer();
    },
    touch: async () => {
      calls.push('touch');
      alive();
      lastActivity = Date.now() + skewMs;
      return answer();
    },
    signOut: async () => {
      calls.push('signOut');
      ended = true;
    },
  };
  /** Another request of the page (a bet, a balance): activity the machine does not see. */
  const otherRequest = () => {
    alive();
    lastActivity = Date.now() + skewMs;
  };
  return { api, calls, otherRequest };
}

describe('idleLogoffMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  async function run(server: ReturnType<typeof fakeServer>) {
    const actor = createActor(idleLogoffMachine, { input: { api: server.api } });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    return actor;
  }

  it('item 10: warns a minute before the idle deadline with the seconds left, then signs out when it passes', async () => {
    const server = fakeServer();
    const actor = await run(server);
    expect(actor.getSnapshot().value).toBe('waiting');
    // Deadlines are read on the server's clock and moved onto the browser's: the 5 s difference does not shift them.
    await vi.advanceTimersByTimeAsync(28 * minute + 59_000);
    expect(actor.getSnapshot().matches('warning')).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('item 10: "Stay signed in" touches the session and the next warning comes 30 minutes later', async () => {
    const server = fakeServer();
    const actor = await run(server);
    await vi.advanceTimersByTimeAsync(29 * minute);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'session.stay' })).toBe(true);
    actor.send({ type: 'session.stay' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toContain('touch');
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(28 * minute);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(minute);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(server.calls).not.toContain('signOut');
  });

  it('item 10: activity elsewhere on the page moves the deadline: no warning while the server says there is time', async () => {
    const server = fakeServer();
    const actor = await run(server);
    await vi.advanceTimersByTimeAsync(20 * minute);
    server.otherRequest();
    await vi.advanceTimersByTimeAsync(9 * minute);
    // The machine woke at 29 minutes, asked, and learnt of the request at 20: it sleeps until 49 minutes.
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(server.calls.filter((c) => c === 'limits')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20 * minute);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
  });

  it('item 10: activity during the warning keeps the session: at the deadline the server is asked again', async () => {
    const server = fakeServer();
    const actor = await run(server);
    await vi.advanceTimersByTimeAsync(29 * minute + 30_000);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    server.otherRequest();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(server.calls).not.toContain('signOut');
  });

  it('item 10: "Sign out now" signs out at once; a session the server already ended ends the watch', async () => {
    const server = fakeServer();
    const actor = await run(server);
    await vi.advanceTimersByTimeAsync(29 * minute);
    actor.send({ type: 'session.signOut' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.at(-1)).toBe('signOut');
    expect(actor.getSnapshot().value).toBe('signedOut');

    const ended = fakeServer();
    await ended.api.signOut(new AbortController().signal);
    const second = await run(ended);
    expect(second.getSnapshot().value).toBe('signedOut');
  });

  it('item 10: a brand without idle sign-out is not watched', async () => {
    const actor = await run(fakeServer(null));
    expect(actor.getSnapshot().value).toBe('off');
  });

  it('item 10: a network failure asks again later instead of signing out', async () => {
    const server = fakeServer();
    let failures = 1;
    const flaky: IdleLogoffApi = {
      ...server.api,
      limits: async (signal) => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return server.api.limits(signal);
      },
    };
    const actor = createActor(idleLogoffMachine, { input: { api: flaky } });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('offline');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().value).toBe('waiting');
  });
});
