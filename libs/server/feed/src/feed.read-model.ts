import type {
  FeedChampionship,
  FeedCountry,
  FeedEvent,
  FeedGame,
  FeedGameResult,
  FeedProviderMarket,
  FeedMarketGroup,
  FeedOutcome,
  FeedPushMessage,
  FeedSnapshot,
  FeedSport,
} from '@tessera/shared/contract-api';

/** One game of the read model with its markets and lookups, so requests never scan. */
export interface GameEntry {
  game: FeedGame;
  markets: FeedProviderMarket[];
  marketById: Map<string, FeedProviderMarket>;
  outcomeById: Map<string, { market: FeedProviderMarket; outcome: FeedOutcome }>;
  /** The market shown on list pages (the sport's main market type, lineless). */
  mainMarket: FeedProviderMarket | undefined;
  /** Lower-cased "home away" for search. */
  searchText: string;
  /** The model version of this game's last change: cached renderings of the game are valid while it holds. */
  version: number;
}

/** One change a push client may receive: only what changed, never a whole game (a delta's `changes`, FeedPushMessage). */
export type FeedChange = Extract<FeedPushMessage, { type: 'delta' }>['changes'][number];

/** Everything one applied event touched, for the writer (what to persist) and the push hub (what to send). */
export interface AppliedEvent {
  change: FeedChange | undefined;
  /** The game row changed (status, live state): persisted with the next flush. */
  gameDirty: boolean;
  /** Outcome ids whose odds or status changed. */
  outcomesDirty: string[];
  /** Market ids whose status changed. */
  marketsDirty: string[];
  /** A result to store at once (durable). */
  result: FeedGameResult | undefined;
  /** A status change (started, finished, cancelled, removed): flushed at once rather than with the next tick. */
  durable: boolean;
}

const nothing: AppliedEvent = {
  change: undefined,
  gameDirty: false,
  outcomesDirty: [],
  marketsDirty: [],
  result: undefined,
  durable: false,
};

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/**
 * The in-memory read model of the feed: lookups, games indexed by sport, championship and team, and the main
 * market of every game picked once. The hot endpoints read only this; the database is its durable copy.
 * `version` grows with every applied change and `structureVersion` only when games come, go or change status,
 * so list answers that do not show odds (sports and championship counts) can be cached across odds ticks.
 */
export class FeedReadModel {
  readonly sports = new Map<number, FeedSport>();
  readonly countries = new Map<number, FeedCountry>();
  readonly champs = new Map<number, FeedChampionship>();
  marketGroups: FeedMarketGroup[] = [];
  readonly games = new Map<number, GameEntry>();
  readonly bySport = new Map<number, Set<number>>();
  readonly byChamp = new Map<number, Set<number>>();
  readonly byTeam = new Map<number, Set<number>>();
  /** Sport ids in the feed's display order. */
  sportOrder: number[] = [];
  version = 0;
  structureVersion = 0;
  /** Versions of what line (pre-match) and live lists show: an odds tick of a live game leaves line answers cached. */
  lineVersion = 0;
  liveVersion = 0;
  /** The provider sequence number applied last: later batches at or below it are duplicates. */
  providerSeq = 0;
  /**
   * The feed's clock (epoch milliseconds) as of the last snapshot or batch; 0 until the provider said it. A sped-up
   * simulator runs ahead of the wall clock, so "now" for the feed's games is this, not `Date.now()` (README, "The feed's clock").
   */
  feedTime = 0;

  /**
   * Raises `version` to at least `floor` (never lowers it). A shared feed (ADR 0360) raises it to a multiple of its
   * stream position before each entry, so versions of answers and deltas compare alike on every server of a cluster.
   */
  alignVersion(floor: number): void {
    if (floor > this.version) this.version = floor;
  }

  /** Moves the feed's clock forward to `at` (a snapshot's or batch's feed time); it never goes back. */
  advanceTime(at: number): void {
    if (Number.isFinite(at) && at > this.feedTime) this.feedTime = at;
  }

