/**
 * How the simulator plays and prices each sport: period structure and the parameters of its scoring model.
 * Values are typical real-world figures, rounded; they only need to look plausible on a sportsbook.
 */
interface TimedRules {
  /** Regular periods (halves, periods, quarters, ends). */
  periods: number;
  periodSeconds: number;
  /** Break between periods, during which the clock stops. */
  breakSeconds: number;
  /** False: a level score after regular time is played out in extra periods of `overtimeSeconds`. */
  drawPossible: boolean;
  overtimeSeconds: number;
}

/** A sport scored by rare events (goals): independent Poisson processes per team. */
export interface GoalsRules extends TimedRules {
  scoring: 'goals';
  /** Expected goals of both teams over regular time, for two average teams. */
  expectedTotal: number;
  /** Home advantage as a log-ratio of scoring rates. */
  homeAdvantage: number;
  /** Log-ratio of scoring rates per rating unit of difference; below 1 keeps enough draws in low-scoring sports. */
  strength: number;
  /** Seconds all markets stay suspended after a goal. */
  goalSuspendSeconds: number;
}

/** A sport scored by many points (basketball): normal approximations of margin and total. */
export interface PointsRules extends TimedRules {
  scoring: 'points';
  expectedTotal: number;
  /** Home advantage in points. */
  homeAdvantage: number;
  /** Points of expected margin per rating unit of difference. */
  pointsPerRating: number;
  /** Standard deviations over a full game. */
  marginSd: number;
  totalSd: number;
  /** Average points per scoring play (mix of 1, 2 and 3). */
  pointsPerScore: number;
}

/** A sport won in sets or maps, each a race of points (games, rounds). */
export interface SetsRules {
  scoring: 'sets';
  /** Sets (maps) needed to win the match: 2 = best of three. */
  setsToWin: number;
  /** Points (games, rounds) needed to win a set. */
  target: number;
  /** Lead needed at the target (2 in tennis games and CS rounds). */
  winBy: number;
  /** Level score at which a single deciding point decides the set (tennis tie-break at 6-6). */
  decidingAt?: number;
  /** Mean seconds between points. */
  pointSeconds: number;
  breakSeconds: number;
  /** Log-odds of winning a point per rating unit of difference. */
  pointSkill: number;
}

/** Rules of one simulated sport. */
export type SportRules = GoalsRules | PointsRules | SetsRules;

/** Rules for every simulated sport id. Horse racing (44) is not simulated (feed-simulator README, "Why these pricing models"). */
export const SPORT_RULES: Readonly<Record<number, SportRules>> = {
  1: {
    scoring: 'goals',
    periods: 2,
    periodSeconds: 2700,
    breakSeconds: 900,
    drawPossible: true,
    overtimeSeconds: 0,
    expectedTotal: 2.65,
    homeAdvantage: 0.25,
    strength: 0.7,
    goalSuspendSeconds: 45,
  },
  2: {
    scoring: 'goals',
    periods: 3,
    periodSeconds: 1200,
    breakSeconds: 1080,
    drawPossible: true,
    overtimeSeconds: 0,
    expectedTotal: 5.6,
    homeAdvantage: 0.12,
    strength: 0.6,
    goalSuspendSeconds: 30,
  },
  46: {
    scoring: 'goals',
    periods: 8,
    periodSeconds: 900,
    breakSeconds: 60,
    drawPossible: false,
    overtimeSeconds: 900,
    expectedTotal: 11.5,
    homeAdvantage: 0.05,
    strength: 0.8,
    goalSuspendSeconds: 20,
  },
  85: {
    scoring: 'goals',
    periods: 2,
    periodSeconds: 360,
    breakSeconds: 60,
    drawPossible: true,
    overtimeSeconds: 0,
    expectedTotal: 5.2,
    homeAdvantage: 0.05,
    strength: 0.8,
    goalSuspendSeconds: 15,
  },
  3: {
    scoring: 'points',
    periods: 4,
    periodSeconds: 600,
    breakSeconds: 120,
    drawPossible: false,
    overtimeSeconds: 300,
    expectedTotal: 164,
    homeAdvantage: 3,
    pointsPerRating: 12,
    marginSd: 12,
    totalSd: 16,
    pointsPerScore: 2.05,
  },
  4: {
    scoring: 'sets',
    setsToWin: 2,
    target: 6,
    winBy: 2,
    decidingAt: 6,
    pointSeconds: 240,
    breakSeconds: 120,
    pointSkill: 0.3,
  },
  40: { scoring: 'sets', setsToWin: 2, target: 1, winBy: 1, pointSeconds: 1800, breakSeconds: 300, pointSkill: 1.2 },
  86: { scoring: 'sets', setsToWin: 2, target: 16, winBy: 2, pointSeconds: 105, breakSeconds: 240, pointSkill: 0.35 },
  97: { scoring: 'sets', setsToWin: 2, target: 1, winBy: 1, pointSeconds: 2100, breakSeconds: 300, pointSkill: 1.2 },
  4046: { scoring: 'sets', setsToWin: 2, target: 13, winBy: 2, pointSeconds: 110, breakSeconds: 240, pointSkill: 0.35 },
};

/** The rules of a simulated sport; throws for a sport the simulator does not play. */
export function rulesOf(sportId: number): SportRules {
  const rules = SPORT_RULES[sportId];
  if (!rules) throw new Error(`No simulation rules for sport ${sportId}`);
  return rules;
}
