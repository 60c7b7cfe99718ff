/**
 * Pricing: true probabilities of final scores from simple models, then decimal odds with a bookmaker margin.
 * - goals: independent Poisson goals per team for the remaining time, added to the current score;
 * - points: normal margin and total for the remaining time (continuity-corrected to integers);
 * - sets: each set a race of points with a fixed point-win probability, solved exactly.
 */
import type { MarketType, OutcomeCode, Score } from './model';
import { splitLine } from './settlement';

/** A probability mass function over consecutive integers: p[i] = P(X = min + i). */
export interface Pmf {
  min: number;
  p: number[];
}

/** What the markets of a game are priced from: distributions of the final margin (home - away) and total. */
export interface ScoreDistribution {
  margin: Pmf;
  total: Pmf;
  /** P(both teams score at least once); only meaningful for goals sports. */
  bothScore: number;
}

/** P(X = k) for a Poisson variable, k = 0..max. */
export function poissonPmf(lambda: number, max: number): number[] {
  const out = new Array<number>(max + 1);
  let term = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out[k] = term;
    term = (term * lambda) / (k + 1);
  }
  return out;
}

/** Moves the mass of a level margin half to each side: a drawless sport plays on until someone leads by one. */
function splitDraws(margin: Pmf): Pmf {
  const zero = margin.p[0 - margin.min] ?? 0;
  if (zero === 0) return margin;
  const min = Math.min(margin.min, -1);
  const max = Math.max(margin.min + margin.p.length - 1, 1);
  const p = new Array<number>(max - min + 1).fill(0);
  margin.p.forEach((v, i) => (p[margin.min + i - min] = v));
  p[0 - min] = 0;
  p[1 - min] = (p[1 - min] ?? 0) + zero / 2;
  p[-1 - min] = (p[-1 - min] ?? 0) + zero / 2;
  return { min, p };
}

/** Final-score distribution of a goals sport from the expected goals still to come. */
export function goalsDistribution(
  lambdaHome: number,
  lambdaAway: number,
  score: Score,
  drawPossible: boolean,
): ScoreDistribution {
  const maxOf = (l: number): number => Math.ceil(l + 8 * Math.sqrt(l) + 6);
  const mh = maxOf(lambdaHome);
  const ma = maxOf(lambdaAway);
  const ph = poissonPmf(lambdaHome, mh);
  const pa = poissonPmf(lambdaAway, ma);
  const baseMargin = score.home - score.away;
  const baseTotal = score.home + score.away;
  const margin: Pmf = { min: baseMargin - ma, p: new Array<number>(mh + ma + 1).fill(0) };
  const total: Pmf = { min: baseTotal, p: new Array<number>(mh + ma + 1).fill(0) };
  for (let i = 0; i <= mh; i++) {
    for (let j = 0; j <= ma; j++) {
      const pr = (ph[i] as number) * (pa[j] as number);
      margin.p[i - j + ma] = (margin.p[i - j + ma] as number) + pr;
      total.p[i + j] = (total.p[i + j] as number) + pr;
    }
  }
  const homeScores = score.home > 0 ? 1 : 1 - Math.exp(-lambdaHome);
  const awayScores = score.away > 0 ? 1 : 1 - Math.exp(-lambdaAway);
  return { margin: drawPossible ? margin : splitDraws(margin), total, bothScore: homeScores * awayScores };
}

/** Standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

function discreteNormal(mean: number, sd: number): Pmf {
  if (sd < 1e-6) return { min: Math.round(mean), p: [1] };
  const lo = Math.floor(mean - 7 * sd);
  const hi = Math.ceil(mean + 7 * sd);
  const p: number[] = [];
  for (let k = lo; k <= hi; k++) p.push(normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd));
  const sum = p.reduce((s, v) => s + v, 0);
  return { min: lo, p: p.map((v) => v / sum) };
}

/** Final-score distribution of a points sport from the remaining expected margin and total and their spreads. */
export function pointsDistribution(
  remaining: { marginMean: number; marginSd: number; totalMean: number; totalSd: number },
  score: Score,
  drawPossible: boolean,
): ScoreDistribution {
  const margin = discreteNormal(score.home - score.away + remaining.marginMean, remaining.marginSd);
  const total = discreteNormal(score.home + score.away + remaining.totalMean, remaining.totalSd);
  return { margin: drawPossible ? margin : splitDraws(margin), total, bothScore: 1 };
}

