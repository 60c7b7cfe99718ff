import type { FeedPushMessage } from '@tessera/shared/contract-api';
import type { FeedFilter } from './feed-filter';
import type { FeedChange, FeedReadModel } from './feed.read-model';
import { deflateShared, sendTextParts } from './push-frame';

/** Most game ids one connection may follow. */
export const PUSH_MAX_GAMES = 200;
/** A client that lets this much pile up unsent is cut off: it must reconnect and refetch (polling fallback). */
export const PUSH_MAX_BUFFERED_BYTES = 1 << 20;
/**
 * Above this many unsent bytes a client gets no more deltas one by one: they are merged (latest odds per outcome,
 * latest state per market and game) and sent as one once its socket drained below {@link PUSH_DRAINED_BYTES}.
 */
export const PUSH_CONFLATE_BYTES = 64 * 1024;
/** Unsent bytes below which a conflating client gets its merged delta. */
export const PUSH_DRAINED_BYTES = 16 * 1024;
/** Most merged changes one slow client may hold; more and it is cut off (it follows more than it can read). */
export const PUSH_MAX_CONFLATED = 50_000;
/** Close code for a client too slow to keep up. */
export const PUSH_CLOSE_TOO_SLOW = 4008;
/** Deltas (changes in all) a hub keeps at least for clients that resume after a reconnect. */
export const PUSH_REPLAY_CHANGES = 200_000;
/**
 * How long a hub keeps every position, whatever their number, for clients that resume after a reconnect: a storm of
 * clients dropped at once resumes within it even at thousands of changes per second.
 */
export const PUSH_REPLAY_MS = 60_000;
/** Most changes a hub keeps for resuming clients, however young (memory bound). */
export const PUSH_REPLAY_MAX_CHANGES = 1_000_000;

/** A push message before its sequence number is set (the connection numbers its messages). */
export type PushMessageBody = FeedPushMessage extends infer M
  ? M extends { seq: number }
    ? Omit<M, 'seq'>
    : never
  : never;

/** The part of a WebSocket the hub uses (the `ws` socket fits). */
export interface PushSocket {
  readonly bufferedAmount: number;
  /** Sends one text message; a Buffer holds its UTF-8 bytes (`binary: false` keeps it a text frame). */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
}

/**
 * One position of the feed as the push channel numbers it: the changes of one provider batch (one entry of the shared
 * feed's stream, ADR 0360), with the read-model version they bring a client to.
 */
export interface PushEntry {
  /** Position in the feed: consecutive, the resume token's number. */
  seq: number;
  version: number;
  changes: readonly FeedChange[];
}

/** A live-list delta shared by every client of one brand filter: its changes, and its text after the `seq`. */
export interface LiveShare {
  changes: FeedChange[];
  /** `,"resume":"…","version":…,"changes":` (ASCII): what follows the client's `seq`, before the changes. */
  middle: string;
  /** `[…]}` as UTF-8, built once. */
  tail: () => Buffer;
  /** {@link tail} compressed once for permessage-deflate (raw deflate, sync-flushed, its `00 00 ff ff` cut off). */
  deflatedTail: () => Buffer;
}

function conflationKey(change: FeedChange): string {
  switch (change.kind) {
    case 'odds':
      return `o${change.outcomeId}`;
    case 'suspension':
      return `s${change.marketId}`;
    case 'score':
      return `p${change.gameId}`;
    case 'clock':
      return `c${change.gameId}`;
    default:
      return `${change.kind}${change.gameId}`;
  }
}

/** One client of the push channel: what it follows and what its brand may see. */
export class PushConnection {
  private seq = 0;
  readonly games = new Set<number>();
  live = false;
  /** The feed position this client has (or skipped, filtered out): entries at or below it are not sent again. */
  position: number;
  /** Merged changes waiting for a slow client's socket to drain (insertion order = order of last change). */
  private conflated: Map<string, FeedChange> | undefined;
  private conflatedVersion = 0;
  private closed = false;

  constructor(
    private readonly socket: PushSocket,
    private readonly filter: FeedFilter,
    private readonly model: FeedReadModel,
    private readonly hub?: PushHub,
  ) {
    this.position = hub?.position ?? 0;
  }

