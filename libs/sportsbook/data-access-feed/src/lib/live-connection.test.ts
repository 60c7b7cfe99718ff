import { describe, expect, it, vi } from 'vitest';
import { testGame } from './feed-fixtures';
import { createLiveConnection, type SocketLike } from './live-connection';
import { LiveStore } from './live-store';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(message: object) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const store = new LiveStore();
  store.seed([testGame(1)], 1);
  const flushes: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const onResync = vi.fn();
  const conn = createLiveConnection({
    store,
    url: 'ws://test/service-api/feed/push',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    schedule: (f) => flushes.push(f),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    onResync,
  });
  const socket = (i: number): FakeSocket => {
    const s = sockets[i];
    if (!s) throw new Error(`no socket ${i}`);
    return s;
  };
  return { sockets, socket, store, flushes, timers, onResync, conn };
}

describe('createLiveConnection', () => {
  it('connects on the first follower and subscribes to the live list after hello', () => {
    const { sockets, socket, conn } = setup();
    expect(sockets).toHaveLength(0);
    conn.followLive(true);
    expect(sockets).toHaveLength(1);
    socket(0).receive({ type: 'hello', seq: 1, version: 3, maxGames: 200 });
    expect(conn.status()).toBe('push');
    expect(socket(0).sent).toEqual([{ op: 'subscribe', live: true }]);
  });

  it('buffers deltas and applies them to the store in one flush', () => {
    const { socket, store, flushes, conn } = setup();
    conn.followLive(true);
    const s = socket(0);
    s.receive({ type: 'hello', seq: 1, version: 1, maxGames: 200 });
    s.receive({
      type: 'delta',
      seq: 2,
      version: 2,
      changes: [{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:home', old: 2.1, new: 2.3 }],
    });
    s.receive({
      type: 'delta',
      seq: 3,
      version: 3,
      changes: [{ kind: 'odds', gameId: 1, marketId: '1:1x2', outcomeId: '1:1x2:draw', old: 3.3, new: 3.1 }],
    });
    expect(store.outcome('1:1x2:home')?.odds).toBe(2.1);
    expect(flushes).toHaveLength(1);
    flushes.forEach((f) => f());
    expect(store.outcome('1:1x2:home')?.odds).toBe(2.3);
    expect(store.outcome('1:1x2:draw')?.direction).toBe('down');
  });

  it('asks for a resync when a message was lost (sequence gap)', () => {
    const { socket, onResync, conn } = setup();
    conn.followLive(true);
    const s = socket(0);
    s.receive({ type: 'hello', seq: 1, version: 1, maxGames: 200 });
    onResync.mockClear();
    s.receive({ type: 'delta', seq: 3, version: 3, changes: [] });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('falls back to polling when the channel drops and reconnects with backoff', () => {
    const { sockets, socket, timers, conn } = setup();
    const seen: string[] = [];
    conn.onStatus(() => seen.push(conn.status()));
    conn.followLive(true);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200 });
    socket(0).close();
    expect(conn.status()).toBe('polling');
    expect(seen).toEqual(['push', 'polling']);
    expect(timers).toHaveLength(1);
    timers.forEach((t) => t.fn());
    expect(sockets).toHaveLength(2);
  });

  it('follows games with counts and unsubscribes the last follower', () => {
    const { socket, conn } = setup();
    const stopA = conn.followGames([7]);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200 });
    const stopB = conn.followGames([7, 8]);
    stopA();
    expect(socket(0).sent.at(-1)).toEqual({ op: 'subscribe', live: false, games: [7, 8] });
    stopB();
    expect(socket(0).sent.at(-1)).toEqual({ op: 'unsubscribe', games: [7, 8] });
  });

  it('resumes after a reconnect with the token of the last delta: nothing refetched when the server had it all', () => {
    const { socket, timers, onResync, conn } = setup();
    conn.followLive(true);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k1.40' });
    socket(0).receive({ type: 'delta', seq: 2, version: 2, changes: [], resume: 'k1.42' });
    socket(0).close();
    onResync.mockClear();
    timers.forEach((t) => t.fn());
    // The new socket may reach another server: the token says where this page stopped.
    socket(1).receive({ type: 'hello', seq: 1, version: 9, maxGames: 200, resume: 'k1.47' });
    expect(socket(1).sent).toEqual([{ op: 'subscribe', live: true, resume: 'k1.42' }]);
    socket(1).receive({ type: 'subscribed', seq: 2, games: [], live: true, resumed: true });
    expect(onResync).not.toHaveBeenCalled();
    expect(conn.status()).toBe('push');
  });

  it('refetches when the server cannot resume the token, and resumes from its greeting next time', () => {
    const { socket, timers, onResync, conn } = setup();
    conn.followLive(true);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k1.40' });
    socket(0).close();
    timers.forEach((t) => t.fn());
    onResync.mockClear();
    socket(1).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k2.3' });
    socket(1).receive({ type: 'subscribed', seq: 2, games: [], live: true, resumed: false });
    expect(onResync).toHaveBeenCalledTimes(1);
    socket(1).close();
    timers.forEach((t) => t.fn());
    socket(2).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k2.9' });
    expect(socket(2).sent).toEqual([{ op: 'subscribe', live: true, resume: 'k2.3' }]);
  });

  it('shows stale odds while the server cannot follow the feed, and refetches once it follows again', () => {
    const { socket, onResync, conn } = setup();
    const seen: string[] = [];
    conn.onStatus(() => seen.push(conn.status()));
    conn.followLive(true);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k1.1', stale: true });
    expect(conn.status()).toBe('stale');
    onResync.mockClear();
    socket(0).receive({ type: 'status', seq: 2, stale: false });
    expect(conn.status()).toBe('push');
    expect(onResync).toHaveBeenCalledTimes(1);
    socket(0).receive({ type: 'status', seq: 3, stale: true });
    expect(seen).toEqual(['stale', 'push', 'stale']);
  });

  it('refetches when the server says deltas were lost on its side (resync)', () => {
    const { socket, timers, onResync, conn } = setup();
    conn.followLive(true);
    socket(0).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k1.1' });
    onResync.mockClear();
    socket(0).receive({ type: 'resync', seq: 2, resume: 'k1.90' });
    expect(onResync).toHaveBeenCalledTimes(1);
    socket(0).close();
    timers.forEach((t) => t.fn());
    socket(1).receive({ type: 'hello', seq: 1, version: 1, maxGames: 200, resume: 'k1.95' });
    expect(socket(1).sent).toEqual([{ op: 'subscribe', live: true, resume: 'k1.90' }]);
  });
});
