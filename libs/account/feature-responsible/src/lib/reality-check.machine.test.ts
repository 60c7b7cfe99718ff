import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { msUntilDue, REALITY_POLL_MS, realityCheckMachine } from './reality-check.machine';
import type { PlaySession } from './responsible.api';

const T0 = Date.parse('2026-11-26T10:00:00Z');

function session(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    startedAt: new Date(T0).toISOString(),
    acknowledgedAt: new Date(T0).toISOString(),
    nextCheckAt: new Date(T0 + 30 * 60_000).toISOString(),
    minutesPlayed: 0,
    wagered: 0,
    netPosition: 0,
    currency: 'EUR',
    serverTime: new Date(Date.now()).toISOString(),
    show: { sessionTimer: false, netPosition: false },
    ...overrides,
  };
}

function start(answers: { fetch: () => PlaySession; acknowledge?: () => PlaySession }) {
  const fetched = vi.fn(answers.fetch);
  const acknowledged = vi.fn(answers.acknowledge ?? answers.fetch);
  const history = vi.fn();
  const actor = createActor(
    realityCheckMachine.provide({
      actors: {
        fetchSession: fromPromise(async () => fetched()),
        acknowledge: fromPromise(async () => acknowledged()),
      },
      actions: { openHistory: history },
    }),
  );
  actor.start();
  return { actor, fetched, acknowledged, history };
}

describe('realityCheckMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('waits until the server says the check is due, shows it, and waits again after continue', async () => {
    let acknowledgedAt = T0;
    const { actor, acknowledged } = start({
      fetch: () =>
        session({
          acknowledgedAt: new Date(acknowledgedAt).toISOString(),
          nextCheckAt: new Date(acknowledgedAt + 30 * 60_000).toISOString(),
          serverTime: new Date(Date.now()).toISOString(),
        }),
      acknowledge: () => {
        acknowledgedAt = Date.now();
        return session({
          acknowledgedAt: new Date(acknowledgedAt).toISOString(),
          nextCheckAt: new Date(acknowledgedAt + 30 * 60_000).toISOString(),
          serverTime: new Date(Date.now()).toISOString(),
        });
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(60_000 + 10);
    expect(actor.getSnapshot().value).toBe('due');
    actor.send({ type: 'check.continue' });
    await vi.advanceTimersByTimeAsync(0);
    expect(acknowledged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('closes the dialog when another tab answered it, and opens the history on "see history"', async () => {
    let answeredElsewhere = false;
    const { actor, history } = start({
      fetch: () =>
        answeredElsewhere
          ? session({
              nextCheckAt: new Date(Date.now() + 30 * 60_000).toISOString(),
              serverTime: new Date(Date.now()).toISOString(),
            })
          : session({ nextCheckAt: new Date(T0 - 1000).toISOString(), serverTime: new Date(Date.now()).toISOString() }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('due');
    answeredElsewhere = true;
    await vi.advanceTimersByTimeAsync(REALITY_POLL_MS + 10);
    expect(actor.getSnapshot().value).toBe('waiting');

    answeredElsewhere = false;
    await vi.advanceTimersByTimeAsync(REALITY_POLL_MS + 10);
    expect(actor.getSnapshot().value).toBe('due');
    actor.send({ type: 'check.history' });
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('stops where reality checks are off, and runs the server clock forward between answers', async () => {
    const { actor } = start({ fetch: () => session({ nextCheckAt: null }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    const context = {
      session: session({ serverTime: new Date(T0 + 10 * 60_000).toISOString() }),
      receivedAt: T0,
    };
    // The server's clock ran 10 minutes ahead of this tab's: the check is due 20 minutes from now, not 30.
    expect(msUntilDue(context, T0)).toBe(20 * 60_000);
  });
});
