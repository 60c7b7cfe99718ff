/**
 * The deterministic feed simulator: a world of championships and teams, pre-match games spread over the coming
 * days, live games with clock and score, drifting odds, suspensions, and results for settlement.
 *
 * Determinism: time is processed in fixed one-second steps from the creation instant, every game draws from its
 * own random stream (seed + game id), and world events happen at fixed instants. So the same seed and the same
 * simulated time give the same feed, however the clock was stepped to get there.
 */
import type { FeedBatch, FeedEvent, FeedListener, FeedProvider, Unsubscribe } from './feed-provider';
import { CHAMPIONSHIPS, COUNTRIES, SPORTS } from './lookups';
import { MARKET_GROUPS, createMarkets, priceMarket } from './markets';
import type { Game, GameResult, Market, OutcomeResult, Score, SimulatorSnapshot, SuspendReason, Team } from './model';
import { Prng, deriveSeed } from './prng';
import { goalRates, pointWinProbability, regularSeconds, scoreDistribution, type PricingBias } from './game-model';
import { settleMarket } from './settlement';
import { item, liveOf } from './checked';
import type { SimClock } from './sim-clock';
import { SPORT_RULES, type SportRules } from './sport-rules';
import { generateTeams } from './team-names';

/** Options of the simulator; everything but seed and clock has a production-like default. */
export interface FeedSimulatorOptions {
  seed: number;
  clock: SimClock;
  /** Bookmaker margin, e.g. 0.05 for 5%. */
  margin?: number;
  /** Sports to simulate; defaults to every simulated sport. */
  sportIds?: number[];
  /** Pre-match games kept on the line: each game that starts is replaced by a new one. */
  prematchGames?: number;
  /** Games already in play when the simulator is created. */
  liveGames?: number;
  /** Pre-match start times are spread over this many hours ahead. */
  horizonHours?: number;
  /** Seconds between live re-pricings of a game. */
  liveRepriceSeconds?: number;
  /** Seconds between pre-match drifts of the whole line. */
  prematchRepriceSeconds?: number;
  /** Seconds of play between clock synchronisation events. */
  clockTickSeconds?: number;
  /** Incidents (penalty, VAR, injury) that suspend a live game briefly, per hour of play. */
  incidentsPerHour?: number;
  /** Share of pre-match games called off at their start time. */
  cancelProbability?: number;
  /** Seconds a finished game stays in the feed before `game.removed`. */
  finishedRetentionSeconds?: number;
  /** Hours results stay available through `result` (consumers persist them; this bounds memory). */
  resultRetentionHours?: number;
  /**
   * Id of the first game. Default: the creation instant in epoch milliseconds, rounded down to the second, plus 1.
   * Game ids key stored games, results and the bets placed on them, so a simulator started later must never reuse
   * an id of an earlier run: with this default it does not, unless a run created more than 1,000 games per second
   * of wall time that passed before the next start.
   */
  firstGameId?: number;
  /** Events kept for {@link FeedSimulator.replay} (a new leader's catch-up); default 200,000, 0 keeps none. */
  historyEvents?: number;
}

interface SimGame {
  game: Game;
  markets: Market[];
  rules: SportRules;
  prng: Prng;
  /** True home-minus-away rating difference: what the games are played with. */
  ratingDiff: number;
  /** The market's drifting opinion: what the odds are priced with. */
  bias: PricingBias;
  willCancel: boolean;
  periodClock: number;
  breakLeft: number;
  setPoints: Score;
  /** Feed time at which a game-wide suspension (goal, incident, set end) lifts; 0 when none. */
  suspendedUntil: number;
  lastRepriceAt: number;
  lastTickClock: number;
  endedAt: number;
}

type Draft<E> = E extends FeedEvent ? Omit<E, 'seq'> : never;