/** Probability that home wins a set (race of points) from points a:b, winning each point with probability p. */
export function setWinProbability(
  p: number,
  a: number,
  b: number,
  race: { target: number; winBy: number; decidingAt?: number },
): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  // Every reachable state has both scores below target + 2 (deuce and the deciding point end the race earlier).
  const size = race.target + 3;
  const memo = new Float64Array(size * size).fill(Number.NaN);
  const solve = (x: number, y: number): number => {
    if (x >= race.target && x - y >= race.winBy) return 1;
    if (y >= race.target && y - x >= race.winBy) return 0;
    if (race.decidingAt !== undefined && x === race.decidingAt && y === race.decidingAt) return p;
    if (race.decidingAt === undefined && race.winBy === 2 && x >= race.target - 1 && y >= race.target - 1) {
      // Deuce: from level, win two in a row before losing two in a row.
      if (x === y) return deuce;
      return x > y ? p + q * deuce : p * deuce;
    }
    const key = x * size + y;
    const hit = memo[key] as number;
    if (!Number.isNaN(hit)) return hit;
    const value = p * solve(x + 1, y) + q * solve(x, y + 1);
    memo[key] = value;
    return value;
  };
  return solve(a, b);
}

/** Final-score distribution (in sets) of a sets sport, from the sets won, the current set's and a fresh set's win probability. */
export function setsDistribution(
  setsToWin: number,
  sets: Score,
  currentSet: number,
  freshSet: number,
): ScoreDistribution {
  const ends = new Map<string, { h: number; a: number; pr: number }>();
  const walk = (h: number, a: number, pr: number, first: boolean): void => {
    if (h === setsToWin || a === setsToWin) {
      const key = `${h}:${a}`;
      const prev = ends.get(key);
      ends.set(key, { h, a, pr: (prev?.pr ?? 0) + pr });
      return;
    }
    const ps = first ? currentSet : freshSet;
    walk(h + 1, a, pr * ps, false);
    walk(h, a + 1, pr * (1 - ps), false);
  };
  walk(sets.home, sets.away, 1, true);
  const margin: Pmf = { min: -setsToWin, p: new Array<number>(2 * setsToWin + 1).fill(0) };
  const total: Pmf = { min: 0, p: new Array<number>(2 * setsToWin).fill(0) };
  for (const { h, a, pr } of ends.values()) {
    margin.p[h - a + setsToWin] = (margin.p[h - a + setsToWin] as number) + pr;
    total.p[h + a] = (total.p[h + a] as number) + pr;
  }
  return { margin, total, bothScore: 1 };
}

/** The outcome codes of a market type, in the order their odds are listed. */
export function outcomeCodes(type: MarketType): OutcomeCode[] {
  switch (type) {
    case '1x2':
      return ['home', 'draw', 'away'];
    case 'double-chance':
      return ['home-draw', 'home-away', 'draw-away'];
    case 'winner':
    case 'handicap':
      return ['home', 'away'];
    case 'total':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
  }
}

const cumulative = new WeakMap<Pmf, Float64Array>();

/** P(X < x) for any real x, from a cumulative table built once per distribution (live pricing reads it often). */
export function probBelow(pmf: Pmf, x: number): number {
  let cum = cumulative.get(pmf);
  if (!cum) {
    const table = new Float64Array(pmf.p.length);
    let acc = 0;
    pmf.p.forEach((v, i) => (table[i] = acc += v));
    cumulative.set(pmf, table);
    cum = table;
  }
  const i = Math.ceil(x) - pmf.min - 1;
  if (i < 0) return 0;
  return cum[Math.min(i, cum.length - 1)] as number;
}

/** P(X = x); zero for a non-integer x. */
export function probAt(pmf: Pmf, x: number): number {
  return Number.isInteger(x) ? (pmf.p[x - pmf.min] ?? 0) : 0;
}

