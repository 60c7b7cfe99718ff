import { settleMarket, type Market } from '@tessera/server/feed-simulator';
import type {
  DevFeedFinishRequest,
  FeedBatch,
  FeedEvent,
  FeedGameResult,
  FeedScore,
  FeedSnapshot,
  FeedSource,
} from '@tessera/shared/contract-api';

/** How a test wants games to end (`POST /__dev/feed/finish`). */
export type FinishRequest = DevFeedFinishRequest;

/** What finishing reads of the live line: the feed read model has this shape (its markets are the simulator's). */
export interface FinishableLine {
  readonly games: ReadonlyMap<
    number,
    {
      game: { status: string; live?: { score: FeedScore; periodScores?: FeedScore[] } };
      markets: readonly unknown[];
    }
  >;
}

/**
 * A feed that passes another feed through and can finish games on demand (development and test only; README: development feed control).
 * Injected events get sequence numbers of their own: every later event of the inner feed is renumbered after them,
 * so the read model's duplicate check never drops a real event. Events of the inner feed about a game finished
 * here are dropped (the simulator would otherwise play it on), except its eventual removal.
 */
export class ControllableFeed implements FeedSource {
  readonly name: string;
  private injected = 0;
  private lastSeq = 0;
  private readonly finished = new Map<number, FeedGameResult>();
  private readonly listeners = new Set<(batch: FeedBatch) => void>();
  private unsubscribeInner: (() => void) | undefined;

  constructor(private readonly inner: FeedSource) {
    this.name = inner.name;
  }

  snapshot(): FeedSnapshot {
    const snap = this.inner.snapshot();
    const games = snap.games.map((g) => {
      const result = this.finished.get(g.id);
      return result ? { ...g, status: result.status } : g;
    });
    const markets = { ...snap.markets };
    for (const [gameId, result] of this.finished) {
      const ms = markets[gameId];
      if (!ms) continue;
      markets[gameId] = ms.map((m) => ({
        ...m,
        status: 'settled' as const,
        outcomes: m.outcomes.map((o) => ({
          ...o,
          status: 'settled' as const,
          ...(result.outcomes[o.id] ? { result: result.outcomes[o.id] } : {}),
        })),
      }));
    }
    const seq = snap.seq + this.injected;
    this.lastSeq = Math.max(this.lastSeq, seq);
    return { ...snap, seq, games, markets };
  }

  subscribe(listener: (batch: FeedBatch) => void): () => void {
    this.listeners.add(listener);
    this.unsubscribeInner ??= this.inner.subscribe((batch) => this.forward(batch));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.unsubscribeInner?.();
        this.unsubscribeInner = undefined;
      }
    };
  }

  private forward(batch: FeedBatch): void {
    const events: FeedEvent[] = [];
    for (const event of batch.events) {
      if (this.finished.has(event.gameId) && event.type !== 'game.removed') continue;
      events.push({ ...event, seq: event.seq + this.injected });
    }
    const last = events.at(-1);
    if (!last) return;
    this.lastSeq = Math.max(this.lastSeq, last.seq);
    this.emit({ from: events[0]?.seq ?? last.seq, to: last.seq, events });
  }

  private emit(batch: FeedBatch): void {
    for (const listener of this.listeners) listener(batch);
  }

  /** Finishes games now with the given score and results, as the feed's own `game.finished` would. */
  finish(model: FinishableLine, request: FinishRequest, at: number): number[] {
    const events: FeedEvent[] = [];
    for (const gameId of request.gameIds) {
      const entry = model.games.get(gameId);
      if (!entry || entry.game.status === 'finished' || entry.game.status === 'cancelled' || this.finished.has(gameId))
        continue;
      const score = request.score ?? entry.game.live?.score ?? { home: 1, away: 0 };
      const outcomes: FeedGameResult['outcomes'] = {};
      for (const market of entry.markets) {
        // The dev control finishes the built-in feed's games: their markets are the simulator's (its market types).
        Object.assign(outcomes, settleMarket(market as unknown as Market, score));
      }
      for (const [id, result] of Object.entries(request.results ?? {})) if (id in outcomes) outcomes[id] = result;
      const result: FeedGameResult = {
        gameId,
        status: 'finished',
        score: { ...score },
        periodScores: entry.game.live?.periodScores ?? [],
        outcomes,
        settledAt: at,
      };
      this.finished.set(gameId, result);
      this.injected += 1;
      this.lastSeq += 1;
      events.push({ type: 'game.finished', seq: this.lastSeq, at, gameId, result });
    }
    if (events.length > 0) this.emit({ from: events[0]?.seq ?? 0, to: this.lastSeq, events });
    return events.map((e) => e.gameId);
  }
}
