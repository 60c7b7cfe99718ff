import { createHash } from 'node:crypto';
import type { Database } from '@tessera/server/db';
import type { FeedBatch, FeedSource } from '@tessera/shared/contract-api';
import { PushHub } from '../feed-push';
import type { FeedLogger, FeedService, StreamMark } from '../feed.service';
import { readClusterMark, readStoredMark, takeEpoch, writeClusterMark } from './cluster-state';
import { FeedLeadership } from './feed-leadership';
import { FeedStream, FencedError, type FeedStreamEntry } from './feed-stream';

/** A provider that can hand over the events after a sequence number (the simulator can: FeedSimulator.replay). */
export interface ReplayableFeedSource extends FeedSource {
  replay?(afterSeq: number): FeedBatch[] | undefined;
}

/**
 * Read-model versions per stream position: before entry n every server raises its model's version to n × this, and
 * a delta of entry n carries (n + 1) × this − 1, so answers and deltas of different servers compare (ADR 0360).
 */
export const VERSION_STRIDE = 1 << 20;

/** Stream entries a starting server reads for clients that resume on it. */
const PRELOAD_ENTRIES = 2_000;

/**
 * A follower whose stream has not answered for this long, or whose last entry reached it this long after the leader
 * appended it, marks its live odds stale (clients hear it; HTTP feed answers carry `x-feed-stale`).
 */
export const STREAM_STALE_MS = 2_000;

/** Where the shared feed's row lives in `feed_cluster`. */
export const FEED_CLUSTER_STREAM = 'feed';

/** Options of {@link SharedFeed}. */
export interface SharedFeedOptions {
  service: FeedService;
  database: Database;
  /** For the leader lock's own connection. */
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of the Redis keys; also names the advisory lock, so two feeds on one database never share it. */
  keyPrefix: string;
  log: FeedLogger;
  /** Milliseconds between a follower's tries for the lead; default 500. */
  leaderIntervalMs?: number;
  /** Entries the Redis stream keeps; default 100,000. */
  streamMaxLength?: number;
  /** Unappended entries a leader keeps while Redis is down before it gives them up for a rebuild; default 20,000. */
  maxQueued?: number;
}

/** What {@link SharedFeed.state} reports (health, tests). */
export interface SharedFeedState {
  /** This server leads and follows the provider (its catch-up done). */
  leader: boolean;
  /** The last position the leader numbered (leader only; 0 elsewhere). */
  head: number;
  stale: boolean;
  position: number;
  epoch: number;
  queued: number;
  /** Milliseconds from the leader's append of the last applied entry to this server applying it. */
  lagMs: number;
  /** Milliseconds since the stream last answered a read of this server. */
  sinceReadMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

/** The advisory lock key of a feed: 63 bits of a hash of the schema and the key prefix. */
export function leaderLockKey(schema: string, keyPrefix: string): bigint {
  const hash = createHash('sha256').update(`tessera-feed-leader:${schema}:${keyPrefix}`).digest();
  return hash.readBigInt64BE(0) & 0x7fffffffffffffffn;
}

/**
 * The feed shared by several servers (ADR 0360). One of them leads (PostgreSQL advisory lock): it follows the provider,
 * writes the feed to PostgreSQL (FeedService's batched writes) and appends every batch to a Redis Stream, numbered.
 * Every server, the leader too, follows the stream: applies the events to its read model, tells its listeners (bets
 * settlement) and pushes the changes to its clients ({@link PushHub}, resume tokens are stream positions). A gap
 * (position jump, trimmed stream, Redis restarted empty) rebuilds the read model from PostgreSQL; Redis unreachable
 * marks the feed stale until it answers again.
 */
export class SharedFeed {
  readonly hub: PushHub;
  private readonly service: FeedService;
  private readonly db: Database;
  private readonly stream: FeedStream;
  private readonly leadership: FeedLeadership;
  private readonly log: FeedLogger;
  private readonly maxQueued: number;
  /** The last stream position this server applied. */
  private last = 0;
  private stopped = false;
  private stale = false;
  /** The stream refuses reads (Redis unreachable). */
  private unreadable = false;
  private lastReadAt = Date.now();
  private lagMs = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private reading: Promise<void> = Promise.resolve();
  private lock: Promise<unknown> = Promise.resolve();
  // Leader state.
  private leading = false;
  /** The leader caught up and follows the provider. */
  private following = false;
  private epoch = 0;
  private nextSeq = 0;
  private leaderProviderSeq = 0;
  private unsubscribe: (() => void) | undefined;
  private queue: FeedStreamEntry[] = [];
  private appending = false;
  private mustRebuild = false;

