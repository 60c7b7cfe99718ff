import { floorDecimal, MIN_DECIMAL_ODDS } from '@tessera/shared/util-format';
import { expressOdds } from './system-math';

/** The margin added to the anti-express price when a brand configures none (README, "Bet types and system maths"). */
export const DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT = 10;

/**
 * The coefficient of an anti-express (anti-accumulator, "lose to win"): a bet on two or more
 * selections from different games that wins when the equivalent express loses, that is when at
 * least one selection loses. Priced from the complementary probability of the express,
 * q = 1 - 1/expressOdds, with the margin on top: 1 / (q * (1 + margin / 100)), cut down to 2 places
 * (never round a price up in the bettor's favour). Returns undefined when that price is below 1.01
 * and the bet cannot be offered. The legs' prices already carry a margin that makes 1/expressOdds
 * overstate the chance of the express, which is why the anti-express needs a margin of its own.
 */
export function antiExpressOdds(
  decimalOdds: readonly number[],
  marginPercent: number = DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT,
): number | undefined {
  if (decimalOdds.length < 2) throw new RangeError('antiExpressOdds: an anti-express needs at least two selections');
  if (!Number.isFinite(marginPercent) || marginPercent < 0) {
    throw new RangeError(`antiExpressOdds: margin must be a non-negative percent, got ${marginPercent}`);
  }
  const express = expressOdds(decimalOdds);
  const complement = 1 - 1 / express;
  if (complement <= 0) return undefined;
  const price = floorDecimal(1 / (complement * (1 + marginPercent / 100)), 2);
  return price >= MIN_DECIMAL_ODDS ? price : undefined;
}
