import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { MODAL_STATUS, modalQueueMachine, type ModalQueueEvent } from './modal-queue.machine';
import { findUntakenTransitions } from '@tessera/shared/testing-xstate';

// Three names cover the rules: A is eager, B comes as an overlay, L is lazy.
const events = [
  { type: 'modal.open', name: 'A' },
  { type: 'modal.open', name: 'B', over: true },
  { type: 'modal.open', name: 'L' },
  { type: 'modal.open', name: '' },
  { type: 'modal.close', name: 'A' },
  { type: 'modal.close', name: 'B' },
  { type: 'modal.close', name: 'L' },
  { type: 'modal.closeAll' },
  { type: 'xstate.done.actor.loadModal' },
  { type: 'xstate.error.actor.loadModal', error: new Error('chunk') },
] as unknown as ModalQueueEvent[];

const paths = getShortestPaths(modalQueueMachine, { input: { loaders: { L: () => Promise.resolve() } }, events });

describe('modalQueueMachine paths', () => {
  it('reaches every state with a pinned number of shortest paths', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['idle', 'loading', 'showing']));
    // One per distinct (state, records, loaded) combination the ten events can produce.
    expect(paths).toHaveLength(302);
  });

  it('holds the queue invariants on every reachable state', () => {
    for (const { state } of paths) {
      const { modals, loadingName } = state.context;
      const open = modals.filter((m) => m.status === MODAL_STATUS.open);
      // One modal at a time unless shown over.
      expect(open.filter((m) => !m.over).length).toBeLessThanOrEqual(1);
      // A name appears once: requests reuse records.
      expect(new Set(modals.map((m) => m.name)).size).toBe(modals.length);
      // No nameless record ever enters the queue.
      expect(modals.every((m) => m.name !== '')).toBe(true);
      // Showing means something is open; idle means nothing is open and nothing waits.
      if (state.value === 'showing') expect(open.length).toBeGreaterThan(0);
      if (state.value === 'idle')
        expect(modals.some((m) => m.status === MODAL_STATUS.open || m.status === MODAL_STATUS.queued)).toBe(false);
      // Loading is always about the first queued modal.
      if (state.value === 'loading')
        expect(modals.find((m) => m.status === MODAL_STATUS.queued)?.name).toBe(loadingName);
    }
  });
});

describe('modalQueueMachine transition coverage', () => {
  it('every declared transition is taken by some reachable state', () => {
    expect(
      findUntakenTransitions(modalQueueMachine, { input: { loaders: { L: () => Promise.resolve() } }, events }),
    ).toEqual([]);
  });
});
