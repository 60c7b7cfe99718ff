import type { FeedChange, FeedGameRow, FeedLiveState, FeedMarket } from './feed.types';

/** Which way odds last moved. */
export type OddsDirection = 'up' | 'down' | null;

/** What a row shows of one outcome: its price, last move and whether it takes bets. */
export interface LiveOutcomeSnapshot {
  odds: number;
  direction: OddsDirection;
  suspended: boolean;
  /** Bumps on every price move, so a view can restart its flash. */
  moves: number;
}

/** What a row shows of one game: status, score and clock. */
export interface LiveGameSnapshot {
  status: FeedGameRow['status'];
  live: FeedLiveState | null;
}

type Listener = () => void;

interface OutcomeEntry {
  marketId: string;
  snapshot: LiveOutcomeSnapshot;
  version: number;
}

/**
 * The live feed's client-side store: snapshots per game and per outcome, replaced (never mutated) on change, with
 * listeners per id. Deltas are applied here, outside React's render path; each row subscribes to its own ids with
 * `useSyncExternalStore`, so a change re-renders only the rows it touches (ADR 0101).
 */
export class LiveStore {
  private readonly games = new Map<number, { snapshot: LiveGameSnapshot; version: number }>();
  private readonly outcomes = new Map<string, OutcomeEntry>();
  private readonly marketOutcomes = new Map<string, Set<string>>();
  private readonly gameListeners = new Map<number, Set<Listener>>();
  private readonly outcomeListeners = new Map<string, Set<Listener>>();
  private readonly structureListeners = new Set<(change: FeedChange) => void>();

  /** Takes rows from a fetched answer; an entry newer than the answer's version (from a delta) is kept. */
  seed(rows: readonly FeedGameRow[], version: number): void {
    const touchedGames: number[] = [];
    const touchedOutcomes: string[] = [];
    for (const row of rows) {
      const known = this.games.get(row.id);
      if (!known || known.version <= version) {
        const prev = known?.snapshot;
        if (!prev || prev.status !== row.status || !sameLiveState(prev.live, row.live)) {
          this.games.set(row.id, { snapshot: { status: row.status, live: row.live }, version });
          touchedGames.push(row.id);
        } else {
          known.version = version;
        }
      }
      // The Asian view's handicap and total columns move with the push channel like the main market.
      for (const market of [row.mainMarket, row.mainHandicap, row.mainTotal])
        if (market) this.seedMarkets([market], version, touchedOutcomes);
    }
    this.notify(touchedGames, touchedOutcomes);
  }

  /** Takes the markets of a game page. */
  seedMarkets(markets: readonly FeedMarket[], version: number, touched?: string[]): void {
    const out = touched ?? [];
    for (const market of markets) {
      let ids = this.marketOutcomes.get(market.id);
      if (!ids) this.marketOutcomes.set(market.id, (ids = new Set()));
      for (const outcome of market.outcomes) {
        ids.add(outcome.id);
        const known = this.outcomes.get(outcome.id);
        if (known && known.version > version) continue;
        const suspended = market.status !== 'open' || outcome.status !== 'open';
        const prev = known?.snapshot;
        if (prev && prev.odds === outcome.odds && prev.suspended === suspended) {
          known.version = version;
          continue;
        }
        const direction: OddsDirection =
          prev && prev.odds !== outcome.odds ? (outcome.odds > prev.odds ? 'up' : 'down') : (prev?.direction ?? null);
        this.outcomes.set(outcome.id, {
          marketId: market.id,
          version,
          snapshot: {
            odds: outcome.odds,
            direction,
            suspended,
            moves: (prev?.moves ?? 0) + (prev && prev.odds !== outcome.odds ? 1 : 0),
          },
        });
        out.push(outcome.id);
      }
    }
    if (!touched) this.notify([], out);
  }

