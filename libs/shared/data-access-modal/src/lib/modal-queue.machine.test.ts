import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MODAL_STATUS, modalQueueMachine, type ModalLoader, type ModalQueueEmitted } from './modal-queue.machine';
import { ModalNameError, assertModalName } from './modal-name';

function start(loaders: Record<string, ModalLoader> = {}) {
  const actor = createActor(modalQueueMachine, { input: { loaders } });
  const events: ModalQueueEmitted[] = [];
  actor.on('*', (event) => events.push(event));
  actor.start();
  const status = (name: string) => actor.getSnapshot().context.modals.find((m) => m.name === name)?.status;
  return { actor, events, status };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('modalQueueMachine: one at a time', () => {
  it('opens the first modal at once and queues the second (status 1 and 0)', () => {
    const { actor, status, events } = start();
    actor.send({ type: 'modal.open', name: 'LOGIN', args: { tab: 'phone' } });
    actor.send({ type: 'modal.open', name: 'PROMO' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(status('LOGIN')).toBe(MODAL_STATUS.open);
    expect(status('PROMO')).toBe(MODAL_STATUS.queued);
    expect(events).toEqual([{ type: 'modal.opened', name: 'LOGIN', args: { tab: 'phone' } }]);
  });

  it('opens the next queued modal when the open one closes (status 2)', () => {
    const { actor, status, events } = start();
    actor.send({ type: 'modal.open', name: 'LOGIN' });
    actor.send({ type: 'modal.open', name: 'PROMO' });
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    expect(status('LOGIN')).toBe(MODAL_STATUS.closed);
    expect(status('PROMO')).toBe(MODAL_STATUS.open);
    expect(events.map((e) => `${e.type}:${e.name}`)).toEqual([
      'modal.opened:LOGIN',
      'modal.closed:LOGIN',
      'modal.opened:PROMO',
    ]);
  });

  it('goes back to idle when the last modal closes', () => {
    const { actor } = start();
    actor.send({ type: 'modal.open', name: 'LOGIN' });
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('closing a queued modal marks it 3 (closed before opening) and it never opens', () => {
    const { actor, status, events } = start();
    actor.send({ type: 'modal.open', name: 'LOGIN' });
    actor.send({ type: 'modal.open', name: 'PROMO' });
    actor.send({ type: 'modal.close', name: 'PROMO' });
    expect(status('PROMO')).toBe(MODAL_STATUS.error);
    expect(events).toContainEqual({ type: 'modal.failed', name: 'PROMO', reason: 'closedBeforeOpening' });
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    expect(status('PROMO')).toBe(MODAL_STATUS.error);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('closing an unknown or already closed modal changes nothing', () => {
    const { actor, events } = start();
    actor.send({ type: 'modal.close', name: 'NOPE' });
    actor.send({ type: 'modal.open', name: 'LOGIN' });
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    const before = actor.getSnapshot().context.modals;
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    expect(actor.getSnapshot().context.modals).toEqual(before);
    expect(events).toHaveLength(2);
  });
});

describe('modalQueueMachine: shown over', () => {
  it('an overlay opens over the open modal without waiting', () => {
    const { actor, status } = start();
    actor.send({ type: 'modal.open', name: 'DEPOSIT' });
    actor.send({ type: 'modal.open', name: 'CONFIRM', over: true });
    expect(status('DEPOSIT')).toBe(MODAL_STATUS.open);
    expect(status('CONFIRM')).toBe(MODAL_STATUS.open);
  });

  it('the queue waits until the overlay is closed too: next opens only when none is open', () => {
    const { actor, status } = start();
    actor.send({ type: 'modal.open', name: 'DEPOSIT' });
    actor.send({ type: 'modal.open', name: 'NEXT' });
    actor.send({ type: 'modal.open', name: 'CONFIRM', over: true });
    actor.send({ type: 'modal.close', name: 'DEPOSIT' });
    expect(status('NEXT')).toBe(MODAL_STATUS.queued);
    actor.send({ type: 'modal.close', name: 'CONFIRM' });
    expect(status('NEXT')).toBe(MODAL_STATUS.open);
  });

  it('an overlay requested when nothing is open simply opens', () => {
    const { actor, status } = start();
    actor.send({ type: 'modal.open', name: 'CONFIRM', over: true });
    expect(status('CONFIRM')).toBe(MODAL_STATUS.open);
  });
});

describe('modalQueueMachine: reuse by name', () => {
  it('a second request for an open modal reuses it with the new arguments', () => {
    const { actor, events } = start();
    actor.send({ type: 'modal.open', name: 'LOGIN', args: { tab: 'email' } });
    actor.send({ type: 'modal.open', name: 'LOGIN', args: { tab: 'phone' } });
    const modals = actor.getSnapshot().context.modals;
    expect(modals).toHaveLength(1);
    expect(modals[0]?.args).toEqual({ tab: 'phone' });
    expect(events.filter((e) => e.type === 'modal.opened')).toHaveLength(1);
  });

  it('a queued modal keeps its place when requested again', () => {
    const { actor } = start();
    actor.send({ type: 'modal.open', name: 'A' });
    actor.send({ type: 'modal.open', name: 'B' });
    actor.send({ type: 'modal.open', name: 'C' });
    actor.send({ type: 'modal.open', name: 'B', args: { n: 2 } });
    expect(actor.getSnapshot().context.modals.map((m) => m.name)).toEqual(['A', 'B', 'C']);
    actor.send({ type: 'modal.close', name: 'A' });
    expect(actor.getSnapshot().context.modals.find((m) => m.status === MODAL_STATUS.open)).toMatchObject({
      name: 'B',
      args: { n: 2 },
    });
  });

  it('a closed modal requested again is reused: queued behind the others, then reopened', () => {
    const { actor, status } = start();
    actor.send({ type: 'modal.open', name: 'A' });
    actor.send({ type: 'modal.close', name: 'A' });
    actor.send({ type: 'modal.open', name: 'B' });
    actor.send({ type: 'modal.open', name: 'A' });
    expect(actor.getSnapshot().context.modals.map((m) => m.name)).toEqual(['B', 'A']);
    expect(status('A')).toBe(MODAL_STATUS.queued);
  });
});

describe('modalQueueMachine: names', () => {
  it('the machine ignores a nameless request; the public door throws ModalNameError', () => {
    const { actor } = start();
    actor.send({ type: 'modal.open', name: '' });
    actor.send({ type: 'modal.open', name: '  ', over: true });
    expect(actor.getSnapshot().context.modals).toEqual([]);
    expect(() => assertModalName('')).toThrow(ModalNameError);
    expect(() => assertModalName(undefined)).toThrow('A modal needs a name');
    expect(() => assertModalName('LOGIN')).not.toThrow();
  });
});

describe('modalQueueMachine: lazy modals', () => {
  it('loads a lazy modal before opening it, and only once', async () => {
    const load = vi.fn(() => Promise.resolve());
    const { actor, status } = start({ IDENTIFICATION_BONUS: load });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.queued);
    await flush();
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.open);

    actor.send({ type: 'modal.close', name: 'IDENTIFICATION_BONUS' });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS' });
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.open);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load ends in status 3 and the queue moves on', async () => {
    const { actor, status, events } = start({
      TRUSTLY_REGISTRATION_MODAL_START: () => Promise.reject(new Error('chunk')),
    });
    actor.send({ type: 'modal.open', name: 'TRUSTLY_REGISTRATION_MODAL_START' });
    actor.send({ type: 'modal.open', name: 'PROMO' });
    await flush();
    expect(status('TRUSTLY_REGISTRATION_MODAL_START')).toBe(MODAL_STATUS.error);
    expect(events).toContainEqual({
      type: 'modal.failed',
      name: 'TRUSTLY_REGISTRATION_MODAL_START',
      reason: 'loadFailed',
    });
    expect(status('PROMO')).toBe(MODAL_STATUS.open);
  });

  it('closing a modal while it loads marks it 3 and drops the load', async () => {
    const pending = deferred();
    const { actor, status } = start({ IDENTIFICATION_BONUS: () => pending.promise });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS' });
    actor.send({ type: 'modal.close', name: 'IDENTIFICATION_BONUS' });
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.error);
    expect(actor.getSnapshot().value).toBe('idle');
    pending.resolve();
    await flush();
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.error);
  });

  it('requests while loading queue up; closing one of them marks it 3', async () => {
    const pending = deferred();
    const { actor, status } = start({ IDENTIFICATION_BONUS: () => pending.promise });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS' });
    actor.send({ type: 'modal.open', name: 'A', over: true });
    actor.send({ type: 'modal.open', name: 'B' });
    actor.send({ type: 'modal.close', name: 'B' });
    expect(status('A')).toBe(MODAL_STATUS.queued);
    expect(status('B')).toBe(MODAL_STATUS.error);
    pending.resolve();
    await flush();
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.open);
    expect(status('A')).toBe(MODAL_STATUS.queued);
  });

  it('a lazy modal requested as an overlay waits for its load in the queue', async () => {
    const { actor, status } = start({ IDENTIFICATION_BONUS: () => Promise.resolve() });
    actor.send({ type: 'modal.open', name: 'LOGIN' });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS', over: true });
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.queued);
    actor.send({ type: 'modal.close', name: 'LOGIN' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.open);
  });
});

describe('modalQueueMachine: closeAll', () => {
  it('closes the open ones (2), fails the queued ones (3) and returns to idle', () => {
    const { actor, status } = start();
    actor.send({ type: 'modal.open', name: 'A' });
    actor.send({ type: 'modal.open', name: 'B', over: true });
    actor.send({ type: 'modal.open', name: 'C' });
    actor.send({ type: 'modal.closeAll' });
    expect([status('A'), status('B'), status('C')]).toEqual([
      MODAL_STATUS.closed,
      MODAL_STATUS.closed,
      MODAL_STATUS.error,
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('cancels a load in progress', async () => {
    const pending = deferred();
    const { actor, status } = start({ IDENTIFICATION_BONUS: () => pending.promise });
    actor.send({ type: 'modal.open', name: 'IDENTIFICATION_BONUS' });
    actor.send({ type: 'modal.closeAll' });
    pending.resolve();
    await flush();
    expect(status('IDENTIFICATION_BONUS')).toBe(MODAL_STATUS.error);
    expect(actor.getSnapshot().context.loaded).toEqual([]);
  });
});