  /** The feed's current time in epoch milliseconds: its clock once known, the wall clock before (a database-only start). */
  now(): number {
    return this.feedTime > 0 ? this.feedTime : Date.now();
  }

  /** Replaces the lookup tables (sports, countries, championships, market groups). */
  setLookups(lookups: Pick<FeedSnapshot, 'sports' | 'countries' | 'championships' | 'marketGroups'>): void {
    this.sports.clear();
    for (const s of lookups.sports) this.sports.set(s.id, { ...s });
    this.sportOrder = lookups.sports.map((s) => s.id);
    this.countries.clear();
    for (const c of lookups.countries) this.countries.set(c.id, { ...c });
    this.champs.clear();
    for (const c of lookups.championships) this.champs.set(c.id, { ...c });
    this.marketGroups = [...lookups.marketGroups].sort((a, b) => a.order - b.order);
    this.bump(true);
  }

  /** Adds or replaces one game with its markets (copies them: the caller keeps its objects). */
  putGame(game: FeedGame, markets: FeedProviderMarket[]): void {
    if (this.games.has(game.id)) this.deleteGame(game.id);
    const copy = structuredClone(game);
    const ms = structuredClone(markets);
    const marketById = new Map<string, FeedProviderMarket>();
    const outcomeById = new Map<string, { market: FeedProviderMarket; outcome: FeedOutcome }>();
    for (const m of ms) {
      marketById.set(m.id, m);
      for (const o of m.outcomes) outcomeById.set(o.id, { market: m, outcome: o });
    }
    const mainType = this.sports.get(copy.sportId)?.mainMarketType;
    const mainMarket =
      ms.find((m) => m.type === mainType && m.line === undefined) ?? ms.find((m) => m.groupId === 'main') ?? ms[0];
    this.games.set(copy.id, {
      game: copy,
      markets: ms,
      marketById,
      outcomeById,
      mainMarket,
      searchText: `${copy.home.name} ${copy.away.name}`.toLowerCase(),
      version: this.version + 1,
    });
    addTo(this.bySport, copy.sportId, copy.id);
    addTo(this.byChamp, copy.champId, copy.id);
    addTo(this.byTeam, copy.home.id, copy.id);
    addTo(this.byTeam, copy.away.id, copy.id);
    this.bump(true);
  }

  /** Removes a game from the model and its indexes. */
  deleteGame(gameId: number): void {
    const entry = this.games.get(gameId);
    if (!entry) return;
    this.games.delete(gameId);
    removeFrom(this.bySport, entry.game.sportId, gameId);
    removeFrom(this.byChamp, entry.game.champId, gameId);
    removeFrom(this.byTeam, entry.game.home.id, gameId);
    removeFrom(this.byTeam, entry.game.away.id, gameId);
    this.bump(true);
  }

  /** Replaces the whole model with a provider snapshot. */
  loadSnapshot(snapshot: FeedSnapshot): void {
    this.setLookups(snapshot);
    for (const id of [...this.games.keys()]) this.deleteGame(id);
    for (const game of snapshot.games) this.putGame(game, snapshot.markets[game.id] ?? []);
    this.providerSeq = snapshot.seq;
    this.advanceTime(snapshot.at);
  }

