/**
 * Bulk mode: many live games and a fixed rate of odds changes, cheap enough to drive the live-page benchmark
 * (1,000 games, 5,000 changes per simulated second). Prices random-walk around their fair values instead of
 * being re-derived from a match model, which keeps each change to a few arithmetic operations; margins hold.
 */
import type { FeedBatch, FeedEvent, FeedListener, FeedProvider, Unsubscribe } from './feed-provider';
import { regularSeconds, scoreDistribution } from './game-model';
import { CHAMPIONSHIPS, COUNTRIES, SPORTS } from './lookups';
import { MARKET_GROUPS, createMarkets, isDecided } from './markets';
import type { Game, GameResult, Market, SimulatorSnapshot, Team } from './model';
import { fairProbabilities, oddsWithMargin } from './pricing';
import { Prng, deriveSeed } from './prng';
import { item, liveOf } from './checked';
import type { SimClock } from './sim-clock';
import { SPORT_RULES, type GoalsRules, type PointsRules } from './sport-rules';
import { generateTeams } from './team-names';

/** Options of the bulk feed. */
export interface BulkFeedOptions {
  seed: number;
  clock: SimClock;
  /** Live games, all in play from the start. */
  games?: number;
  /** Odds changes per simulated second, across all games (exact, plus at most one market's extra outcomes). */
  changesPerSecond?: number;
  margin?: number;
  /** Goals (with suspension and re-pricing of the game) per simulated minute, across all games. */
  goalsPerMinute?: number;
  /** Simulated milliseconds per processing slice; events are spread evenly over each second. */
  tickMs?: number;
  /** Timed sports to use (bulk games do not end); defaults to football, hockey, basketball and FIFA. */
  sportIds?: number[];
  /** Id of the first game; default the creation instant in epoch milliseconds (whole seconds) plus 1, as FeedSimulator. */
  firstGameId?: number;
}

interface BulkGame {
  game: Game;
  markets: Market[];
  /** Fair probabilities per market, random-walked by the bulk moves. */
  fair: number[][];
  rules: GoalsRules | PointsRules;
  ratingDiff: number;
  resumeAt: number;
}

type Draft<E> = E extends FeedEvent ? Omit<E, 'seq'> : never;

const RESUME_AFTER_GOAL_MS = 10_000;

/** A high-volume live feed for benchmarks, behind the same `FeedProvider` interface. */
export class BulkOddsFeed implements FeedProvider {
  /** Provider name. */
  readonly name = 'bulk-simulator';
  private readonly clock: SimClock;
  private readonly prng: Prng;
  private readonly margin: number;
  private readonly rate: number;
  private readonly goalsPerMinute: number;
  private readonly tickMs: number;
  private readonly games: BulkGame[] = [];
  private readonly listeners = new Set<FeedListener>();
  private readonly startedAt: number;
  private processedAt: number;
  private seq = 0;
  private advancing = false;
  /** Odds changes sent by bulk moves so far (re-pricing after goals is on top). */
  private moved = 0;
  private sink: FeedEvent[] = [];

  /** Creates `games` live games with their markets at the clock's current time. */
  constructor(options: BulkFeedOptions) {
    this.clock = options.clock;
    this.margin = options.margin ?? 0.05;
    this.rate = options.changesPerSecond ?? 5000;
    this.goalsPerMinute = options.goalsPerMinute ?? 60;
    this.tickMs = options.tickMs ?? 100;
    if (1000 % this.tickMs !== 0) throw new RangeError(`BulkOddsFeed: tickMs must divide 1000, found ${this.tickMs}`);
    const seed = options.seed >>> 0;
    this.prng = new Prng(deriveSeed(seed, 'bulk'));
    this.startedAt = Math.floor(this.clock.now() / 1000) * 1000;
    this.processedAt = this.startedAt;
    const sportIds = (options.sportIds ?? [1, 2, 3, 85]).filter((id) => {
      const rules = SPORT_RULES[id];
      return rules !== undefined && rules.scoring !== 'sets';
    });
    if (sportIds.length === 0) throw new Error('BulkOddsFeed: needs at least one timed sport (goals or points)');
    const teams = generateTeams(seed, sportIds);
    const champs = CHAMPIONSHIPS.filter((c) => teams.has(c.id));
    const count = options.games ?? 1000;
    const firstId = options.firstGameId ?? this.startedAt + 1;
    if (!Number.isSafeInteger(firstId) || firstId < 1)
      throw new RangeError(`BulkOddsFeed: firstGameId must be a positive safe integer, found ${firstId}`);
    for (let i = 0; i < count; i++)
      this.games.push(this.createGame(firstId + i, item(champs, i % champs.length).id, teams));
  }

