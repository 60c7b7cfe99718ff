/**
 * Settlement: the result of each outcome of a market for a final score, including Asian quarter lines
 * (a stake on 2.25 is half on 2.0 and half on 2.5, so it can half win or half lose).
 */
import type { Market, MarketType, OutcomeCode, OutcomeResult, Score } from './model';

/** True for quarter lines such as 2.25 or -0.75. */
export function isQuarterLine(line: number): boolean {
  return Math.abs(Math.round(line * 4)) % 2 === 1;
}

/** The lines a stake is split over: one line, or the two neighbours of a quarter line (2.25 -> 2, 2.5). */
export function splitLine(line: number): number[] {
  return isQuarterLine(line) ? [line - 0.25, line + 0.25] : [line];
}

/** Result of one sub-stake from its margin over the line: positive wins, zero is a push, negative loses. */
function single(diff: number): OutcomeResult {
  if (diff > 0) return 'won';
  if (diff < 0) return 'lost';
  return 'returned';
}

/** Combines the results of the halves of a split stake. */
function combine(results: OutcomeResult[]): OutcomeResult {
  if (results.length === 1) return results[0] as OutcomeResult;
  const [a, b] = results as [OutcomeResult, OutcomeResult];
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('won') && pair.has('returned')) return 'half-won';
  if (pair.has('lost') && pair.has('returned')) return 'half-lost';
  // won + lost cannot happen for halves 0.5 apart on integer scores; treat it as a push to be safe.
  return 'returned';
}

function lineResult(line: number, diffOf: (subLine: number) => number): OutcomeResult {
  return combine(splitLine(line).map((l) => single(diffOf(l))));
}

/** The result of one outcome of a market of this type and line, for the final score. */
export function settleOutcome(
  type: MarketType,
  line: number | undefined,
  code: OutcomeCode,
  score: Score,
): OutcomeResult {
  const margin = score.home - score.away;
  const total = score.home + score.away;
  const won = (ok: boolean): OutcomeResult => (ok ? 'won' : 'lost');
  switch (type) {
    case '1x2':
      if (code === 'home') return won(margin > 0);
      if (code === 'draw') return won(margin === 0);
      if (code === 'away') return won(margin < 0);
      break;
    case 'double-chance':
      if (code === 'home-draw') return won(margin >= 0);
      if (code === 'home-away') return won(margin !== 0);
      if (code === 'draw-away') return won(margin <= 0);
      break;
    case 'winner':
      // A two-way market has no draw outcome: a level final score voids it.
      if (margin === 0) return 'returned';
      if (code === 'home') return won(margin > 0);
      if (code === 'away') return won(margin < 0);
      break;
    case 'total':
      if (line === undefined) break;
      if (code === 'over') return lineResult(line, (l) => total - l);
      if (code === 'under') return lineResult(line, (l) => l - total);
      break;
    case 'handicap':
      // The market line is the home side's handicap; the away side carries the opposite line.
      if (line === undefined) break;
      if (code === 'home') return lineResult(line, (l) => margin + l);
      if (code === 'away') return lineResult(line, (l) => -(margin + l));
      break;
    case 'btts':
      if (code === 'yes') return won(score.home > 0 && score.away > 0);
      if (code === 'no') return won(score.home === 0 || score.away === 0);
      break;
  }
  throw new Error(
    `settleOutcome: outcome ${code} does not belong to a ${type} market${line === undefined ? '' : ` (line ${line})`}`,
  );
}

/** The result of every outcome of a market, keyed by outcome id. */
export function settleMarket(
  market: Pick<Market, 'type' | 'line' | 'outcomes'>,
  score: Score,
): Record<string, OutcomeResult> {
  const results: Record<string, OutcomeResult> = {};
  for (const outcome of market.outcomes)
    results[outcome.id] = settleOutcome(market.type, market.line, outcome.code, score);
  return results;
}

/** What a winning, void or half result pays per unit stake at these odds (stake included). */
export function payoutFactor(result: OutcomeResult, odds: number): number {
  switch (result) {
    case 'won':
      return odds;
    case 'lost':
      return 0;
    case 'returned':
      return 1;
    case 'half-won':
      return (odds + 1) / 2;
    case 'half-lost':
      return 0.5;
  }
}