  private constructor(options: SharedFeedOptions, streamId: string, lockKey: bigint) {
    this.service = options.service;
    this.db = options.database;
    this.log = options.log;
    this.maxQueued = options.maxQueued ?? 20_000;
    this.hub = new PushHub({ streamId });
    this.stream = new FeedStream({
      url: options.redisUrl,
      keyPrefix: options.keyPrefix,
      ...(options.streamMaxLength !== undefined ? { maxLength: options.streamMaxLength } : {}),
    });
    this.leadership = new FeedLeadership({
      databaseUrl: options.databaseUrl,
      lockKey,
      ...(options.leaderIntervalMs !== undefined ? { intervalMs: options.leaderIntervalMs } : {}),
      onAcquire: () => this.exclusive(() => this.lead()),
      onLose: (reason) => this.exclusive(() => this.stepDown(reason)),
      onError: (err) => this.log.error({ err }, 'feed leadership'),
    });
  }

  /** Creates the shared feed: reads (or makes) the stream's row; connects to Redis (fails loudly when it cannot). */
  static async create(options: SharedFeedOptions): Promise<SharedFeed> {
    const mark = await readClusterMark(options.database, FEED_CLUSTER_STREAM);
    const { rows } = await options.database.query<{ schema: string }>('select current_schema() as schema');
    const feed = new SharedFeed(options, mark.streamId, leaderLockKey(rows[0]?.schema ?? 'public', options.keyPrefix));
    // Every reload of the stored feed reads the mark its rows reach in their snapshot (README, "The stored feed and
    // its mark"), the reload of FeedService.start too.
    options.service.readStreamMark ??= SharedFeed.readMark;
    await feed.stream.connect();
    return feed;
  }

  /** The high-water mark writer for FeedService (`writeStreamMark`). */
  static writeMark(tx: Parameters<typeof writeClusterMark>[0], seq: number, providerSeq: number): Promise<void> {
    return writeClusterMark(tx, FEED_CLUSTER_STREAM, seq, providerSeq);
  }

  /** The high-water mark reader for FeedService (`readStreamMark`): read in the snapshot of the stored rows. */
  static readMark(tx: Parameters<typeof readStoredMark>[0]): Promise<StreamMark> {
    return readStoredMark(tx, FEED_CLUSTER_STREAM);
  }

  /** Where this server stands (health, tests). */
  state(): SharedFeedState {
    return {
      leader: this.leading && this.following,
      head: this.leading ? this.nextSeq : 0,
      stale: this.stale,
      position: this.last,
      epoch: this.epoch,
      queued: this.queue.length,
      lagMs: this.lagMs,
      sinceReadMs: Math.max(0, Date.now() - this.lastReadAt),
    };
  }

  /**
   * Stale while the stream is unreadable, has not answered for {@link STREAM_STALE_MS}, or delivers entries that late;
   * every client hears a change, and it clears by itself.
   */
  private judgeStale(): void {
    const now = Date.now();
    const stale = this.unreadable || now - this.lastReadAt > STREAM_STALE_MS || this.lagMs > STREAM_STALE_MS;
    if (stale === this.stale || this.stopped) return;
    this.stale = stale;
    this.hub.setStale(stale);
    if (stale)
      this.log.error(
        { position: this.last, lagMs: this.lagMs, sinceReadMs: now - this.lastReadAt, unreadable: this.unreadable },
        'feed stream unreadable or lagging: live odds are stale until it catches up',
      );
    else this.log.info({ position: this.last }, 'feed stream readable again');
  }