  private createGame(id: number, champId: number, teams: Map<number, Team[]>): BulkGame {
    const list = teams.get(champId) ?? [];
    const hi = this.prng.int(0, list.length - 1);
    let ai = this.prng.int(0, list.length - 2);
    if (ai >= hi) ai++;
    const home = item(list, hi);
    const away = item(list, ai);
    const rules = SPORT_RULES[home.sportId] as GoalsRules | PointsRules;
    const clockSeconds = this.prng.int(0, Math.floor(regularSeconds(rules) * 0.7));
    const game: Game = {
      id,
      sportId: home.sportId,
      champId,
      home: { ...home },
      away: { ...away },
      startsAt: this.startedAt - clockSeconds * 1000,
      status: 'live',
      live: {
        period: periodAt(rules, clockSeconds),
        clockSeconds,
        clockRunning: true,
        score: { home: 0, away: 0 },
        periodScores: [{ home: 0, away: 0 }],
      },
    };
    while (liveOf(game).periodScores.length < liveOf(game).period) liveOf(game).periodScores.push({ home: 0, away: 0 });
    const g: BulkGame = { game, markets: [], fair: [], rules, ratingDiff: home.rating - away.rating, resumeAt: 0 };
    const dist = this.distribution(g);
    g.markets = createMarkets(id, rules, dist, this.margin);
    g.fair = g.markets.map((m) => fairProbabilities(m.type, m.line, dist));
    return g;
  }

  private distribution(g: BulkGame): ReturnType<typeof scoreDistribution> {
    const live = liveOf(g.game);
    // Bulk games never end: pricing keeps at least a quarter of the game to play so markets stay lively.
    const remaining = Math.max(regularSeconds(g.rules) * 0.25, regularSeconds(g.rules) - live.clockSeconds);
    return scoreDistribution(
      g.rules,
      g.ratingDiff,
      { side: 0, total: 0 },
      { score: live.score, remainingSeconds: remaining, setPoints: { home: 0, away: 0 } },
    );
  }

  /** A deep copy of the feed. */
  snapshot(): SimulatorSnapshot {
    const markets: Record<number, Market[]> = {};
    for (const g of this.games) markets[g.game.id] = structuredClone(g.markets);
    return {
      at: this.processedAt,
      seq: this.seq,
      sports: SPORTS.map((s) => ({ ...s })),
      countries: COUNTRIES.map((c) => ({ ...c })),
      championships: CHAMPIONSHIPS.map((c) => ({ ...c })),
      marketGroups: MARKET_GROUPS.map((m) => ({ ...m })),
      games: this.games.map((g) => structuredClone(g.game)),
      markets,
    };
  }

