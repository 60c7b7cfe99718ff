import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { findUntakenTransitions } from './transition-coverage';

// A door: `open` from closed, `close` from open, `lock` from closed only when a guard allows it, and `smash` from
// locked, which the events below never reach unless `lock` is among them.
const door = setup({
  types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock' } | { type: 'smash' } },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'open', lock: 'locked' } },
    open: { on: { close: 'closed' } },
    locked: { on: { smash: 'open' } },
  },
});

describe('findUntakenTransitions', () => {
  it('is empty when the events take every declared transition', () => {
    expect(
      findUntakenTransitions(door, {
        events: [{ type: 'open' }, { type: 'close' }, { type: 'lock' }, { type: 'smash' }],
      }),
    ).toEqual([]);
  });

  it('names each transition the events never take, by state node, event and branch', () => {
    expect(findUntakenTransitions(door, { events: [{ type: 'open' }, { type: 'close' }] })).toEqual([
      'door.closed --lock#0-->',
      'door.locked --smash#0-->',
    ]);
  });
});