  /** Applies one provider event and says what it changed; unknown games and markets change nothing. */
  apply(event: FeedEvent): AppliedEvent {
    if (event.seq <= this.providerSeq) return nothing;
    this.providerSeq = event.seq;
    this.advanceTime(event.at);
    if (event.type === 'game.added') {
      this.putGame(event.game, event.markets);
      return {
        ...nothing,
        change: { kind: 'added', gameId: event.gameId },
        gameDirty: true,
        outcomesDirty: event.markets.flatMap((m) => m.outcomes.map((o) => o.id)),
        marketsDirty: event.markets.map((m) => m.id),
        durable: true,
      };
    }
    const entry = this.games.get(event.gameId);
    if (!entry) return nothing;
    const game = entry.game;
    switch (event.type) {
      case 'game.started':
        game.status = 'live';
        game.live = structuredClone(event.live);
        this.bump(true, entry);
        return { ...nothing, change: { kind: 'started', gameId: game.id }, gameDirty: true, durable: true };
      case 'odds.changed': {
        const found = entry.outcomeById.get(event.outcomeId);
        if (!found || found.outcome.odds === event.newOdds) return nothing;
        const old = found.outcome.odds;
        found.outcome.odds = event.newOdds;
        this.bump(false, entry);
        return {
          ...nothing,
          change: {
            kind: 'odds',
            gameId: game.id,
            marketId: found.market.id,
            outcomeId: event.outcomeId,
            old,
            new: event.newOdds,
          },
          outcomesDirty: [event.outcomeId],
        };
      }
      case 'market.suspended':
      case 'market.resumed': {
        const market = entry.marketById.get(event.marketId);
        if (!market) return nothing;
        const suspended = event.type === 'market.suspended';
        market.status = suspended ? 'suspended' : 'open';
        if (event.type === 'market.suspended') market.suspendReason = event.reason;
        else delete market.suspendReason;
        for (const o of market.outcomes) o.status = market.status;
        this.bump(false, entry);
        const change: FeedChange = { kind: 'suspension', gameId: game.id, marketId: market.id, suspended };
        if (event.type === 'market.suspended') change.reason = event.reason;
        return { ...nothing, change, marketsDirty: [market.id], outcomesDirty: market.outcomes.map((o) => o.id) };
      }
      case 'score.changed': {
        if (!game.live) return nothing;
        game.live.period = event.period;
        game.live.score = { ...event.score };
        game.live.periodScores = event.periodScores.map((s) => ({ ...s }));
        this.bump(false, entry);
        return {
          ...nothing,
          change: {
            kind: 'score',
            gameId: game.id,
            period: event.period,
            score: { ...event.score },
            periodScores: game.live.periodScores.map((s) => ({ ...s })),
          },
          gameDirty: true,
        };
      }
      case 'clock.tick': {
        if (!game.live) return nothing;
        game.live.period = event.period;
        game.live.clockSeconds = event.clockSeconds;
        game.live.clockRunning = event.clockRunning;
        while (game.live.periodScores.length < event.period) game.live.periodScores.push({ home: 0, away: 0 });
        this.bump(false, entry);
        return {
          ...nothing,
          change: {
            kind: 'clock',
            gameId: game.id,
            period: event.period,
            clockSeconds: event.clockSeconds,
            clockRunning: event.clockRunning,
          },
          gameDirty: true,
        };
      }
      case 'game.finished':
      case 'game.cancelled': {
        game.status = event.result.status;
        if (game.live) game.live.clockRunning = false;
        for (const market of entry.markets) {
          market.status = 'settled';
          delete market.suspendReason;
          for (const o of market.outcomes) {
            o.status = 'settled';
            const result = event.result.outcomes[o.id];
            if (result) o.result = result;
          }
        }
        this.bump(true, entry);
        return {
          ...nothing,
          change: { kind: 'finished', gameId: game.id, status: event.result.status, score: { ...event.result.score } },
          gameDirty: true,
          marketsDirty: entry.markets.map((m) => m.id),
          outcomesDirty: entry.markets.flatMap((m) => m.outcomes.map((o) => o.id)),
          result: event.result,
          durable: true,
        };
      }
      case 'game.removed':
        this.deleteGame(game.id);
        return { ...nothing, change: { kind: 'removed', gameId: game.id }, gameDirty: true, durable: true };
    }
  }

  private bump(structural: boolean, entry?: GameEntry): void {
    this.version++;
    if (structural) {
      this.structureVersion++;
      this.lineVersion++;
      this.liveVersion++;
    } else if (entry?.game.status === 'prematch') this.lineVersion++;
    else if (entry?.game.status === 'live') this.liveVersion++;
    if (entry) entry.version = this.version;
  }
}
