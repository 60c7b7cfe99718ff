import { describe, expect, it, vi } from 'vitest';
import { UpdateGate } from './update-gate';

function source() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit: () => listeners.forEach((l) => l()),
    size: () => listeners.size,
  };
}

describe('UpdateGate', () => {
  it('passes notifications through while open', () => {
    const gate = new UpdateGate();
    const s = source();
    const listener = vi.fn();
    gate.subscribe(s.subscribe, listener);
    s.emit();
    s.emit();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('holds notifications while closed and delivers each listener once when it opens', () => {
    const gate = new UpdateGate();
    const s = source();
    const a = vi.fn();
    const b = vi.fn();
    const quiet = vi.fn();
    gate.subscribe(s.subscribe, a);
    gate.subscribe(s.subscribe, b);
    const other = source();
    gate.subscribe(other.subscribe, quiet);
    gate.setOpen(false);
    s.emit();
    s.emit();
    s.emit();
    expect(a).not.toHaveBeenCalled();
    gate.setOpen(true);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    // A listener whose source said nothing while closed is not called.
    expect(quiet).not.toHaveBeenCalled();
    gate.setOpen(true);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('forgets a held notification of a listener that unsubscribed', () => {
    const gate = new UpdateGate();
    const s = source();
    const listener = vi.fn();
    const stop = gate.subscribe(s.subscribe, listener);
    gate.setOpen(false);
    s.emit();
    stop();
    expect(s.size()).toBe(0);
    gate.setOpen(true);
    expect(listener).not.toHaveBeenCalled();
  });
});