const SPORT_WEIGHTS: Readonly<Record<number, number>> = {
  1: 30,
  2: 8,
  3: 10,
  4: 12,
  46: 2,
  40: 4,
  85: 10,
  86: 3,
  97: 5,
  4046: 8,
};

/** The built-in odds feed: a seeded, speed-adjustable simulation behind the `FeedProvider` interface. */
export class FeedSimulator implements FeedProvider {
  /** Provider name. */
  readonly name = 'simulator';
  private readonly clock: SimClock;
  private readonly seed: number;
  private readonly margin: number;
  private readonly opts: Required<
    Omit<FeedSimulatorOptions, 'seed' | 'clock' | 'margin' | 'sportIds' | 'firstGameId' | 'historyEvents'>
  >;
  private readonly world: Prng;
  private readonly sportIds: number[];
  private readonly teams: Map<number, Team[]>;
  private readonly games = new Map<number, SimGame>();
  private readonly results = new Map<number, GameResult>();
  private readonly listeners = new Set<FeedListener>();
  private processedAt: number;
  private nextGameId: number;
  private seq = 0;
  private advancing = false;
  private sink: FeedEvent[] | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The latest batches, oldest first, for {@link replay}; at most `historyEvents` events in all. */
  private readonly history: FeedBatch[] = [];
  private historyEvents = 0;
  private readonly historyLimit: number;

  /** Builds the world at the clock's current time, including games already in play. */
  constructor(options: FeedSimulatorOptions) {
    this.clock = options.clock;
    this.seed = options.seed >>> 0;
    this.margin = options.margin ?? 0.05;
    if (!(this.margin >= 0 && this.margin < 0.5))
      throw new RangeError(`FeedSimulator: margin must be in [0, 0.5), found ${this.margin}`);
    this.opts = {
      prematchGames: options.prematchGames ?? 500,
      liveGames: options.liveGames ?? 20,
      horizonHours: options.horizonHours ?? 72,
      liveRepriceSeconds: options.liveRepriceSeconds ?? 10,
      prematchRepriceSeconds: options.prematchRepriceSeconds ?? 900,
      clockTickSeconds: options.clockTickSeconds ?? 60,
      incidentsPerHour: options.incidentsPerHour ?? 4,
      cancelProbability: options.cancelProbability ?? 0.01,
      finishedRetentionSeconds: options.finishedRetentionSeconds ?? 3600,
      resultRetentionHours: options.resultRetentionHours ?? 168,
    };
    this.sportIds = (options.sportIds ?? Object.keys(SPORT_RULES).map(Number)).filter(
      (id) => SPORT_RULES[id] !== undefined,
    );
    if (this.sportIds.length === 0) throw new Error('FeedSimulator: no simulated sport selected');
    this.world = new Prng(deriveSeed(this.seed, 'world'));
    this.processedAt = Math.floor(this.clock.now() / 1000) * 1000;
    this.nextGameId = options.firstGameId ?? this.processedAt + 1;
    if (!Number.isSafeInteger(this.nextGameId) || this.nextGameId < 1)
      throw new RangeError(`FeedSimulator: firstGameId must be a positive safe integer, found ${this.nextGameId}`);
    this.historyLimit = options.historyEvents ?? 200_000;
    this.teams = generateTeams(this.seed, this.sportIds);
    this.populate();
  }

  /** A consistent deep copy of the feed. */
  snapshot(): SimulatorSnapshot {
    const games: Game[] = [];
    const markets: Record<number, Market[]> = {};
    for (const g of this.games.values()) {
      games.push(structuredClone(g.game));
      markets[g.game.id] = structuredClone(g.markets);
    }
    return {
      at: this.processedAt,
      seq: this.seq,
      sports: SPORTS.map((s) => ({ ...s })),
      countries: COUNTRIES.map((c) => ({ ...c })),
      championships: CHAMPIONSHIPS.map((c) => ({ ...c })),
      marketGroups: MARKET_GROUPS.map((g) => ({ ...g })),
      games,
      markets,
    };
  }