  /**
   * Starts: the read model from the database at its mark (FeedService.start ran), then the stream after it, and the
   * bid for the lead.
   */
  async start(): Promise<void> {
    // The mark of FeedService.start's reload, read with its rows; a mark read now could be ahead of them.
    const mark = this.service.storedMark ? this.adopt(this.service.storedMark) : await this.reloadStored();
    // The stream's latest entries up to the mark, so clients of other servers can resume here at once.
    try {
      const recent = (await this.stream.range(Math.max(0, mark.seq - PRELOAD_ENTRIES), PRELOAD_ENTRIES)).filter(
        (e) => e.seq <= mark.seq && e.kind === 'batch',
      );
      this.hub.preload(
        recent.map((e) => ({ seq: e.seq, version: (e.seq + 1) * VERSION_STRIDE - 1, changes: e.changes })),
      );
    } catch (err) {
      this.log.error({ err }, 'feed stream unreadable at start: resuming clients refetch');
    }
    this.lastReadAt = Date.now();
    this.reading = this.follow();
    this.watchdog = setInterval(() => this.judgeStale(), 250);
    this.watchdog.unref?.();
    this.leadership.start();
  }

  /**
   * Replaces the read model with the stored feed and continues from the mark read in the same snapshot: the rows hold
   * every event up to its provider sequence number, which covers every entry up to its position (written so by the
   * leader: README, "The stored feed and its mark").
   */
  private async reloadStored(): Promise<StreamMark> {
    const mark = await this.service.reload();
    if (!mark) throw new Error('shared feed: the stored feed was reloaded without its stream mark');
    return this.adopt(mark);
  }

  /** Continues after `mark` (the read model holds the stored rows it was read with). */
  private adopt(mark: StreamMark): StreamMark {
    this.service.model.providerSeq = mark.providerSeq;
    this.last = mark.seq;
    this.hub.resyncAt(mark.seq);
    this.service.model.alignVersion((mark.seq + 1) * VERSION_STRIDE);
    return mark;
  }

  /** Runs `work` alone: stream reading, taking and giving up the lead never interleave. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => undefined);
    return run;
  }

  // ---- every server: following the stream ----

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        // A short block keeps the lock free for a takeover.
        const entries = await this.stream.read(this.last, 250);
        this.lastReadAt = Date.now();
        this.unreadable = false;
        if (entries.length === 0) this.lagMs = 0;
        if (entries.length > 0) await this.exclusive(() => this.consume(entries));
        this.judgeStale();
      } catch (err) {
        if (this.stopped) return;
        if (!this.unreadable) this.log.error({ err }, 'feed stream read failed');
        this.unreadable = true;
        this.judgeStale();
        await sleep(500);
      }
    }
  }

  private async consume(entries: FeedStreamEntry[]): Promise<void> {
    for (const entry of entries) {
      if (entry.seq <= this.last) continue;
      if (entry.seq !== this.last + 1 || entry.kind === 'rebuild') {
        const resumed = await this.recover(entry);
        if (!resumed) return;
        if (entry.kind === 'rebuild' || entry.seq <= this.last) continue;
      }
      this.apply(entry);
    }
  }

  /** Applies one entry: the events to the read model (a no-op on the leader, which applied them), then tells everyone. */
  private apply(entry: FeedStreamEntry): void {
    const model = this.service.model;
    model.alignVersion(entry.seq * VERSION_STRIDE);
    model.advanceTime(entry.to);
    for (const event of entry.events) model.apply(event);
    this.last = entry.seq;
    if (entry.appendedAt !== undefined) this.lagMs = Math.max(0, Date.now() - entry.appendedAt);
    const version = (entry.seq + 1) * VERSION_STRIDE - 1;
    this.hub.publish({ seq: entry.seq, version, changes: entry.changes });
    if (entry.changes.length > 0) this.service.notify(entry.changes, version);
  }