  /** Sends one message with the next sequence number; cuts a client off rather than buffering without end. */
  send(message: PushMessageBody): void {
    if (this.closed) return;
    if (this.socket.bufferedAmount > PUSH_MAX_BUFFERED_BYTES) {
      this.cutOff();
      return;
    }
    this.seq++;
    const { type, ...rest } = message;
    this.socket.send(JSON.stringify({ type, seq: this.seq, ...rest }));
  }

  private cutOff(): void {
    this.closed = true;
    this.conflated = undefined;
    this.hub?.forgetSlow(this);
    this.socket.close(PUSH_CLOSE_TOO_SLOW, 'too slow: refetch and reconnect');
  }

  /** The greeting: the feed's version and position, and whether its odds are stale. */
  hello(): void {
    const hub = this.hub;
    this.send({
      type: 'hello',
      version: this.model.version,
      maxGames: PUSH_MAX_GAMES,
      ...(hub ? { resume: hub.token(this.position), ...(hub.stale ? { stale: true } : {}) } : {}),
    });
  }

  /** Handles one client command (schemas/api/feed/feed-push-command.schema.json). */
  command(raw: string): void {
    let cmd: unknown;
    try {
      cmd = JSON.parse(raw);
    } catch {
      this.send({ type: 'error', message: 'commands are JSON objects' });
      return;
    }
    if (typeof cmd !== 'object' || cmd === null) {
      this.send({ type: 'error', message: 'commands are JSON objects' });
      return;
    }
    const { op, games, live, resume } = cmd as { op?: unknown; games?: unknown; live?: unknown; resume?: unknown };
    if (op === 'ping') {
      this.send({ type: 'pong' });
      return;
    }
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      this.send({ type: 'error', message: 'op must be subscribe, unsubscribe or ping' });
      return;
    }
    if (games !== undefined && (!Array.isArray(games) || !games.every((g) => Number.isSafeInteger(g) && g > 0))) {
      this.send({ type: 'error', message: 'games must be an array of positive integer game ids' });
      return;
    }
    if (live !== undefined && typeof live !== 'boolean') {
      this.send({ type: 'error', message: 'live must be a boolean' });
      return;
    }
    if (resume !== undefined && (op !== 'subscribe' || typeof resume !== 'string' || resume.length > 100)) {
      this.send({ type: 'error', message: 'resume is the token of a message, with subscribe' });
      return;
    }
    const ids = (games ?? []) as number[];
    if (op === 'subscribe') {
      if (this.games.size + ids.filter((id) => !this.games.has(id)).length > PUSH_MAX_GAMES) {
        this.send({ type: 'error', message: `at most ${PUSH_MAX_GAMES} games per connection` });
        return;
      }
      for (const id of ids) this.games.add(id);
      // subscribe states the live-list wish outright (true or false); absent leaves it as it was.
      if (typeof live === 'boolean') this.live = live;
    } else {
      for (const id of ids) this.games.delete(id);
      if (live === true) this.live = false;
    }
    const subscribed = { type: 'subscribed' as const, games: [...this.games].sort((a, b) => a - b), live: this.live };
    if (typeof resume !== 'string') {
      this.send(subscribed);
      return;
    }
    // A reconnect: the deltas after the token follow the answer, from this server's copy of the stream.
    const from = this.hub?.parseToken(resume);
    const missed = from === undefined ? undefined : this.hub?.entriesAfter(from);
    this.send({ ...subscribed, resumed: missed !== undefined });
    if (from === undefined || missed === undefined) return;
    // A token ahead of this server (the client came from a server further along) skips what it already has.
    this.position = from;
    for (const entry of missed) this.deliverEntry(entry);
  }

  /** Sends the changes this client follows and its brand may see, as one delta message (none if nothing is left). */
  deliver(changes: readonly FeedChange[], version: number): void {
    this.deliverEntry({ seq: this.position + 1, version, changes });
  }

  /** Delivers one feed position: once (positions at or below the client's are skipped), merged while it is slow. */
  deliverEntry(entry: PushEntry): void {
    if (this.closed || entry.seq <= this.position) return;
    this.position = entry.seq;
    // Clients that follow the live list only, under one brand filter, get the same changes: filtered and serialised
    // once per entry, whatever their number.
    const shared =
      this.hub && this.live && this.games.size === 0 ? this.hub.liveShare(entry, this.filter, this) : undefined;
    const mine = shared ? shared.changes : entry.changes.filter((c) => this.wants(c));
    // A live-list-only client follows no game by id: nothing to forget (and no loop over the changes per client).
    if (!shared) for (const c of mine) if (c.kind === 'removed') this.games.delete(c.gameId);
    if (mine.length === 0) return;
    if (this.conflated || this.socket.bufferedAmount > PUSH_CONFLATE_BYTES) {
      this.conflate(mine, entry.version);
      return;
    }
    if (shared && this.socket.bufferedAmount <= PUSH_MAX_BUFFERED_BYTES) {
      // The same bytes for every such client but its message number: one copy, no serialising or encoding per client.
      // The tail is written after a small head on the socket, neither copied nor compressed per client (push-frame.ts).
      this.seq++;
      sendTextParts(this.socket, `{"type":"delta","seq":${this.seq}${shared.middle}`, shared);
      return;
    }
    this.sendDelta(mine, entry.version, false);
  }

  /** The changes of `entry` this client may see (the live list's rule; public for the hub's shared filtering). */
  visible(entry: PushEntry): FeedChange[] {
    return entry.changes.filter((c) => this.wants(c));
  }

  private sendDelta(changes: FeedChange[], version: number, conflated: boolean): void {
    // The resume token and flags before the changes, as in the shared deltas: a reader finds the position in the
    // first bytes.
    this.send({
      type: 'delta',
      ...(this.hub ? { resume: this.hub.token(this.position) } : {}),
      ...(conflated ? { conflated: true } : {}),
      version,
      changes,
    });
  }

  private conflate(changes: readonly FeedChange[], version: number): void {
    if (!this.conflated) {
      this.conflated = new Map();
      this.hub?.watchSlow(this);
    }
    const merged = this.conflated;
    for (const change of changes) {
      const key = conflationKey(change);
      const before = merged.get(key);
      merged.delete(key);
      // Odds keep the price the client last saw as `old`.
      merged.set(key, before?.kind === 'odds' && change.kind === 'odds' ? { ...change, old: before.old } : change);
    }
    this.conflatedVersion = version;
    if (merged.size > PUSH_MAX_CONFLATED) this.cutOff();
  }

  /** Whether the client is holding merged changes (slow). */
  get conflating(): boolean {
    return this.conflated !== undefined;
  }

  /** Sends the merged changes once the socket drained; answers whether the client is caught up. */
  drain(): boolean {
    if (!this.conflated || this.closed) return true;
    if (this.socket.bufferedAmount > PUSH_DRAINED_BYTES) return false;
    const changes = [...this.conflated.values()];
    this.conflated = undefined;
    if (changes.length > 0) this.sendDelta(changes, this.conflatedVersion, true);
    return true;
  }

  /** Tells the client its deltas since `resume` were lost on the server's side: it refetches. */
  resync(position: number): void {
    this.position = position;
    this.conflated = undefined;
    this.send({ type: 'resync', resume: this.hub?.token(position) ?? String(position) });
  }

  private wants(change: FeedChange): boolean {
    const entry = this.model.games.get(change.gameId);
    // A removed game is gone from the model: followers by id still learn it left.
    if (!entry) return change.kind === 'removed' && this.games.has(change.gameId);
    const sport = this.model.sports.get(entry.game.sportId);
    if (!this.filter.allows(sport)) return false;
    // A followed game's prices and score reach the client only while the brand offers the game (a pre-match game with
    // the line off, a live one with live off: never); that it started or ended always does (ADR 0190).
    if (this.games.has(change.gameId))
      return this.filter.offers(entry.game, sport) || change.kind === 'started' || change.kind === 'finished';
    if (!this.live || !this.filter.liveOn) return false;
    // The model may be ahead of the entry (a shared feed's leader publishes an entry after applying later batches): a
    // game that has ended since was live when this entry's changes happened, and the client learns of the end after.
    return entry.game.status !== 'prematch' || change.kind === 'finished';
  }
}

