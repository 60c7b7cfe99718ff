import { roundMoney } from '@tessera/shared/util-format';
import type { BettingTaxConfig } from './coupon-config';

/** A stake split into the tax withheld and the amount actually wagered. */
export interface TaxedStake {
  /** The stake the bettor typed and is charged. */
  readonly stake: number;
  /** Stake tax withheld: stakeTaxPercent of the stake, in 2 decimals. */
  readonly stakeTax: number;
  /** What is actually wagered: stake minus stake tax. */
  readonly netStake: number;
}

/** A return split into the payout tax and what the bettor receives. */
export interface TaxedPayout {
  /** The return before payout tax. */
  readonly grossReturn: number;
  /** Payout tax withheld, in 2 decimals; 0 below the thresholds. */
  readonly payoutTax: number;
  /** What the bettor receives: gross return minus payout tax. */
  readonly netReturn: number;
}

/** Splits a stake into stake tax and net stake (README, "Betting taxes and express boost"). */
export function applyStakeTax(stake: number, taxes: BettingTaxConfig | undefined): TaxedStake {
  const percent = taxes?.stakeTaxPercent ?? 0;
  const stakeTax = roundMoney((stake * percent) / 100);
  return { stake, stakeTax, netStake: roundMoney(stake - stakeTax) };
}

/** True when the wire flag means yes: the string 'true' (any case) or the boolean true. */
export function hasReturnTax(taxes: BettingTaxConfig | undefined): boolean {
  const flag = taxes?.hasReturnTax;
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
}

/**
 * Applies payout tax to a return (README, "Betting taxes and express boost"). The base is the winnings (return minus net stake), or
 * the whole return when hasReturnTax is 'true'. Tax is charged on the whole base, and only when the
 * winnings are above winAmountThreshold and the coefficient is above coefficientThreshold.
 */
export function applyPayoutTax(
  grossReturn: number,
  netStake: number,
  coefficient: number,
  taxes: BettingTaxConfig | undefined,
): TaxedPayout {
  const percent = taxes?.payoutTaxPercent ?? 0;
  const winnings = Math.max(0, roundMoney(grossReturn - netStake));
  const aboveWin = winnings > (taxes?.winAmountThreshold ?? 0);
  const aboveCoefficient = !taxes?.coefficientThreshold || coefficient > taxes.coefficientThreshold;
  if (percent <= 0 || winnings === 0 || !aboveWin || !aboveCoefficient) {
    return { grossReturn, payoutTax: 0, netReturn: grossReturn };
  }
  const base = hasReturnTax(taxes) ? grossReturn : winnings;
  const payoutTax = roundMoney((base * percent) / 100);
  return { grossReturn, payoutTax, netReturn: roundMoney(grossReturn - payoutTax) };
}
