import { Redis } from 'ioredis';
import type { FeedEvent } from '@tessera/shared/contract-api';
import type { FeedChange } from '../feed.read-model';

/**
 * One entry of the shared feed's Redis Stream (ADR 0360). Its stream id is `<seq>-0`, so Redis itself refuses a
 * position twice or out of order.
 * - `batch`: one provider batch: the events (every server's read model applies them) and the changes they made on
 *   the leader (what clients receive, replayed to resuming ones).
 * - `rebuild`: the leader replaced the feed from a provider snapshot and stored it: read models reload from the
 *   database, clients refetch.
 */
export interface FeedStreamEntry {
  seq: number;
  kind: 'batch' | 'rebuild';
  /** The leader's epoch (raised at every takeover). */
  epoch: number;
  /** The provider sequence number the entry brings the feed to. */
  providerSeq: number;
  /** Feed time (epoch ms) the entry covers. */
  to: number;
  events: FeedEvent[];
  changes: FeedChange[];
  /** When the leader appended it (epoch ms, set by {@link FeedStream.append}): followers measure their lag by it. */
  appendedAt?: number;
}

/** The leader was replaced: its appends are refused. */
export class FencedError extends Error {
  constructor() {
    super('feed stream: a newer leader appends now');
  }
}

// Appends one entry unless a newer leader (higher epoch) appended already; the explicit id refuses a position twice.
const APPEND = `
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
local mine = tonumber(ARGV[1])
if mine < current then return redis.error_reply('FENCED') end
if mine > current then redis.call('SET', KEYS[2], ARGV[1]) end
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], ARGV[2], 'd', ARGV[3])
`;

// Raises the stream's epoch to a new leader's (never lowers it): from then on the replaced leader's appends are refused.
const FENCE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local mine = tonumber(ARGV[1])
if mine > current then redis.call('SET', KEYS[1], ARGV[1]) return mine end
return current
`;

/** Options of {@link FeedStream}. */
export interface FeedStreamOptions {
  /** redis://host:port/db */
  url: string;
  /** Prefix of the keys (tests give each file its own). */
  keyPrefix: string;
  /** Entries the stream keeps (approximately); default 100,000. */
  maxLength?: number;
  /** Called when a connection is lost or back (logging). */
  onConnection?: (state: 'ready' | 'lost', which: string) => void;
}

function parse(id: string, fields: string[]): FeedStreamEntry | undefined {
  const seq = Number(id.split('-')[0]);
  const at = fields.indexOf('d');
  const data = at >= 0 ? fields[at + 1] : undefined;
  if (!Number.isSafeInteger(seq) || data === undefined) return undefined;
  const body = JSON.parse(data) as Omit<FeedStreamEntry, 'seq'>;
  return { ...body, seq };
}

type RawEntries = Array<[string, string[]]>;

/**
 * The shared feed's Redis Stream: appends (leader), blocking reads (every server), ranges. Two connections: one for
 * the blocking read, one for everything else; commands fail at once while Redis is unreachable (no offline queue),
 * so callers see the outage and retry, and both reconnect on their own.
 */
export class FeedStream {
  readonly key: string;
  private readonly epochKey: string;
  private readonly maxLength: number;
  private readonly commands: Redis;
  private readonly reader: Redis;

  constructor(options: FeedStreamOptions) {
    this.key = `${options.keyPrefix}{feed}:stream`;
    this.epochKey = `${options.keyPrefix}{feed}:epoch`;
    this.maxLength = options.maxLength ?? 100_000;
    const connect = (which: string): Redis => {
      const redis = new Redis(options.url, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        retryStrategy: (times) => Math.min(200 * times, 1_000),
      });
      redis.on('ready', () => options.onConnection?.('ready', which));
      redis.on('end', () => options.onConnection?.('lost', which));
      redis.on('close', () => options.onConnection?.('lost', which));
      // Errors surface in the commands; an unhandled 'error' event would crash the process.
      redis.on('error', () => undefined);
      return redis;
    };
    this.commands = connect('commands');
    this.reader = connect('reader');
  }

  /** Opens both connections; rejects when Redis does not answer. */
  async connect(): Promise<void> {
    await Promise.all([this.commands.connect(), this.reader.connect()]);
  }

  /** Appends an entry as leader of `entry.epoch`; resolves when stored (or stored already), FencedError when replaced. */
  async append(entry: FeedStreamEntry): Promise<void> {
    const { seq, ...body } = entry;
    try {
      await this.commands.eval(
        APPEND,
        2,
        this.key,
        this.epochKey,
        String(entry.epoch),
        `${seq}-0`,
        JSON.stringify({ ...body, appendedAt: Date.now() }),
        String(this.maxLength),
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message.includes('FENCED')) throw new FencedError();
      // The id is at or below the stream's top: this leader stored it already (a retry after a lost answer).
      if (message.includes('equal or smaller')) return;
      throw err;
    }
  }

  /**
   * Fences the stream for a new leader of `epoch` before it reads where the stream stands: an append of the replaced
   * leader still on its way (sent before it died, arriving after) is refused instead of landing behind the reads.
   * Resolves with the stream's epoch after (higher than `epoch` when a still newer leader fenced first).
   */
  async fence(epoch: number): Promise<number> {
    return Number(await this.commands.eval(FENCE, 1, this.epochKey, String(epoch)));
  }

  /** Entries after `seq`, waiting up to `blockMs` for the first; [] when none came. */
  async read(after: number, blockMs: number, count = 1_000): Promise<FeedStreamEntry[]> {
    const answer = (await this.reader.call(
      'XREAD',
      'COUNT',
      String(count),
      'BLOCK',
      String(blockMs),
      'STREAMS',
      this.key,
      `${after}-0`,
    )) as Array<[string, RawEntries]> | [string, RawEntries] | null;
    if (!answer || answer.length === 0) return [];
    // RESP3 (ioredis 6's default) answers the key and its entries as a flat pair; RESP2 one pair per stream.
    const items =
      typeof answer[0] === 'string' ? (answer[1] as RawEntries) : (answer as Array<[string, RawEntries]>)[0]?.[1];
    return this.entries(items ?? []);
  }

  /** Entries after `seq` without waiting (at most `count`). */
  async range(after: number, count = 1_000): Promise<FeedStreamEntry[]> {
    const raw = (await this.commands.call(
      'XRANGE',
      this.key,
      `(${after}-0`,
      '+',
      'COUNT',
      String(count),
    )) as RawEntries;
    return this.entries(raw);
  }

  /** The last entry's position (0 for an empty or missing stream). */
  async last(): Promise<number> {
    const raw = (await this.commands.call('XREVRANGE', this.key, '+', '-', 'COUNT', '1')) as RawEntries;
    const id = raw[0]?.[0];
    return id ? Number(id.split('-')[0]) : 0;
  }

  private entries(raw: RawEntries): FeedStreamEntry[] {
    const out: FeedStreamEntry[] = [];
    for (const [id, fields] of raw) {
      const entry = parse(id, fields);
      if (entry) out.push(entry);
    }
    return out;
  }

  /** Closes both connections. */
  async close(): Promise<void> {
    this.reader.disconnect();
    this.commands.disconnect();
  }
}