  /**
   * A gap before `entry`, or a rebuild entry: the read model reloads from the database (the leader's own model is the
   * truth and stays), clients refetch. Answers false when the database is behind the stream's start: the caller
   * waits for the leader's next flush.
   */
  private async recover(entry: FeedStreamEntry): Promise<boolean> {
    const own = this.leading && entry.epoch === this.epoch;
    if (own) {
      this.last = entry.seq - (entry.kind === 'rebuild' ? 0 : 1);
      this.hub.resyncAt(this.last);
      return true;
    }
    const target = entry.kind === 'rebuild' ? entry.seq : entry.seq - 1;
    const stored = await readStoredMark(this.db, FEED_CLUSTER_STREAM);
    if (stored.seq < target) {
      this.log.info({ position: this.last, entry: entry.seq, stored: stored.seq }, 'feed gap: waiting for the store');
      await sleep(300);
      return false;
    }
    // The mark is never lowered: the one read with the rows is at least `stored`.
    const mark = await this.reloadStored();
    this.log.info({ entry: entry.seq, kind: entry.kind, position: mark.seq }, 'feed read model rebuilt after a gap');
    return true;
  }

  // ---- the leader ----

  private async lead(): Promise<void> {
    if (this.stopped) return;
    const provider = this.service.source as ReplayableFeedSource | undefined;
    if (!provider) throw new Error('shared feed: this server has no provider to lead with');
    // Fenced first: the replaced leader may still have an append on its way to Redis (sent before it died). Read
    // before the fence, such an entry would land after this leader had decided where the stream stands, and its events
    // would be published twice (seen under load in the leader-kill test). After the fence Redis refuses it.
    this.epoch = await takeEpoch(this.db, FEED_CLUSTER_STREAM);
    await this.stream.fence(this.epoch);
    // Catch up with the stream: the new leader continues from the last published position.
    const catchUp = async (): Promise<void> => {
      for (;;) {
        const rest = await this.stream.range(this.last, 5_000);
        const before = this.last;
        if (rest.length > 0) await this.consume(rest);
        // Nothing left, or a gap the store does not cover yet: lead from the stored mark (below).
        if (rest.length === 0 || this.last === before) break;
      }
    };
    await catchUp();
    if ((await readStoredMark(this.db, FEED_CLUSTER_STREAM)).seq > this.last) {
      await this.reloadStored();
      // The stream may hold entries past the stored mark (the dead leader appended them before its store caught up):
      // they follow the mark without a gap, so they are applied too, or the provider's replay would publish their
      // events a second time.
      await catchUp();
    }
    // Events published in entries this server still could not apply: continuing from its own provider position would
    // publish them twice, so the stream restarts from the provider's snapshot instead (a rebuild entry, below).
    const unapplied = await this.stream.range(this.last, 5_000);
    const published = Math.max(0, ...unapplied.map((e) => e.providerSeq));
    this.nextSeq = Math.max(this.last, await this.stream.last());
    this.leaderProviderSeq = this.service.model.providerSeq;
    const behind = published > this.leaderProviderSeq;
    if (behind)
      this.log.error(
        { position: this.last, providerSeq: this.leaderProviderSeq, published },
        'feed leader: published entries could not be applied; the stream restarts from a snapshot',
      );
    this.leading = true;
    this.mustRebuild = false;
    const buffered: FeedBatch[] = [];
    let live = false;
    this.unsubscribe = provider.subscribe((batch) => {
      if (!this.leading) return;
      if (live) this.onProviderBatch(batch);
      else buffered.push(batch);
    });
    // A feed that never followed this provider (a new cluster) starts from its snapshot; otherwise from what it missed.
    const missed = this.leaderProviderSeq > 0 && !behind ? provider.replay?.(this.leaderProviderSeq) : undefined;
    if (missed) {
      for (const batch of missed) this.onProviderBatch(batch);
      this.log.info(
        { epoch: this.epoch, position: this.nextSeq, providerSeq: this.leaderProviderSeq, replayed: missed.length },
        'feed leader: continuing the stream',
      );
    } else {
      await this.rebuildFromProvider(provider);
      this.log.info({ epoch: this.epoch, position: this.nextSeq }, 'feed leader: stream restarted from a snapshot');
    }
    live = true;
    for (const batch of buffered) this.onProviderBatch(batch);
    this.following = true;
  }