/** P(X > x). */
export function probAbove(pmf: Pmf, x: number): number {
  return Math.max(0, 1 - probBelow(pmf, x) - probAt(pmf, x));
}

/**
 * Fair probabilities of a two-sided line market where side A wins when X > c, side B when X < c, and X = c
 * returns the stake: W / (1 - R) per side, averaged over the halves of a quarter line, so that fair odds pay
 * back exactly the stake on average.
 */
function lineFair(pmf: Pmf, thresholds: number[]): [number, number] {
  let wa = 0;
  let wb = 0;
  let r = 0;
  for (const c of thresholds) {
    wa += probAbove(pmf, c);
    wb += probBelow(pmf, c);
    r += probAt(pmf, c);
  }
  const n = thresholds.length;
  const stake = 1 - r / n;
  if (stake <= 1e-12) return [0.5, 0.5];
  return [wa / n / stake, wb / n / stake];
}

/** True (margin-free) probabilities of a market's outcomes, in `outcomeCodes` order. Double chance sums to 2. */
export function fairProbabilities(type: MarketType, line: number | undefined, dist: ScoreDistribution): number[] {
  const home = probAbove(dist.margin, 0);
  const draw = probAt(dist.margin, 0);
  const away = probBelow(dist.margin, 0);
  switch (type) {
    case '1x2':
      return [home, draw, away];
    case 'double-chance':
      return [home + draw, home + away, draw + away];
    case 'winner':
      return lineFair(dist.margin, [0]);
    case 'total':
      // Over wins when total > line.
      return lineFair(dist.total, splitLine(line ?? 0));
    case 'handicap':
      // Home with handicap h wins when margin + h > 0, i.e. margin > -h.
      return lineFair(
        dist.margin,
        splitLine(line ?? 0).map((l) => -l),
      );
    case 'btts':
      return [dist.bothScore, 1 - dist.bothScore];
  }
}

/** Smallest and largest odds the feed quotes. */
export const ODDS_MIN = 1.01;
/** Largest odds the feed quotes. */
export const ODDS_MAX = 500;

/** Rounds decimal odds to the feed's precision (0.01 below 10, 0.1 below 100, whole above). */
export function roundOdds(odds: number): number {
  const clamped = Math.min(ODDS_MAX, Math.max(ODDS_MIN, odds));
  if (clamped < 10) return Math.round(clamped * 100) / 100;
  if (clamped < 100) return Math.round(clamped * 10) / 10;
  return Math.round(clamped);
}

/**
 * Implied probabilities with the bookmaker margin by the power method: q_i = p_i^k with k < 1 chosen so that
 * sum q = (sum p) x (1 + margin). Unlike a flat proportional margin it never pushes a favourite past 1
 * (odds below 1), and it loads more margin on long shots, as books do (favourite-longshot bias).
 */
export function impliedWithMargin(fair: number[], margin: number): number[] {
  let target = 0;
  for (const p of fair) target += p;
  target *= 1 + margin;
  // Newton on f(k) = sum p^k - target: f is convex and decreasing in k, so it converges in a few steps.
  let k = 1;
  for (let i = 0; i < 30; i++) {
    let f = -target;
    let df = 0;
    for (const p of fair) {
      if (p <= 0) continue;
      const pk = p ** k;
      f += pk;
      df += pk * Math.log(p);
    }
    if (Math.abs(f) < 1e-12 || df === 0) break;
    const next = Math.min(1, Math.max(0.02, k - f / df));
    if (next === k) break;
    k = next;
  }
  return fair.map((p) => (p > 0 ? p ** k : 0));
}

/** Decimal odds of a market's outcomes with the bookmaker margin (power method), rounded to the feed's precision. */
export function oddsWithMargin(fair: number[], margin: number): number[] {
  return impliedWithMargin(fair, margin).map((q) => roundOdds(q > 0 ? 1 / q : ODDS_MAX));
}

/** Sum of implied probabilities (1 / odds) of a market: 1 + margin for a complete market. */
export function overround(odds: number[]): number {
  return odds.reduce((s, o) => s + 1 / o, 0);
}
