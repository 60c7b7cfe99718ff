import { roundDecimal } from '@tessera/shared/util-format';
import type { BetType } from './coupon-config';

/** The margin on an insurance premium when a brand configures none. */
export const DEFAULT_INSURANCE_MARGIN_PERCENT = 10;

/** Bet types that can be insured: one outcome decides them (a system or anti-express has no single "lost"). */
export const INSURABLE_BET_TYPES: readonly BetType[] = ['single', 'express'];

/**
 * The premium for insuring a bet (libs/server/bets README, "Bet insurance"): if the bet loses, `insuredAmount` (its stake after stake tax) comes back.
 * Priced from the chance the bet loses, q = 1 - 1/coefficient, with the brand's margin on top:
 * insuredAmount × q × (1 + margin / 100), rounded up to the cent (never in the bettor's favour). A price of 1 or
 * less cannot lose money and has no premium to speak of: it answers 0.
 */
export function insurancePremium(
  insuredAmount: number,
  coefficient: number,
  marginPercent: number = DEFAULT_INSURANCE_MARGIN_PERCENT,
): number {
  if (!Number.isFinite(insuredAmount) || insuredAmount < 0)
    throw new RangeError(`insurancePremium: amount must be a non-negative number, got ${insuredAmount}`);
  if (!Number.isFinite(coefficient) || coefficient <= 0)
    throw new RangeError(`insurancePremium: coefficient must be positive, got ${coefficient}`);
  if (!Number.isFinite(marginPercent) || marginPercent < 0)
    throw new RangeError(`insurancePremium: margin must be a non-negative percent, got ${marginPercent}`);
  if (coefficient <= 1 || insuredAmount === 0) return 0;
  const lose = 1 - 1 / coefficient;
  const cents = roundDecimal(insuredAmount * 100 * lose * (1 + marginPercent / 100), 6);
  return Math.ceil(cents) / 100;
}