/** Options of {@link PushHub}. */
export interface PushHubOptions {
  /**
   * Names the feed's numbering in resume tokens: a token of another numbering (a restarted single server) is not
   * resumed. A shared feed passes its stream's id, so every server of a cluster accepts the others' tokens.
   */
  streamId?: string;
  /** Changes kept for resuming clients; default {@link PUSH_REPLAY_CHANGES}. */
  replayChanges?: number;
  /** How often slow clients are looked at (ms); default 50. */
  drainIntervalMs?: number;
  /** Positions younger than this (ms) are kept whatever their number; default {@link PUSH_REPLAY_MS}. */
  replayMs?: number;
  /** Most changes kept however young; default {@link PUSH_REPLAY_MAX_CHANGES}. */
  replayMaxChanges?: number;
  /** The clock of the replay window (tests). */
  now?: () => number;
}

/**
 * All push connections of a server, fed with the feed's positions ({@link PushEntry}); keeps the latest positions so a
 * client that reconnects (here or from another server of a cluster) gets what it missed, and says when the feed is
 * stale.
 */
export class PushHub {
  private readonly connections = new Set<PushConnection>();
  private readonly slow = new Set<PushConnection>();
  readonly streamId: string;
  private readonly replayChanges: number;
  private readonly drainIntervalMs: number;
  private readonly now: () => number;
  private readonly recent: PushEntry[] = [];
  /** When each kept entry was published (ms), parallel to `recent`. */
  private readonly recentAt: number[] = [];
  private readonly replayMs: number;
  private readonly replayMaxChanges: number;
  private recentChanges = 0;
  /** Entries after this position are all in `recent` (or none came yet). */
  private floor = 0;
  /** The latest position delivered. */
  position = 0;
  private isStale = false;
  private drainTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: PushHubOptions = {}) {
    this.streamId = options.streamId ?? Math.random().toString(36).slice(2, 10);
    this.replayChanges = options.replayChanges ?? PUSH_REPLAY_CHANGES;
    this.replayMs = options.replayMs ?? PUSH_REPLAY_MS;
    this.replayMaxChanges = Math.max(this.replayChanges, options.replayMaxChanges ?? PUSH_REPLAY_MAX_CHANGES);
    this.now = options.now ?? Date.now;
    this.drainIntervalMs = options.drainIntervalMs ?? 50;
  }

  /** Number of open connections (health and tests). */
  get size(): number {
    return this.connections.size;
  }

  /** Whether the feed is stale (a shared feed that cannot read its stream): clients were told. */
  get stale(): boolean {
    return this.isStale;
  }

  /** Adds a connection; returns its removal. */
  add(connection: PushConnection): () => void {
    this.connections.add(connection);
    return () => {
      this.connections.delete(connection);
      this.forgetSlow(connection);
    };
  }

  /** The resume token of a position. */
  token(position: number): string {
    return `${this.streamId}.${position}`;
  }

  /** The position a token of this feed names; undefined for a malformed token or another numbering's. */
  parseToken(token: string): number | undefined {
    const dot = token.lastIndexOf('.');
    if (dot < 0 || token.slice(0, dot) !== this.streamId) return undefined;
    const n = Number(token.slice(dot + 1));
    return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  }

  /** The entries after `position` (none when it is at or ahead of this hub); undefined when they are no longer kept. */
  entriesAfter(position: number): PushEntry[] | undefined {
    if (position < this.floor) return undefined;
    return this.recent.filter((e) => e.seq > position);
  }

  /** Per kept entry, its live-list changes per brand filter, filtered and serialised once (replays reuse them). */
  private readonly shares = new WeakMap<PushEntry, Map<string, LiveShare>>();

  /** The live-list changes of `entry` under `filter`, filtered and serialised once for every such client. */
  liveShare(entry: PushEntry, filter: FeedFilter, connection: PushConnection): LiveShare {
    let byFilter = this.shares.get(entry);
    if (!byFilter) this.shares.set(entry, (byFilter = new Map()));
    let found = byFilter.get(filter.key);
    if (!found) {
      const changes = connection.visible(entry);
      let tail: Buffer | undefined;
      let deflated: Buffer | undefined;
      const share: LiveShare = {
        changes,
        middle: `,"resume":${JSON.stringify(this.token(entry.seq))},"version":${entry.version},"changes":`,
        tail: () => (tail ??= Buffer.from(`${JSON.stringify(changes)}}`, 'utf8')),
        deflatedTail: () => (deflated ??= deflateShared(share.tail())),
      };
      found = share;
      byFilter.set(filter.key, found);
    }
    return found;
  }

  /** Delivers one batch of changes to every connection as the next position (one process, tests). */
  broadcast(changes: readonly FeedChange[], version: number): void {
    this.publish({ seq: this.position + 1, version, changes });
  }

  /** Delivers the feed's next position to every connection and keeps it for resuming clients. */
  publish(entry: PushEntry): void {
    if (entry.seq <= this.position) return;
    if (entry.seq !== this.position + 1) {
      // A hole (the caller rebuilt after a gap): positions before it cannot be replayed.
      this.forgetBefore(entry.seq - 1);
    }
    this.position = entry.seq;
    this.keep(entry);
    // Filtered against the read model as it stands at this position (the next entry may end or remove a game).
    for (const connection of this.connections) connection.deliverEntry(entry);
  }

  private keep(entry: PushEntry): void {
    const at = this.now();
    this.recent.push(entry);
    this.recentAt.push(at);
    this.recentChanges += entry.changes.length;
    this.trim(at);
  }

  /** Drops the oldest kept positions past the count and older than the replay window, or past the memory bound. */
  private trim(at: number): void {
    while (this.recent.length > 1) {
      const over = this.recentChanges > this.replayChanges;
      const old = (this.recentAt[0] ?? at) < at - this.replayMs;
      if (!(over && old) && this.recentChanges <= this.replayMaxChanges) break;
      const dropped = this.recent.shift() as PushEntry;
      this.recentAt.shift();
      this.recentChanges -= dropped.changes.length;
      this.floor = dropped.seq;
    }
  }

  /**
   * Takes entries published before this hub started (a server joining a cluster reads the stream's latest), so a
   * client that reconnects here with a token of another server resumes; they must end at the hub's position.
   */
  preload(entries: readonly PushEntry[]): void {
    const last = entries.at(-1);
    if (!last || last.seq !== this.position || this.recent.length > 0) return;
    for (let i = 1; i < entries.length; i++)
      if ((entries[i] as PushEntry).seq !== (entries[i - 1] as PushEntry).seq + 1) return;
    const at = this.now();
    this.recent.push(...entries);
    for (let i = 0; i < entries.length; i++) this.recentAt.push(at);
    this.recentChanges = entries.reduce((n, e) => n + e.changes.length, 0);
    this.floor = (entries[0] as PushEntry).seq - 1;
    this.trim(at);
  }

  /**
   * The feed continues at `position` after changes were lost on this server (a gap in the shared stream, rebuilt
   * from the database): every client is told to refetch, and earlier tokens no longer resume.
   */
  resyncAt(position: number): void {
    this.forgetBefore(position);
    this.position = position;
    for (const connection of this.connections) connection.resync(position);
  }

  private forgetBefore(position: number): void {
    this.recent.length = 0;
    this.recentAt.length = 0;
    this.recentChanges = 0;
    this.floor = position;
  }

  /** Marks the feed stale (true) or following again (false); every client hears of a change. */
  setStale(stale: boolean): void {
    if (this.isStale === stale) return;
    this.isStale = stale;
    for (const connection of this.connections) connection.send({ type: 'status', stale });
  }

  /** A connection started merging its deltas: it is drained on a timer. */
  watchSlow(connection: PushConnection): void {
    this.slow.add(connection);
    if (this.drainTimer) return;
    this.drainTimer = setInterval(() => {
      for (const c of this.slow) if (c.drain()) this.slow.delete(c);
      if (this.slow.size === 0 && this.drainTimer) {
        clearInterval(this.drainTimer);
        this.drainTimer = undefined;
      }
    }, this.drainIntervalMs);
    this.drainTimer.unref?.();
  }

  /** Stops looking at a connection (closed or cut off). */
  forgetSlow(connection: PushConnection): void {
    this.slow.delete(connection);
  }

  /** Stops the drain timer (server close). */
  close(): void {
    if (this.drainTimer) clearInterval(this.drainTimer);
    this.drainTimer = undefined;
    this.slow.clear();
  }
}