  /** Delivers every later batch to the listener. */
  subscribe(listener: FeedListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The result of a finished or cancelled game. */
  result(gameId: number): GameResult | undefined {
    const r = this.results.get(gameId);
    return r && structuredClone(r);
  }

  /** Simulated time processed so far (whole seconds). */
  get time(): number {
    return this.processedAt;
  }

  /** Processes simulated time up to the clock's now, delivers the events to subscribers and returns them. */
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
    const target = Math.floor(this.clock.now() / 1000) * 1000;
    const from = this.processedAt;
    const events: FeedEvent[] = [];
    this.sink = events;
    while (this.processedAt < target) {
      this.processedAt += 1000;
      this.step(this.processedAt);
    }
    this.sink = null;
    const batch: FeedBatch = { from, to: this.processedAt, events };
    if (events.length > 0) {
      this.remember(batch);
      for (const listener of [...this.listeners]) listener(batch);
    }
    return batch;
  }

  private remember(batch: FeedBatch): void {
    if (this.historyLimit <= 0) return;
    this.history.push(batch);
    this.historyEvents += batch.events.length;
    while (this.historyEvents > this.historyLimit && this.history.length > 1) {
      this.historyEvents -= (this.history.shift() as FeedBatch).events.length;
    }
  }

  /**
   * The events after provider sequence number `afterSeq`, as the batches that carried them (the first one cut to
   * start after it), processed up to the clock first; undefined when the history no longer reaches back that far.
   * A new leader of a shared feed continues from the last event its predecessor published (ADR 0360).
   */
  replay(afterSeq: number): FeedBatch[] | undefined {
    this.advance();
    if (afterSeq === this.seq) return [];
    // A position this simulator never reached: another world (another seed or start), not a replay.
    if (afterSeq > this.seq) return undefined;
    const oldest = this.history[0]?.events[0]?.seq;
    if (oldest === undefined || oldest > afterSeq + 1) return undefined;
    const out: FeedBatch[] = [];
    for (const batch of this.history) {
      const last = batch.events.at(-1);
      if (!last || last.seq <= afterSeq) continue;
      const events = batch.events.filter((e) => e.seq > afterSeq);
      out.push({ from: batch.from, to: batch.to, events: structuredClone(events) });
    }
    return out;
  }

  /** Advances the clock by `ms` simulated milliseconds and processes it (tests and tools). */
  run(ms: number): FeedBatch {
    this.clock.advance(ms);
    return this.advance();
  }

