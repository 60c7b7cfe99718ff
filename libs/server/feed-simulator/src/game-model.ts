/**
 * The pricing view of one game: from team ratings, the market's drifting opinion and the live state
 * to the distribution of the final score. The simulator plays games with the true ratings and prices them
 * with ratings shifted by the drift, so odds wander while results stay fair.
 */
import type { Score } from './model';
import {
  goalsDistribution,
  pointsDistribution,
  setWinProbability,
  setsDistribution,
  type ScoreDistribution,
} from './pricing';
import type { GoalsRules, PointsRules, SetsRules, SportRules } from './sport-rules';

/** Where a game stands, as far as pricing cares. */
export interface PricingState {
  score: Score;
  /** Regular playing seconds still to come (timed sports); the full regular time before kick-off. */
  remainingSeconds: number;
  /** Points of the set in play (sets sports). */
  setPoints: Score;
}

/** Drift of the market's opinion: on the home side's strength and on the expected total (both log-scale). */
export interface PricingBias {
  side: number;
  total: number;
}

/** Regular playing time of a timed sport in seconds. */
export function regularSeconds(rules: GoalsRules | PointsRules): number {
  return rules.periods * rules.periodSeconds;
}

/** Expected goals per regular time of each team from the rating difference (home minus away). */
export function goalRates(
  rules: GoalsRules,
  ratingDiff: number,
  bias: PricingBias = { side: 0, total: 0 },
): { home: number; away: number } {
  const half = (rules.expectedTotal / 2) * Math.exp(bias.total);
  const edge = ((ratingDiff + bias.side) * rules.strength + rules.homeAdvantage) / 2;
  return { home: half * Math.exp(edge), away: half * Math.exp(-edge) };
}

/** Probability that home wins one point (game, round, map) from the rating difference. */
export function pointWinProbability(rules: SetsRules, ratingDiff: number, bias = 0): number {
  return 1 / (1 + Math.exp(-rules.pointSkill * (ratingDiff + bias)));
}

/** Share of regular time still to play, never below zero. */
function remainingShare(rules: GoalsRules | PointsRules, remainingSeconds: number): number {
  return Math.max(0, remainingSeconds) / regularSeconds(rules);
}

/** The final-score distribution the markets are priced from. */
export function scoreDistribution(
  rules: SportRules,
  ratingDiff: number,
  bias: PricingBias,
  state: PricingState,
): ScoreDistribution {
  switch (rules.scoring) {
    case 'goals': {
      const f = remainingShare(rules, state.remainingSeconds);
      const rates = goalRates(rules, ratingDiff, bias);
      return goalsDistribution(rates.home * f, rates.away * f, state.score, rules.drawPossible);
    }
    case 'points': {
      const f = remainingShare(rules, state.remainingSeconds);
      const marginFull = (ratingDiff + bias.side) * rules.pointsPerRating + rules.homeAdvantage;
      const totalFull = rules.expectedTotal * Math.exp(bias.total);
      return pointsDistribution(
        {
          marginMean: marginFull * f,
          marginSd: rules.marginSd * Math.sqrt(f),
          totalMean: totalFull * f,
          totalSd: rules.totalSd * Math.sqrt(f),
        },
        state.score,
        rules.drawPossible,
      );
    }
    case 'sets': {
      const p = pointWinProbability(rules, ratingDiff, bias.side);
      const current = setWinProbability(p, state.setPoints.home, state.setPoints.away, rules);
      const fresh = setWinProbability(p, 0, 0, rules);
      return setsDistribution(rules.setsToWin, state.score, current, fresh);
    }
  }
}