  /** The provider cannot replay what was missed: its snapshot replaces the feed, stored before the rebuild entry. */
  private async rebuildFromProvider(provider: FeedSource): Promise<void> {
    const snapshot = provider.snapshot();
    this.service.takeSnapshot(snapshot);
    this.leaderProviderSeq = snapshot.seq;
    const seq = ++this.nextSeq;
    this.service.markStream(seq);
    await this.service.flush();
    this.queue.push({
      seq,
      kind: 'rebuild',
      epoch: this.epoch,
      providerSeq: snapshot.seq,
      to: snapshot.at,
      events: [],
      changes: [],
    });
    void this.pump();
  }

  private onProviderBatch(batch: FeedBatch): void {
    if (!this.leading || this.stopped) return;
    const events = batch.events.filter((e) => e.seq > this.leaderProviderSeq);
    if (events.length === 0) {
      this.service.model.advanceTime(batch.to);
      return;
    }
    this.leaderProviderSeq = (events.at(-1) as (typeof events)[number]).seq;
    const changes = this.service.applyBatch({ ...batch, events });
    if (this.mustRebuild) return; // Redis was down too long: the next append is a rebuild (pump)
    this.queue.push({
      seq: ++this.nextSeq,
      kind: 'batch',
      epoch: this.epoch,
      providerSeq: this.leaderProviderSeq,
      to: batch.to,
      events,
      changes,
    });
    if (this.queue.length > this.maxQueued) {
      // Redis has been down for long: give the entries up; when it is back, followers rebuild from the database.
      this.queue = [];
      this.mustRebuild = true;
      this.log.error({ position: this.nextSeq }, 'feed leader: stream unreachable for too long; a rebuild follows');
    }
    void this.pump();
  }

  /** Appends queued entries in order; retries while Redis is unreachable; steps down when fenced. */
  private async pump(): Promise<void> {
    if (this.appending) return;
    this.appending = true;
    try {
      while (this.leading && !this.stopped) {
        if (this.mustRebuild) {
          const seq = ++this.nextSeq;
          this.service.markStream(seq);
          await this.service.flush();
          this.queue = [
            {
              seq,
              kind: 'rebuild',
              epoch: this.epoch,
              providerSeq: this.leaderProviderSeq,
              to: this.service.model.feedTime,
              events: [],
              changes: [],
            },
          ];
          this.mustRebuild = false;
        }
        const entry = this.queue[0];
        if (!entry) break;
        try {
          await this.stream.append(entry);
        } catch (err) {
          if (err instanceof FencedError) {
            this.log.error({ epoch: this.epoch }, 'feed leader fenced off: a newer leader appends');
            this.leadership.release();
            void this.exclusive(() => this.stepDown('fenced'));
            return;
          }
          await sleep(250);
          continue;
        }
        if (this.queue[0] === entry) this.queue.shift();
        // Stored in the stream: the database may now say the feed reached it.
        this.service.markStream(entry.seq);
      }
    } finally {
      this.appending = false;
    }
  }

  private async stepDown(reason: string): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.following = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.queue = [];
    if (!this.stopped) this.service.discardPending();
    (this.stopped ? this.log.info.bind(this.log) : this.log.error.bind(this.log))(
      { reason, epoch: this.epoch },
      'feed leader stepped down',
    );
    if (this.stopped) return;
    // The model may hold batches nobody else saw: back to the stored feed, then the stream.
    try {
      await this.reloadStored();
    } catch (err) {
      this.log.error({ err }, 'feed: reload after stepping down failed');
    }
  }

  /** Gives up the lead (after appending what is queued, briefly) and stops following. */
  async stop(): Promise<void> {
    if (this.leading) {
      const until = Date.now() + 2_000;
      while (this.queue.length > 0 && Date.now() < until) await sleep(20);
      await this.service.flush();
    }
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    await this.leadership.stop();
    this.hub.close();
    await this.reading.catch(() => undefined);
    await this.stream.close();
  }
}
