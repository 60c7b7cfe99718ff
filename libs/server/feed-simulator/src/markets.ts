/**
 * Markets of a game: which markets each sport offers, their lines, and pricing them from a score distribution.
 */
import type { Market, MarketGroup, MarketType, OutcomeCode } from './model';
import {
  fairProbabilities,
  oddsWithMargin,
  outcomeCodes,
  probAbove,
  probAt,
  probBelow,
  type Pmf,
  type ScoreDistribution,
} from './pricing';
import type { SportRules } from './sport-rules';

/** The market groups of a game page, in display order. */
export const MARKET_GROUPS: readonly MarketGroup[] = [
  { id: 'main', nameKey: 'feed:marketGroup.main', order: 1 },
  { id: 'totals', nameKey: 'feed:marketGroup.totals', order: 2 },
  { id: 'handicaps', nameKey: 'feed:marketGroup.handicaps', order: 3 },
  { id: 'goals', nameKey: 'feed:marketGroup.goals', order: 4 },
];

/** A fair probability above this closes a market as decided ('low-odds'): nobody should be offered 1.01. */
export const DECIDED_PROBABILITY = 0.97;

const OUTCOME_KEYS: Record<OutcomeCode, string> = {
  home: 'feed:outcome.home',
  draw: 'feed:outcome.draw',
  away: 'feed:outcome.away',
  'home-draw': 'feed:outcome.homeDraw',
  'home-away': 'feed:outcome.homeAway',
  'draw-away': 'feed:outcome.drawAway',
  over: 'feed:outcome.over',
  under: 'feed:outcome.under',
  yes: 'feed:outcome.yes',
  no: 'feed:outcome.no',
};

const MARKET_KEYS: Record<MarketType, string> = {
  '1x2': 'feed:market.1x2',
  'double-chance': 'feed:market.doubleChance',
  winner: 'feed:market.winner',
  total: 'feed:market.total',
  handicap: 'feed:market.handicap',
  btts: 'feed:market.btts',
};

const GROUP_OF: Record<MarketType, string> = {
  '1x2': 'main',
  'double-chance': 'main',
  winner: 'main',
  total: 'totals',
  handicap: 'handicaps',
  btts: 'goals',
};

/** The stable id of a market: `<gameId>:<type>` or `<gameId>:<type>:<line>`. */
export function marketId(gameId: number, type: MarketType, line?: number): string {
  return line === undefined ? `${gameId}:${type}` : `${gameId}:${type}:${line}`;
}

function sideProbability(pmf: Pmf, line: number, sign: 1 | -1): number {
  // P(sign x X + line > 0) with pushes counted half: a cheap score to centre lines with.
  const c = -sign * line;
  const push = probAt(pmf, c) / 2;
  return (sign === 1 ? probAbove(pmf, c) : probBelow(pmf, c)) + push;
}

/** The half line (x.5) that splits a distribution closest to 50:50 when the line is added to it (sign -1: subtracted). */
function balancedHalfLine(pmf: Pmf, sign: 1 | -1): number {
  let best = 0.5;
  let bestGap = Infinity;
  const lo = pmf.min - 1;
  const hi = pmf.min + pmf.p.length + 1;
  for (let k = lo; k <= hi; k++) {
    const line = sign === 1 ? -(k + 0.5) : k + 0.5;
    const gap = Math.abs(sideProbability(pmf, line, sign) - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

/** The total and handicap lines offered for a game, centred on its pre-match distribution. */
export function chooseLines(rules: SportRules, dist: ScoreDistribution): { totals: number[]; handicaps: number[] } {
  if (rules.scoring === 'sets') {
    const maxSets = 2 * rules.setsToWin - 1;
    const totals: number[] = [];
    for (let t = rules.setsToWin + 0.5; t < maxSets; t++) totals.push(t);
    const handicaps: number[] = [];
    for (let h = 1.5; h < rules.setsToWin; h++) handicaps.push(-h, h);
    return { totals, handicaps: handicaps.sort((a, b) => a - b) };
  }
  const total = balancedHalfLine(dist.total, -1);
  // For the home handicap h the home side covers when margin + h > 0.
  const handicap = balancedHalfLine(dist.margin, 1);
  const offsets = rules.scoring === 'goals' ? [-1, -0.5, -0.25, 0, 0.25, 0.5, 1] : [-4, -2, -1, -0.5, 0, 0.5, 1, 2, 4];
  const handicapOffsets = rules.scoring === 'goals' ? [-0.5, -0.25, 0, 0.25, 0.5] : [-2, -1, -0.5, 0, 0.5, 1, 2];
  const totals = offsets.map((o) => total + o).filter((l) => l > 0);
  const handicaps = handicapOffsets.map((o) => handicap + o);
  return { totals, handicaps };
}

/** The markets of a new game, priced from its distribution (lines are fixed for the life of the game). */
export function createMarkets(gameId: number, rules: SportRules, dist: ScoreDistribution, margin: number): Market[] {
  const specs: Array<{ type: MarketType; line?: number }> = [];
  const drawPossible = rules.scoring === 'goals' && rules.drawPossible;
  if (drawPossible) specs.push({ type: '1x2' }, { type: 'double-chance' });
  else specs.push({ type: 'winner' });
  const { totals, handicaps } = chooseLines(rules, dist);
  for (const line of totals) specs.push({ type: 'total', line });
  for (const line of handicaps) specs.push({ type: 'handicap', line });
  if (rules.scoring === 'goals' && drawPossible) specs.push({ type: 'btts' });
  return specs.map(({ type, line }) => {
    const id = marketId(gameId, type, line);
    const market: Market = {
      id,
      gameId,
      groupId: GROUP_OF[type],
      type,
      nameKey: MARKET_KEYS[type],
      status: 'open',
      outcomes: outcomeCodes(type).map((code) => ({
        id: `${id}:${code}`,
        code,
        nameKey: OUTCOME_KEYS[code],
        odds: 1,
        status: 'open',
      })),
    };
    if (line !== undefined) market.line = line;
    const fair = fairProbabilities(type, line, dist);
    oddsWithMargin(fair, margin).forEach((odds, i) => ((market.outcomes[i] as { odds: number }).odds = odds));
    if (isDecided(fair, type)) {
      market.status = 'suspended';
      market.suspendReason = 'low-odds';
      for (const o of market.outcomes) o.status = 'suspended';
    }
    return market;
  });
}

/** True when one outcome is practically certain, so the market should not be offered. */
export function isDecided(fair: number[], type: MarketType): boolean {
  // Double chance covers two of three results, so strong favourites reach 0.97 before kick-off: allow more.
  const limit = type === 'double-chance' ? 0.99 : DECIDED_PROBABILITY;
  return Math.max(...fair) > limit;
}

/** New odds of a market's outcomes from a distribution, in outcome order, with whether the market is decided. */
export function priceMarket(
  market: Pick<Market, 'type' | 'line'>,
  dist: ScoreDistribution,
  margin: number,
): { odds: number[]; decided: boolean } {
  const fair = fairProbabilities(market.type, market.line, dist);
  return { odds: oddsWithMargin(fair, margin), decided: isDecided(fair, market.type) };
}