  /** Applies push deltas of one message; listeners of every touched id are called once, after all changes. */
  apply(changes: readonly FeedChange[], version: number): void {
    const touchedGames = new Set<number>();
    const touchedOutcomes = new Set<string>();
    for (const change of changes) {
      switch (change.kind) {
        case 'odds': {
          const known = this.outcomes.get(change.outcomeId);
          const prev = known?.snapshot;
          if (prev && prev.odds === change.new) break;
          const snapshot: LiveOutcomeSnapshot = {
            odds: change.new,
            direction: change.new > change.old ? 'up' : change.new < change.old ? 'down' : (prev?.direction ?? null),
            suspended: prev?.suspended ?? false,
            moves: (prev?.moves ?? 0) + 1,
          };
          // Thousands of changes a second: the entry is reused, only the snapshot (what React compares) is new.
          if (known && known.marketId === change.marketId) {
            known.snapshot = snapshot;
            known.version = version;
          } else {
            this.outcomes.set(change.outcomeId, { marketId: change.marketId, version, snapshot });
            let ids = this.marketOutcomes.get(change.marketId);
            if (!ids) this.marketOutcomes.set(change.marketId, (ids = new Set()));
            ids.add(change.outcomeId);
          }
          touchedOutcomes.add(change.outcomeId);
          break;
        }
        case 'suspension': {
          for (const id of this.marketOutcomes.get(change.marketId) ?? []) {
            const known = this.outcomes.get(id);
            if (!known || known.snapshot.suspended === change.suspended) continue;
            known.snapshot = { ...known.snapshot, suspended: change.suspended };
            known.version = version;
            touchedOutcomes.add(id);
          }
          break;
        }
        case 'score':
        case 'clock': {
          const known = this.games.get(change.gameId);
          const live = known?.snapshot.live ?? {
            period: 1,
            clockSeconds: 0,
            clockRunning: true,
            score: { home: 0, away: 0 },
            periodScores: [],
          };
          const next: FeedLiveState =
            change.kind === 'score'
              ? { ...live, period: change.period, score: change.score, periodScores: change.periodScores }
              : {
                  ...live,
                  period: change.period,
                  clockSeconds: change.clockSeconds,
                  clockRunning: change.clockRunning,
                };
          this.games.set(change.gameId, { snapshot: { status: 'live', live: next }, version });
          touchedGames.add(change.gameId);
          break;
        }
        case 'finished': {
          const known = this.games.get(change.gameId);
          const live = known?.snapshot.live ?? null;
          this.games.set(change.gameId, {
            snapshot: {
              status: change.status,
              live: live ? { ...live, score: change.score, clockRunning: false } : null,
            },
            version,
          });
          touchedGames.add(change.gameId);
          for (const listener of this.structureListeners) listener(change);
          break;
        }
        default:
          // started, added, removed: the lists change shape; whoever shows a list refetches it.
          for (const listener of this.structureListeners) listener(change);
      }
    }
    this.notify(touchedGames, touchedOutcomes);
  }

  /** Current snapshot of a game, undefined before it was seeded. */
  game(gameId: number): LiveGameSnapshot | undefined {
    return this.games.get(gameId)?.snapshot;
  }

  /** Current snapshot of an outcome, undefined before it was seeded. */
  outcome(outcomeId: string): LiveOutcomeSnapshot | undefined {
    return this.outcomes.get(outcomeId)?.snapshot;
  }

  /** Calls `listener` when the game's snapshot changes; returns the unsubscribe function. */
  subscribeGame(gameId: number, listener: Listener): () => void {
    return add(this.gameListeners, gameId, listener);
  }

  /** Calls `listener` when the outcome's snapshot changes; returns the unsubscribe function. */
  subscribeOutcome(outcomeId: string, listener: Listener): () => void {
    return add(this.outcomeListeners, outcomeId, listener);
  }

  /** Calls `listener` for changes that alter lists (a game added, started, finished or removed). */
  onStructure(listener: (change: FeedChange) => void): () => void {
    this.structureListeners.add(listener);
    return () => this.structureListeners.delete(listener);
  }

  private notify(games: Iterable<number>, outcomes: Iterable<string>): void {
    for (const id of games) for (const l of this.gameListeners.get(id) ?? []) l();
    for (const id of outcomes) for (const l of this.outcomeListeners.get(id) ?? []) l();
  }
}

function add<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}

/** Whether two live states show the same: period, clock and score (period scores follow the score). */
export function sameLiveState(a: FeedLiveState | null, b: FeedLiveState | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.period === b.period &&
    a.clockSeconds === b.clockSeconds &&
    a.clockRunning === b.clockRunning &&
    a.score.home === b.score.home &&
    a.score.away === b.score.away
  );
}