  /** Processes time in the background every `intervalMs` wall milliseconds, following the clock's speed. */
  start(intervalMs = 250): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.advance(), intervalMs);
    this.timer.unref?.();
  }

  /** Stops background processing. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  // ---- world building ----

  private populate(): void {
    const now = this.processedAt;
    this.sink = null;
    for (let i = 0; i < this.opts.liveGames; i++) {
      const sportId = this.pickSport();
      const rules = SPORT_RULES[sportId] as SportRules;
      const startsAt = now - Math.floor(this.world.range(0.02, 0.8) * typicalSeconds(rules)) * 1000;
      const g = this.addGame(sportId, startsAt, false);
      // It is already under way, so it was not called off; play it silently from its start to now.
      g.willCancel = false;
      for (let t = startsAt; t <= now && (g.game.status === 'prematch' || g.game.status === 'live'); t += 1000)
        this.stepGame(g, t);
      if (g.game.status === 'live') this.withoutEvents(() => this.reprice(g, now, g.suspendedUntil === 0));
    }
    for (let i = 0; i < this.opts.prematchGames; i++) this.addPrematch(now, 10 * 60_000, false);
  }

  private pickSport(): number {
    const total = this.sportIds.reduce((s, id) => s + (SPORT_WEIGHTS[id] ?? 1), 0);
    let x = this.world.next() * total;
    for (const id of this.sportIds) {
      x -= SPORT_WEIGHTS[id] ?? 1;
      if (x < 0) return id;
    }
    return this.sportIds[this.sportIds.length - 1] as number;
  }

  private addPrematch(now: number, minAheadMs: number, announce: boolean): SimGame {
    const sportId = this.pickSport();
    const rules = SPORT_RULES[sportId] as SportRules;
    const ahead = this.world.range(minAheadMs, this.opts.horizonHours * 3_600_000);
    // Kick-off times on round quarter hours (five minutes for cyber sports), as real fixtures are.
    const grid = (rules.scoring === 'sets' && sportId !== 4) || sportId === 85 ? 5 * 60_000 : 15 * 60_000;
    const startsAt = Math.max(now + 60_000, Math.ceil((now + ahead) / grid) * grid);
    return this.addGame(sportId, startsAt, announce);
  }

  private addGame(sportId: number, startsAt: number, announce: boolean): SimGame {
    const rules = SPORT_RULES[sportId] as SportRules;
    const champs = CHAMPIONSHIPS.filter((c) => c.sportId === sportId && this.teams.has(c.id));
    const champ = this.world.pick(champs);
    const teams = this.teams.get(champ.id) as Team[];
    const hi = this.world.int(0, teams.length - 1);
    let ai = this.world.int(0, teams.length - 2);
    if (ai >= hi) ai++;
    const home = teams[hi] as Team;
    const away = teams[ai] as Team;
    const id = this.nextGameId++;
    const prng = new Prng(deriveSeed(this.seed, `game:${id}`));
    const g: SimGame = {
      game: { id, sportId, champId: champ.id, home: { ...home }, away: { ...away }, startsAt, status: 'prematch' },
      markets: [],
      rules,
      prng,
      ratingDiff: home.rating - away.rating,
      bias: { side: prng.normal(0, 0.05), total: prng.normal(0, 0.03) },
      willCancel: prng.chance(this.opts.cancelProbability),
      periodClock: 0,
      breakLeft: 0,
      setPoints: { home: 0, away: 0 },
      suspendedUntil: 0,
      lastRepriceAt: 0,
      lastTickClock: 0,
      endedAt: 0,
    };
    g.markets = createMarkets(id, rules, this.distribution(g), this.margin);
    this.games.set(id, g);
    if (announce)
      this.emit({
        type: 'game.added',
        at: this.processedAt,
        gameId: id,
        game: structuredClone(g.game),
        markets: structuredClone(g.markets),
      });
    return g;
  }

  // ---- time steps ----

  private step(t: number): void {
    for (const g of [...this.games.values()]) {
      if (g.game.status === 'prematch' && g.game.startsAt <= t) {
        this.startGame(g, t);
        // The replacement goes to the far half of the horizon, so the line keeps its spread over the coming days.
        this.addPrematch(t, (this.opts.horizonHours * 3_600_000) / 2, true);
      } else if (g.game.status === 'live') {
        this.stepGame(g, t);
      } else if (
        (g.game.status === 'finished' || g.game.status === 'cancelled') &&
        g.endedAt + this.opts.finishedRetentionSeconds * 1000 <= t
      ) {
        this.games.delete(g.game.id);
        this.emit({ type: 'game.removed', at: t, gameId: g.game.id });
      }
    }
    if (t % 3_600_000 === 0) {
      const horizon = t - this.opts.resultRetentionHours * 3_600_000;
      for (const [id, r] of this.results) if (r.settledAt < horizon && !this.games.has(id)) this.results.delete(id);
    }
    if (t % (this.opts.prematchRepriceSeconds * 1000) === 0) {
      for (const g of this.games.values()) {
        if (g.game.status !== 'prematch') continue;
        // A mean-reverting random walk: the market's opinion wanders but does not run away from the truth.
        g.bias.side = g.bias.side * 0.95 + g.prng.normal(0, 0.04);
        g.bias.total = g.bias.total * 0.95 + g.prng.normal(0, 0.02);
        this.reprice(g, t, false);
      }
    }
  }

  private startGame(g: SimGame, t: number): void {
    if (g.willCancel) {
      this.endGame(g, t, 'cancelled');
      return;
    }
    g.game.status = 'live';
    g.game.live = {
      period: 1,
      clockSeconds: 0,
      clockRunning: true,
      score: { home: 0, away: 0 },
      periodScores: [{ home: 0, away: 0 }],
    };
    g.lastRepriceAt = t;
    this.emit({ type: 'game.started', at: t, gameId: g.game.id, live: structuredClone(g.game.live) });
    this.reprice(g, t, false);
  }

  /** One second of a live game (also used silently to catch up games that started before creation). */
  private stepGame(g: SimGame, t: number): void {
    if (g.game.status === 'prematch') {
      this.startGame(g, t);
      return;
    }
    const live = g.game.live;
    if (!live || g.game.status !== 'live') return;
    if (g.breakLeft > 0) {
      g.breakLeft--;
      if (g.breakLeft === 0) {
        live.clockRunning = true;
        live.period++;
        live.periodScores.push({ home: 0, away: 0 });
        g.periodClock = 0;
        this.tick(g, t);
      }
    } else {
      live.clockSeconds++;
      g.periodClock++;
      if (g.rules.scoring === 'sets') this.playSetsSecond(g, t);
      else this.playTimedSecond(g, t);
      if (g.game.status !== 'live') return;
      if (live.clockSeconds - g.lastTickClock >= this.opts.clockTickSeconds) this.tick(g, t);
      if (g.suspendedUntil === 0 && g.prng.chance(this.opts.incidentsPerHour / 3600))
        this.suspendGame(g, t, 'incident', g.prng.int(10, 40));
    }
    if (g.suspendedUntil !== 0 && t >= g.suspendedUntil) {
      g.suspendedUntil = 0;
      g.lastRepriceAt = t;
      this.reprice(g, t, true);
    } else if (g.suspendedUntil === 0 && t - g.lastRepriceAt >= this.opts.liveRepriceSeconds * 1000) {
      g.lastRepriceAt = t;
      g.bias.side = g.bias.side * 0.99 + g.prng.normal(0, 0.01);
      this.reprice(g, t, false);
    }
  }

  private playTimedSecond(g: SimGame, t: number): void {
    const rules = g.rules as Exclude<SportRules, { scoring: 'sets' }>;
    const live = liveOf(g.game);
    const regular = regularSeconds(rules);
    if (rules.scoring === 'goals') {
      const rates = goalRates(rules, g.ratingDiff);
      if (g.prng.chance(rates.home / regular)) this.score(g, t, 'home', 1);
      if (g.prng.chance(rates.away / regular)) this.score(g, t, 'away', 1);
    } else {
      const margin = g.ratingDiff * rules.pointsPerRating + rules.homeAdvantage;
      const homeShare = (rules.expectedTotal + margin) / (2 * rules.expectedTotal);
      if (g.prng.chance(rules.expectedTotal / rules.pointsPerScore / regular)) {
        const side = g.prng.chance(homeShare) ? 'home' : 'away';
        const r = g.prng.next();
        this.score(g, t, side, r < 0.15 ? 1 : r < 0.8 ? 2 : 3);
      }
    }
    const inOvertime = live.period > rules.periods;
    const length = inOvertime ? rules.overtimeSeconds : rules.periodSeconds;
    if (g.periodClock < length) return;
    const level = live.score.home === live.score.away;
    if (live.period >= rules.periods && (rules.drawPossible || !level)) {
      this.endGame(g, t, 'finished');
      return;
    }
    live.clockRunning = false;
    g.breakLeft = rules.breakSeconds;
    this.tick(g, t);
  }

  private playSetsSecond(g: SimGame, t: number): void {
    const rules = g.rules as Extract<SportRules, { scoring: 'sets' }>;
    const live = liveOf(g.game);
    if (!g.prng.chance(1 / rules.pointSeconds)) return;
    const homeWins = g.prng.chance(pointWinProbability(rules, g.ratingDiff));
    const side = homeWins ? 'home' : 'away';
    g.setPoints[side]++;
    const period = item(live.periodScores, live.period - 1);
    period[side]++;
    const { home: a, away: b } = g.setPoints;
    const deciding =
      rules.decidingAt !== undefined && a + b === 2 * rules.decidingAt + 1 && Math.min(a, b) === rules.decidingAt;
    const setWon = deciding || (Math.max(a, b) >= rules.target && Math.abs(a - b) >= rules.winBy);
    if (!setWon) {
      this.emitScore(g, t);
      return;
    }
    live.score[side]++;
    g.setPoints = { home: 0, away: 0 };
    this.emitScore(g, t);
    if (live.score[side] >= rules.setsToWin) {
      this.endGame(g, t, 'finished');
      return;
    }
    live.clockRunning = false;
    g.breakLeft = rules.breakSeconds;
    this.tick(g, t);
    this.suspendGame(g, t, 'period-end', Math.min(30, rules.breakSeconds));
  }

  private score(g: SimGame, t: number, side: 'home' | 'away', points: number): void {
    const live = liveOf(g.game);
    live.score[side] += points;
    item(live.periodScores, live.period - 1)[side] += points;
    this.emitScore(g, t);
    // Goals move prices a lot: stop betting until the new prices are out. Basketball points are too frequent for that.
    if (g.rules.scoring === 'goals') this.suspendGame(g, t, 'goal', g.rules.goalSuspendSeconds);
  }

  private emitScore(g: SimGame, t: number): void {
    const live = liveOf(g.game);
    this.emit({
      type: 'score.changed',
      at: t,
      gameId: g.game.id,
      period: live.period,
      score: { ...live.score },
      periodScores: live.periodScores.map((s) => ({ ...s })),
    });
  }

  private tick(g: SimGame, t: number): void {
    const live = liveOf(g.game);
    g.lastTickClock = live.clockSeconds;
    this.emit({
      type: 'clock.tick',
      at: t,
      gameId: g.game.id,
      period: live.period,
      clockSeconds: live.clockSeconds,
      clockRunning: live.clockRunning,
    });
  }

  private suspendGame(g: SimGame, t: number, reason: SuspendReason, seconds: number): void {
    g.suspendedUntil = Math.max(g.suspendedUntil, t + seconds * 1000);
    for (const m of g.markets) {
      if (m.status !== 'open') continue;
      this.setMarketStatus(m, 'suspended', reason);
      this.emit({ type: 'market.suspended', at: t, gameId: g.game.id, marketId: m.id, reason });
    }
  }

  private setMarketStatus(m: Market, status: 'open' | 'suspended', reason?: SuspendReason): void {
    m.status = status;
    if (reason) m.suspendReason = reason;
    else delete m.suspendReason;
    for (const o of m.outcomes) o.status = status;
  }

  private distribution(g: SimGame): ReturnType<typeof scoreDistribution> {
    const live = g.game.live;
    const rules = g.rules;
    let remainingSeconds = 0;
    if (rules.scoring !== 'sets') {
      const regular = regularSeconds(rules);
      if (!live) remainingSeconds = regular;
      else if (live.period > rules.periods)
        remainingSeconds = g.breakLeft > 0 ? rules.overtimeSeconds : rules.overtimeSeconds - g.periodClock;
      else remainingSeconds = regular - live.clockSeconds;
    }
    return scoreDistribution(rules, g.ratingDiff, g.bias, {
      score: live ? live.score : { home: 0, away: 0 },
      remainingSeconds,
      setPoints: g.setPoints,
    });
  }

  /** New prices for every market; announces changes, closes decided markets, and resumes after a suspension. */
  private reprice(g: SimGame, t: number, resumeSuspended: boolean): void {
    // While catching up silently nobody sees intermediate prices: the game is priced once when it joins the feed.
    if (!this.sink) return;
    const dist = this.distribution(g);
    for (const m of g.markets) {
      if (m.status === 'settled') continue;
      const { odds, decided } = priceMarket(m, dist, this.margin);
      m.outcomes.forEach((o, i) => {
        const next = odds[i] as number;
        if (next === o.odds) return;
        this.emit({
          type: 'odds.changed',
          at: t,
          gameId: g.game.id,
          marketId: m.id,
          outcomeId: o.id,
          oldOdds: o.odds,
          newOdds: next,
        });
        o.odds = next;
      });
      if (m.status === 'open' && decided) {
        this.setMarketStatus(m, 'suspended', 'low-odds');
        this.emit({ type: 'market.suspended', at: t, gameId: g.game.id, marketId: m.id, reason: 'low-odds' });
      } else if (m.status === 'suspended' && (m.suspendReason === 'low-odds' || resumeSuspended)) {
        if (decided) {
          if (m.suspendReason !== 'low-odds') {
            // Still closed, now because the market is decided: tell consumers the new reason.
            m.suspendReason = 'low-odds';
            this.emit({ type: 'market.suspended', at: t, gameId: g.game.id, marketId: m.id, reason: 'low-odds' });
          }
        } else {
          this.setMarketStatus(m, 'open');
          this.emit({ type: 'market.resumed', at: t, gameId: g.game.id, marketId: m.id });
        }
      }
    }
  }

  private endGame(g: SimGame, t: number, status: 'finished' | 'cancelled'): void {
    g.game.status = status;
    g.endedAt = t;
    g.suspendedUntil = 0;
    const live = g.game.live;
    if (live) live.clockRunning = false;
    const score = live ? { ...live.score } : { home: 0, away: 0 };
    const outcomes: Record<string, OutcomeResult> = {};
    for (const m of g.markets) {
      const settled =
        status === 'finished'
          ? settleMarket(m, score)
          : Object.fromEntries(m.outcomes.map((o) => [o.id, 'returned' as const]));
      m.status = 'settled';
      delete m.suspendReason;
      for (const o of m.outcomes) {
        o.status = 'settled';
        o.result = settled[o.id] as OutcomeResult;
        outcomes[o.id] = o.result;
      }
    }
    const result: GameResult = {
      gameId: g.game.id,
      status,
      score,
      periodScores: live ? live.periodScores.map((s) => ({ ...s })) : [],
      outcomes,
      settledAt: t,
    };
    this.results.set(g.game.id, result);
    if (status === 'finished')
      this.emit({ type: 'game.finished', at: t, gameId: g.game.id, result: structuredClone(result) });
    else this.emit({ type: 'game.cancelled', at: t, gameId: g.game.id, result: structuredClone(result) });
  }

  /** Runs `work` with a sink that is thrown away: state changes apply, no events go out. */
  private withoutEvents(work: () => void): void {
    const saved = this.sink;
    const seq = this.seq;
    this.sink = [];
    work();
    this.sink = saved;
    this.seq = seq;
  }

  private emit(draft: Draft<FeedEvent>): void {
    if (!this.sink) return;
    // The draft is a fresh literal at every call site: numbering it in place saves a copy per event.
    const event = draft as FeedEvent;
    event.seq = ++this.seq;
    this.sink.push(event);
  }
}

/** Rough length of a game in seconds including breaks, to place games already in play at creation. */
function typicalSeconds(rules: SportRules): number {
  if (rules.scoring === 'sets') {
    const pointsPerSet = rules.target * 1.6;
    return Math.round(rules.setsToWin * 1.4 * (pointsPerSet * rules.pointSeconds + rules.breakSeconds));
  }
  return rules.periods * rules.periodSeconds + (rules.periods - 1) * rules.breakSeconds;
}
