import type { FeedChange, FeedPushMessage } from './feed.types';
import type { LiveStore } from './live-store';

/** Path of the server's push channel (WebSocket). */
export const FEED_PUSH_PATH = '/service-api/feed/push';

/**
 * Whether deltas arrive by push, or the page must poll; `stale` while the server says it cannot follow the live feed
 * (its odds are the last known ones: the page shows "odds paused" and polls until the push resumes).
 */
export type LiveChannelStatus = 'connecting' | 'push' | 'polling' | 'stale';

/** The part of a WebSocket the connection uses (the browser's fits; tests pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Options of {@link createLiveConnection}. */
export interface LiveConnectionOptions {
  store: LiveStore;
  /** Absolute ws:// or wss:// URL of the push channel. */
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Called when the page should refetch its lists: after a reconnect or a lost message (sequence gap). */
  onResync?: () => void;
  /** Schedules the flush of buffered deltas; one animation frame by default, so a burst costs one render. */
  schedule?: (flush: () => void) => void;
  /** Reconnect delay after the n-th failure (ms). */
  backoff?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** One push connection per page: follows the live list and/or games; falls back to polling while down. */
export interface LiveConnection {
  /** Follow (true) or stop following (false) the whole live list; counted, so several views may ask. */
  followLive(on: boolean): void;
  /** Follow games (counted per id); returns the function that stops following them. */
  followGames(gameIds: readonly number[]): () => void;
  status(): LiveChannelStatus;
  onStatus(listener: () => void): () => void;
  close(): void;
}

const OPEN = 1;

function defaultSchedule(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
}

/** Opens the push channel lazily (first follower) and keeps it open, reconnecting with backoff when it drops. */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const schedule = options.schedule ?? defaultSchedule;
  const backoff = options.backoff ?? ((n: number) => Math.min(30_000, 1000 * 2 ** Math.min(n, 5)));
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const statusListeners = new Set<() => void>();
  const games = new Map<number, number>();
  let liveFollowers = 0;
  let socket: SocketLike | undefined;
  let state: LiveChannelStatus = 'connecting';
  let seq = 0;
  /** The resume token of the last message that carried one: sent with the first subscribe after a reconnect. */
  let resume: string | undefined;
  /** The subscribe of this connection carries `resume`: its answer says whether anything was missed. */
  let resuming = false;
  /** The position the server greeted with: the token after a resume it could not serve. */
  let greeted: string | undefined;
  let stale = false;
  let failures = 0;
  let timer: unknown;
  let closed = false;
  let buffer: FeedChange[] = [];
  let bufferVersion = 0;
  let flushPending = false;

  const setStatus = (next: LiveChannelStatus) => {
    if (state === next) return;
    state = next;
    for (const l of statusListeners) l();
  };

  const flush = () => {
    flushPending = false;
    const changes = buffer;
    buffer = [];
    if (changes.length > 0) options.store.apply(changes, bufferVersion);
  };

  const sendSubscription = (withResume = false) => {
    if (!socket || socket.readyState !== OPEN) return;
    const ids = [...games.keys()];
    socket.send(
      JSON.stringify({
        op: 'subscribe',
        live: liveFollowers > 0,
        ...(ids.length ? { games: ids.slice(0, 200) } : {}),
        ...(withResume && resume ? { resume } : {}),
      }),
    );
  };

  const wanted = () => liveFollowers > 0 || games.size > 0;

  const connect = () => {
    if (closed || socket || !wanted()) return;
    seq = 0;
    let s: SocketLike;
    try {
      s = createSocket(options.url);
    } catch {
      down();
      return;
    }
    socket = s;
    s.onmessage = (event) => {
      let message: FeedPushMessage;
      try {
        message = JSON.parse(String(event.data)) as FeedPushMessage;
      } catch {
        return;
      }
      // seq grows by one per message: a gap means lost deltas, so the snapshot is refetched.
      if (seq !== 0 && message.seq !== seq + 1) options.onResync?.();
      seq = message.seq;
      if (message.type === 'hello') {
        failures = 0;
        stale = message.stale === true;
        setStatus(stale ? 'stale' : 'push');
        // After a reconnect the token asks the server (this one or another) for what was missed meanwhile.
        resuming = resume !== undefined;
        greeted = message.resume;
        sendSubscription(resuming);
        if (!resuming) {
          // First connection (or nothing to resume from): take fresh snapshots now that deltas will arrive.
          resume = message.resume;
          options.onResync?.();
        }
      } else if (message.type === 'subscribed') {
        if (resuming) {
          resuming = false;
          // Too old or unknown to the server: the missed deltas are gone, the snapshot is refetched.
          if (message.resumed !== true) {
            resume = greeted;
            options.onResync?.();
          }
        }
      } else if (message.type === 'delta') {
        if (message.resume) resume = message.resume;
        for (const change of message.changes) buffer.push(change);
        bufferVersion = message.version;
        if (!flushPending) {
          flushPending = true;
          schedule(flush);
        }
      } else if (message.type === 'resync') {
        resume = message.resume;
        options.onResync?.();
      } else if (message.type === 'status') {
        stale = message.stale;
        setStatus(stale ? 'stale' : 'push');
        // Back from stale: the odds shown may be old; take fresh ones.
        if (!stale) options.onResync?.();
      }
    };
    s.onclose = () => {
      if (socket === s) socket = undefined;
      down();
    };
    s.onerror = () => {
      /* onclose follows and handles it */
    };
  };

  const down = () => {
    if (closed) return;
    setStatus('polling');
    failures++;
    if (timer !== undefined) clearTimer(timer);
    timer = setTimer(() => {
      timer = undefined;
      connect();
    }, backoff(failures));
  };

  return {
    followLive(on) {
      liveFollowers = Math.max(0, liveFollowers + (on ? 1 : -1));
      if (socket) sendSubscription();
      else connect();
    },
    followGames(ids) {
      for (const id of ids) games.set(id, (games.get(id) ?? 0) + 1);
      if (socket) sendSubscription();
      else connect();
      return () => {
        const gone: number[] = [];
        for (const id of ids) {
          const n = (games.get(id) ?? 1) - 1;
          if (n <= 0) {
            games.delete(id);
            gone.push(id);
          } else games.set(id, n);
        }
        if (gone.length && socket?.readyState === OPEN) socket.send(JSON.stringify({ op: 'unsubscribe', games: gone }));
      };
    },
    status: () => state,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      socket?.close();
      socket = undefined;
    },
  };
}
