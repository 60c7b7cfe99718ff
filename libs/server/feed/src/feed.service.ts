import type { Database, Queryable } from '@tessera/server/db';
import type {
  FeedBatch,
  FeedGame,
  FeedGameResult,
  FeedProviderMarket,
  FeedOutcome,
  FeedSnapshot,
  FeedSource,
} from '@tessera/shared/contract-api';
import { FeedReadModel, type AppliedEvent, type FeedChange } from './feed.read-model';
import {
  deleteMarketsNotIn,
  insertResults,
  loadStoredFeed,
  markAbsentRemoved,
  markRemoved,
  saveCheckpoint,
  saveLookups,
  upsertGames,
  upsertMarkets,
  upsertOutcomes,
} from './feed.repository';

/** Receives the changes of one provider batch, after the read model applied them. */
export type FeedChangeListener = (changes: readonly FeedChange[], version: number) => void;

/** Where the service logs; Fastify's logger fits. */
export interface FeedLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Options of {@link FeedService}. */
export interface FeedServiceOptions {
  database: Database;
  /** The odds feed; without one the service serves what the database holds (a provider outage, tests). */
  provider?: FeedSource | undefined;
  /** How often odds ticks are written, in milliseconds; default 1000. Status changes and results go at once. */
  flushIntervalMs?: number;
  log?: FeedLogger;
  /**
   * Whether `start()` follows the provider itself (one process, the default). A shared feed (ADR 0360) says false and
   * calls {@link FeedService.applyBatch} only while its server leads, and {@link FeedService.notify} for every
   * server from the stream.
   */
  followProvider?: boolean;
  /**
   * Written in every flush's transaction with the highest stream sequence number (and provider sequence number) the
   * flush covers ({@link FeedService.markStream}): the shared feed's high-water mark.
   */
  writeStreamMark?: (tx: Queryable, seq: number, providerSeq: number) => Promise<void>;
  /**
   * Read by every {@link FeedService.reload} in the snapshot it reads the rows from: the high-water mark those rows
   * reach (a shared feed's; `SharedFeed.create` sets it when not given).
   */
  readStreamMark?: (tx: Queryable) => Promise<StreamMark>;
}

/**
 * The shared feed's high-water mark as stored with the feed: the stream position and the provider sequence number
 * the stored rows reach.
 */
export interface StreamMark {
  seq: number;
  providerSeq: number;
}

interface Pending {
  games: Set<number>;
  markets: Set<string>;
  outcomes: Set<string>;
  results: FeedGameResult[];
  removed: Set<number>;
  /** A provider snapshot not yet written: written whole, and every stored game absent from it marked removed. */
  snapshot: FeedSnapshot | undefined;
  seq: number;
  at: number;
  /** The shared feed's stream sequence number the queued writes reach (0: none). */
  streamSeq: number;
}

function emptyPending(): Pending {
  return {
    games: new Set(),
    markets: new Set(),
    outcomes: new Set(),
    results: [],
    removed: new Set(),
    snapshot: undefined,
    seq: 0,
    at: 0,
    streamSeq: 0,
  };
}

const quiet: FeedLogger = { info: () => undefined, error: () => undefined };

/**
 * The feed on the server: keeps the read model, persists it, and tells the push hub what changed.
 *
 * Start: the read model is rebuilt from the database (so the site has games even if the provider is down), then
 * the provider's snapshot replaces it and is stored, then deltas apply. Deltas that arrive while the snapshot is
 * taken are buffered and those at or below the snapshot's sequence number dropped. Writes are batched: a flush
 * every `flushIntervalMs` writes what changed since the last one in one transaction; a batch with a status change
 * or a result is flushed at once.
 */
export class FeedService {
  /** The read model the routes read. */
  readonly model = new FeedReadModel();
  private readonly db: Database;
  private readonly provider: FeedSource | undefined;
  private readonly flushIntervalMs: number;
  private readonly log: FeedLogger;
  private readonly listeners = new Set<FeedChangeListener>();
  private pending = emptyPending();
  private flushing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private readonly followProvider: boolean;
  private readonly writeStreamMark: FeedServiceOptions['writeStreamMark'];
  /** See {@link FeedServiceOptions.readStreamMark}. */
  readStreamMark: FeedServiceOptions['readStreamMark'];
  /** The mark the last {@link FeedService.reload} read with the rows (undefined without `readStreamMark`). */
  storedMark: StreamMark | undefined;

  constructor(options: FeedServiceOptions) {
    this.db = options.database;
    this.provider = options.provider;
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.log = options.log ?? quiet;
    this.followProvider = options.followProvider ?? true;
    this.writeStreamMark = options.writeStreamMark;
    this.readStreamMark = options.readStreamMark;
  }

