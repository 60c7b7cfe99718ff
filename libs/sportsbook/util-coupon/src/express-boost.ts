import { MIN_DECIMAL_ODDS, roundMoney } from '@tessera/shared/util-format';
import type { ExpressBoostConfig } from './coupon-config';

/**
 * The boost percent an express earns: selections priced below minOdds do not count, and the entry
 * with the highest event count not above the qualifying count applies (0 when none does).
 */
export function expressBoostPercent(decimalOdds: readonly number[], boost: ExpressBoostConfig | undefined): number {
  if (!boost) return 0;
  const minOdds = boost.minOdds ?? MIN_DECIMAL_ODDS;
  const qualifying = decimalOdds.filter((odds) => odds >= minOdds).length;
  let best = -1;
  let percent = 0;
  for (const [events, value] of Object.entries(boost.percentByEvents)) {
    const count = Number(events);
    if (Number.isInteger(count) && count <= qualifying && count > best) {
      best = count;
      percent = value;
    }
  }
  return percent;
}

/** The extra amount the boost pays: percent of the winnings (return minus stake), in 2 decimals; never of the stake. */
export function expressBoostAmount(grossReturn: number, stake: number, percent: number): number {
  const winnings = grossReturn - stake;
  if (winnings <= 0 || percent <= 0) return 0;
  return roundMoney((winnings * percent) / 100);
}
