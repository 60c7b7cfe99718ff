import type { FeedPushMessage } from '@tessera/shared/contract-api';
import type { FeedFilter } from './feed-filter';
import type { FeedChange, FeedReadModel } from './feed.read-model';

/** Most game ids one connection may follow. */
export const PUSH_MAX_GAMES = 200;
/** A client that lets this much pile up unsent is cut off: it must reconnect and refetch (polling fallback). */
export const PUSH_MAX_BUFFERED_BYTES = 1 << 20;
/** Close code for a client too slow to keep up. */
export const PUSH_CLOSE_TOO_SLOW = 4008;

/** A push message before its sequence number is set (the connection numbers its messages). */
export type PushMessageBody = FeedPushMessage extends infer M
  ? M extends { seq: number }
    ? Omit<M, 'seq'>
    : never
  : never;

/** The part of a WebSocket the hub uses (the `ws` socket fits). */
export interface PushSocket {
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** One client of the push channel: what it follows and what its brand may see. */
export class PushConnection {
  private seq = 0;
  readonly games = new Set<number>();
  live = false;

  constructor(
    private readonly socket: PushSocket,
    private readonly filter: FeedFilter,
    private readonly model: FeedReadModel,
  ) {}

  /** Sends one message with the next sequence number; cuts a client off rather than buffering without end. */
  send(message: PushMessageBody): void {
    if (this.socket.bufferedAmount > PUSH_MAX_BUFFERED_BYTES) {
      this.socket.close(PUSH_CLOSE_TOO_SLOW, 'too slow: refetch and reconnect');
      return;
    }
    this.seq++;
    const { type, ...rest } = message;
    this.socket.send(JSON.stringify({ type, seq: this.seq, ...rest }));
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
    const { op, games, live } = cmd as { op?: unknown; games?: unknown; live?: unknown };
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
    this.send({ type: 'subscribed', games: [...this.games].sort((a, b) => a - b), live: this.live });
  }

  /** Sends the changes this client follows and its brand may see, as one delta message (none if nothing is left). */
  deliver(changes: readonly FeedChange[], version: number): void {
    const mine = changes.filter((c) => this.wants(c));
    if (mine.length === 0) return;
    this.send({ type: 'delta', version, changes: [...mine] });
    for (const c of mine) if (c.kind === 'removed') this.games.delete(c.gameId);
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
    return entry.game.status === 'live' || change.kind === 'finished';
  }
}

/** All push connections, fed by the feed service's change listener. */
export class PushHub {
  private readonly connections = new Set<PushConnection>();

  /** Number of open connections (health and tests). */
  get size(): number {
    return this.connections.size;
  }

  /** Adds a connection; returns its removal. */
  add(connection: PushConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /** Delivers one batch of changes to every connection. */
  broadcast(changes: readonly FeedChange[], version: number): void {
    for (const connection of this.connections) connection.deliver(changes, version);
  }
}