  /** Delivers every later batch to the listener. */
  subscribe(listener: FeedListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bulk games never finish, so there are no results. */
  result(_gameId: number): GameResult | undefined {
    return undefined;
  }

  /** Simulated time processed so far. */
  get time(): number {
    return this.processedAt;
  }

  /** Processes simulated time up to the clock's now, delivering one batch per `tickMs` slice; returns them all. */
  advance(): FeedBatch {
    // A listener that calls advance() while a batch is being delivered gets an empty batch instead of re-entering.
    if (this.advancing) return { from: this.processedAt, to: this.processedAt, events: [] };
    this.advancing = true;
    try {
      return this.process();
    } finally {
      this.advancing = false;
    }
  }

  private process(): FeedBatch {
    const target = Math.floor(this.clock.now() / this.tickMs) * this.tickMs;
    const start = this.processedAt;
    const all: FeedEvent[] = [];
    while (this.processedAt < target) {
      const from = this.processedAt;
      this.processedAt += this.tickMs;
      this.sink = [];
      this.slice(from, this.processedAt);
      const batch: FeedBatch = { from, to: this.processedAt, events: this.sink };
      if (batch.events.length > 0) for (const listener of [...this.listeners]) listener(batch);
      for (const e of batch.events) all.push(e);
    }
    return { from: start, to: this.processedAt, events: all };
  }

  /** Advances the clock by `ms` and processes it. */
  run(ms: number): FeedBatch {
    this.clock.advance(ms);
    return this.advance();
  }

  private slice(from: number, to: number): void {
    const elapsedFrom = from - this.startedAt;
    const elapsedTo = to - this.startedAt;
    // The quota catches up to rate x elapsed time, so a market's extra outcomes in one slice are repaid in the next.
    const quota = Math.floor((this.rate * elapsedTo) / 1000) - this.moved;
    const goals =
      Math.floor((this.goalsPerMinute * elapsedTo) / 60_000) - Math.floor((this.goalsPerMinute * elapsedFrom) / 60_000);
    if (to % 1000 === 0) this.secondPassed(to);
    for (let i = 0; i < goals; i++)
      this.goal(this.prng.pick(this.games), from + Math.floor((i * this.tickMs) / Math.max(1, goals)));
    let sent = 0;
    let attempts = 0;
    while (sent < quota && attempts++ < quota * 20) {
      const at = from + Math.floor((sent * this.tickMs) / Math.max(1, quota));
      sent += this.move(item(this.games, this.prng.int(0, this.games.length - 1)), at);
    }
    this.moved += sent;
  }

  /** Clocks run, one clock sync per game per minute (staggered), and games re-open 10 s after a goal. */
  private secondPassed(t: number): void {
    const second = (t - this.startedAt) / 1000;
    for (let i = 0; i < this.games.length; i++) {
      const g = item(this.games, i);
      const live = liveOf(g.game);
      live.clockSeconds++;
      const period = periodAt(g.rules, live.clockSeconds);
      const newPeriod = period !== live.period;
      if (newPeriod) {
        live.period = period;
        live.periodScores.push({ home: 0, away: 0 });
      }
      if (newPeriod || (second + i) % 60 === 0)
        this.emit({
          type: 'clock.tick',
          at: t,
          gameId: g.game.id,
          period: live.period,
          clockSeconds: live.clockSeconds,
          clockRunning: true,
        });
      if (g.resumeAt !== 0 && g.resumeAt <= t) this.resume(g, t);
    }
  }

  /** Moves one market's fair probabilities a little and re-prices it; returns the number of odds changes sent. */
  private move(g: BulkGame, at: number): number {
    if (g.resumeAt !== 0) return 0;
    const index = this.prng.int(0, g.markets.length - 1);
    const market = item(g.markets, index);
    // Double chance is derived from three results and low-odds markets are closed: move the others.
    if (market.status !== 'open' || market.type === 'double-chance') return 0;
    const fair = item(g.fair, index);
    const shock = this.prng.normal(0, 0.06);
    const moved = this.prng.int(0, fair.length - 1);
    // A shift in log-odds of one outcome against the rest, renormalised: stays a probability vector.
    const weights = fair.map((p, i) => (i === moved ? p * Math.exp(shock) : p));
    const total = weights.reduce((s, w) => s + w, 0);
    const next = weights.map((w) => w / total);
    if (isDecided(next, market.type)) return 0;
    g.fair[index] = next;
    const odds = oddsWithMargin(next, this.margin);
    let changes = 0;
    market.outcomes.forEach((o, i) => {
      const value = item(odds, i);
      if (value === o.odds) return;
      this.emit({
        type: 'odds.changed',
        at,
        gameId: g.game.id,
        marketId: market.id,
        outcomeId: o.id,
        oldOdds: o.odds,
        newOdds: value,
      });
      o.odds = value;
      changes++;
    });
    return changes;
  }

  private goal(g: BulkGame, at: number): void {
    if (g.resumeAt !== 0) return;
    const live = liveOf(g.game);
    const side = this.prng.chance(0.5) ? 'home' : 'away';
    const points = g.rules.scoring === 'points' ? this.prng.int(1, 3) : 1;
    live.score[side] += points;
    item(live.periodScores, live.period - 1)[side] += points;
    this.emit({
      type: 'score.changed',
      at,
      gameId: g.game.id,
      period: live.period,
      score: { ...live.score },
      periodScores: live.periodScores.map((s) => ({ ...s })),
    });
    g.resumeAt = Math.ceil((at + RESUME_AFTER_GOAL_MS) / 1000) * 1000;
    for (const m of g.markets) {
      if (m.status !== 'open') continue;
      m.status = 'suspended';
      m.suspendReason = 'goal';
      for (const o of m.outcomes) o.status = 'suspended';
      this.emit({ type: 'market.suspended', at, gameId: g.game.id, marketId: m.id, reason: 'goal' });
    }
  }

  private resume(g: BulkGame, t: number): void {
    g.resumeAt = 0;
    const dist = this.distribution(g);
    g.markets.forEach((m, index) => {
      if (m.status !== 'suspended' || m.suspendReason !== 'goal') return;
      const fair = fairProbabilities(m.type, m.line, dist);
      g.fair[index] = fair;
      const odds = oddsWithMargin(fair, this.margin);
      m.outcomes.forEach((o, i) => {
        const value = item(odds, i);
        if (value === o.odds) return;
        this.emit({
          type: 'odds.changed',
          at: t,
          gameId: g.game.id,
          marketId: m.id,
          outcomeId: o.id,
          oldOdds: o.odds,
          newOdds: value,
        });
        o.odds = value;
      });
      if (isDecided(fair, m.type)) {
        m.suspendReason = 'low-odds';
        this.emit({ type: 'market.suspended', at: t, gameId: g.game.id, marketId: m.id, reason: 'low-odds' });
        return;
      }
      m.status = 'open';
      delete m.suspendReason;
      for (const o of m.outcomes) o.status = 'open';
      this.emit({ type: 'market.resumed', at: t, gameId: g.game.id, marketId: m.id });
    });
  }

  private emit(draft: Draft<FeedEvent>): void {
    // The draft is a fresh literal at every call site: numbering it in place saves a copy per event.
    const event = draft as FeedEvent;
    event.seq = ++this.seq;
    this.sink.push(event);
  }
}

function periodAt(rules: GoalsRules | PointsRules, clockSeconds: number): number {
  return Math.min(rules.periods, Math.floor(clockSeconds / rules.periodSeconds) + 1);
}
