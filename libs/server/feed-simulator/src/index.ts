// Public door of @tessera/server/feed-simulator: the odds feed contract, the simulator behind it, and the
// pricing and settlement helpers other server code (bet settlement, read models, benchmarks) relies on.
export * from './model';
export * from './feed-provider';
export { FeedSimulator, type FeedSimulatorOptions } from './feed-simulator';
export { simulatorSince, type SharedWorldOptions } from './shared-world';
export { BulkOddsFeed, type BulkFeedOptions } from './bulk-feed';
export { applyFeedEvent } from './feed-state';
export { SimClock, createManualClock, type SimClockOptions } from './sim-clock';
export { Prng, deriveSeed } from './prng';
export { SPORTS, SPORT_ID, COUNTRIES, CHAMPIONSHIPS, sportById, countryById, championshipsOfSport } from './lookups';
export {
  SPORT_RULES,
  rulesOf,
  type SportRules,
  type GoalsRules,
  type PointsRules,
  type SetsRules,
} from './sport-rules';
export {
  MARKET_GROUPS,
  DECIDED_PROBABILITY,
  createMarkets,
  priceMarket,
  chooseLines,
  marketId,
  isDecided,
} from './markets';
export {
  fairProbabilities,
  impliedWithMargin,
  oddsWithMargin,
  overround,
  roundOdds,
  outcomeCodes,
  poissonPmf,
  normalCdf,
  goalsDistribution,
  pointsDistribution,
  setsDistribution,
  setWinProbability,
  probAbove,
  probAt,
  probBelow,
  ODDS_MIN,
  ODDS_MAX,
  type Pmf,
  type ScoreDistribution,
} from './pricing';
export {
  scoreDistribution,
  goalRates,
  pointWinProbability,
  regularSeconds,
  type PricingBias,
  type PricingState,
} from './game-model';
export { settleOutcome, settleMarket, payoutFactor, isQuarterLine, splitLine } from './settlement';
export { generateTeams } from './team-names';
export { selectGames, type FeedQuery } from './feed-query';