  /** The provider this service writes checkpoints for (and a shared feed's leader follows). */
  get source(): FeedSource | undefined {
    return this.provider;
  }

  /**
   * Replaces the read model with the stored feed (start-up; a shared feed's server after a gap in the stream) and
   * answers the stream mark those rows reach (`readStreamMark`, also kept as `storedMark`). Rows and mark come from one
   * snapshot (a read-only repeatable-read transaction): read apart, a flush committed between them would give rows
   * older than the mark, and a shared feed continuing from that mark would skip the entries the rows lack (README,
   * "The stored feed and its mark"). Throws when the database cannot be read.
   */
  async reload(): Promise<StreamMark | undefined> {
    const readMark = this.readStreamMark;
    const { stored, mark } = await this.db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      const stored = await loadStoredFeed(tx);
      return { stored, mark: readMark ? await readMark(tx) : undefined };
    });
    for (const id of [...this.model.games.keys()]) this.model.deleteGame(id);
    this.model.setLookups(stored);
    for (const game of stored.games) this.model.putGame(game, stored.markets.get(game.id) ?? []);
    this.storedMark = mark;
    this.log.info({ games: stored.games.length, mark }, 'feed read model rebuilt from the database');
    return mark;
  }

  /** Rebuilds the read model from the database, then (with a provider) takes its snapshot and follows it. */
  async start(): Promise<void> {
    try {
      await this.reload();
    } catch (err) {
      // A database outage must not keep the API down: readiness reports it, and the provider still feeds the site.
      this.log.error({ err }, 'feed: stored feed unreadable; starting from the provider alone');
    }
    if (this.provider && this.followProvider) {
      try {
        this.follow(this.provider);
      } catch (err) {
        // The site keeps serving the stored feed until the provider (or a restart) brings it back.
        this.log.error({ err, provider: this.provider.name }, 'feed provider unavailable; serving the stored feed');
      }
    }
    await this.flush();
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  private follow(provider: FeedSource): void {
    const buffered: FeedBatch[] = [];
    let live = false;
    this.unsubscribe = provider.subscribe((batch) => {
      if (live) this.onBatch(batch);
      else buffered.push(batch);
    });
    const snapshot = provider.snapshot();
    this.model.loadSnapshot(snapshot);
    // The whole snapshot is written with the next flush (at once, below in start), in one transaction.
    this.pending.snapshot = snapshot;
    live = true;
    for (const batch of buffered) this.onBatch(batch);
    this.log.info(
      { provider: provider.name, games: snapshot.games.length, seq: snapshot.seq },
      'feed following the provider',
    );
  }

  /** Registers a listener of applied changes (the push hub); returns its removal. */
  onChanges(listener: FeedChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies a provider batch to the read model, queues its writes and tells the listeners. */
  onBatch(batch: FeedBatch): void {
    if (this.stopped) return;
    const changes = this.applyBatch(batch);
    if (changes.length > 0) this.notify(changes, this.model.version);
  }

  /**
   * Applies a provider batch to the read model and queues its writes (flushed at once when it holds a status change
   * or a result); answers the changes without telling the listeners.
   */
  applyBatch(batch: FeedBatch): FeedChange[] {
    if (this.stopped) return [];
    // The batch covers feed time up to `to`, even past its last event.
    this.model.advanceTime(batch.to);
    const changes: FeedChange[] = [];
    let durable = false;
    for (const event of batch.events) {
      const applied = this.model.apply(event);
      if (applied.change) changes.push(applied.change);
      this.queue(event.gameId, applied);
      durable ||= applied.durable;
      this.pending.seq = Math.max(this.pending.seq, event.seq);
      this.pending.at = Math.max(this.pending.at, event.at);
    }
    if (durable) void this.flush();
    return changes;
  }

  /** Tells the listeners (push hub, settlement) about applied changes. */
  notify(changes: readonly FeedChange[], version: number): void {
    for (const listener of this.listeners) {
      try {
        listener(changes, version);
      } catch (err) {
        this.log.error({ err }, 'feed change listener failed');
      }
    }
  }

  /**
   * Takes a provider snapshot into the read model and queues it whole for the next flush (a shared feed's new leader
   * when the provider cannot replay what it missed).
   */
  takeSnapshot(snapshot: FeedSnapshot): void {
    this.model.loadSnapshot(snapshot);
    this.pending.snapshot = snapshot;
    this.pending.seq = Math.max(this.pending.seq, snapshot.seq);
    this.pending.at = Math.max(this.pending.at, snapshot.at);
  }

  /** Records that the queued writes reach stream sequence number `seq` (written with them, `writeStreamMark`). */
  markStream(seq: number): void {
    this.pending.streamSeq = Math.max(this.pending.streamSeq, seq);
  }

  /** Drops the queued writes (a shared feed's server that lost the lead must not write over its successor's). */
  discardPending(): void {
    this.pending = emptyPending();
  }

  /** Writes everything queued so far in one transaction; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  /** Stops following the provider and writes what is still queued. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    this.stopped = true;
  }

  private queue(gameId: number, applied: AppliedEvent): void {
    if (applied.change?.kind === 'removed') this.pending.removed.add(gameId);
    else if (applied.gameDirty) this.pending.games.add(gameId);
    for (const id of applied.marketsDirty) this.pending.markets.add(id);
    for (const id of applied.outcomesDirty) this.pending.outcomes.add(id);
    if (applied.result) this.pending.results.push(applied.result);
  }

  private async flushNow(): Promise<void> {
    const work = this.pending;
    this.pending = emptyPending();
    const nothingToDo =
      !work.snapshot &&
      work.streamSeq === 0 &&
      work.games.size + work.markets.size + work.outcomes.size + work.results.length + work.removed.size === 0;
    if (nothingToDo) return;
    // Rows are taken from the read model as it is now: several ticks of one outcome become one write.
    const games: FeedGame[] = [];
    const markets: Array<{ market: FeedProviderMarket; ord: number }> = [];
    const outcomes: Array<{ outcome: FeedOutcome; marketId: string; gameId: number; ord: number }> = [];
    const touched = new Set<number>([...work.games]);
    for (const entry of this.model.games.values()) {
      const hasMarket = entry.markets.some(
        (m) => work.markets.has(m.id) || m.outcomes.some((o) => work.outcomes.has(o.id)),
      );
      if (!touched.has(entry.game.id) && !hasMarket) continue;
      if (touched.has(entry.game.id)) games.push(entry.game);
      entry.markets.forEach((market, ord) => {
        const marketDirty = work.markets.has(market.id);
        if (marketDirty) markets.push({ market, ord });
        market.outcomes.forEach((outcome, i) => {
          if (work.outcomes.has(outcome.id))
            outcomes.push({ outcome, marketId: market.id, gameId: market.gameId, ord: i });
        });
      });
    }
    try {
      await this.db.transaction(async (tx) => {
        if (work.snapshot) await this.writeSnapshot(tx, work.snapshot);
        await upsertGames(tx, games);
        await upsertMarkets(tx, markets);
        await upsertOutcomes(tx, outcomes);
        await insertResults(tx, work.results);
        await markRemoved(tx, [...work.removed]);
        if (this.provider && work.seq > 0) await saveCheckpoint(tx, this.provider.name, work.seq, work.at);
        if (this.writeStreamMark && work.streamSeq > 0) await this.writeStreamMark(tx, work.streamSeq, work.seq);
      });
    } catch (err) {
      // Keep the work for the next flush: the read model still holds the values, so nothing is lost but time.
      for (const id of work.games) this.pending.games.add(id);
      for (const id of work.markets) this.pending.markets.add(id);
      for (const id of work.outcomes) this.pending.outcomes.add(id);
      for (const id of work.removed) this.pending.removed.add(id);
      this.pending.results.unshift(...work.results);
      this.pending.snapshot ??= work.snapshot;
      this.pending.seq = Math.max(this.pending.seq, work.seq);
      this.pending.at = Math.max(this.pending.at, work.at);
      this.pending.streamSeq = Math.max(this.pending.streamSeq, work.streamSeq);
      this.log.error({ err }, 'feed flush failed; retrying with the next flush');
    }
  }

  private async writeSnapshot(tx: Queryable, snapshot: FeedSnapshot): Promise<void> {
    await saveLookups(tx, snapshot);
    await upsertGames(tx, snapshot.games);
    const markets = snapshot.games.flatMap((g) =>
      (snapshot.markets[g.id] ?? []).map((market, ord) => ({ market, ord })),
    );
    await deleteMarketsNotIn(
      tx,
      snapshot.games.map((g) => g.id),
      markets.map((m) => m.market.id),
    );
    await upsertMarkets(tx, markets);
    await upsertOutcomes(
      tx,
      markets.flatMap(({ market }) =>
        market.outcomes.map((outcome, ord) => ({ outcome, marketId: market.id, gameId: market.gameId, ord })),
      ),
    );
    await markAbsentRemoved(
      tx,
      snapshot.games.map((g) => g.id),
    );
    if (this.provider) await saveCheckpoint(tx, this.provider.name, snapshot.seq, snapshot.at);
  }
}
