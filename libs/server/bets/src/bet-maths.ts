import {
  applyPayoutTax,
  expressBoostAmount,
  systemLines,
  type BettingTaxConfig,
} from '@tessera/sportsbook/util-coupon';
import { floorMoney, fromMinorUnits, roundMoney, toMinorUnits } from '@tessera/shared/util-format';

/** The feed's result of one outcome (libs/server/feed-simulator OutcomeResult). */
export type SelectionResult = 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost';

/** A bet's kind as stored: a `fullCover` bet is a named full cover (Trixie, Yankee, Lucky 15, ...). */
export type BetKind = 'single' | 'express' | 'system' | 'antiExpress' | 'fullCover';

/** A stored bet's status once settled. */
export type SettledStatus = 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost';

/** What settlement needs of a bet. Amounts in minor units. */
export interface SettleableBet {
  kind: BetKind;
  /** k of a system; a full cover's smallest fold (1 with the singles, 2 from the doubles). */
  systemK: number | null;
  /** Stake minus stake tax, minor units. */
  netStake: number;
  /** The bet's coefficient at acceptance (the anti-express price for anti-express bets). */
  coef: number;
  boostPercent: number;
  selections: ReadonlyArray<{ coef: number; result: SelectionResult | null }>;
}

/** The outcome of settling a bet: not yet (results missing), or its status and money. */
export type Settlement =
  { done: false } | { done: true; status: SettledStatus; grossReturn: number; payoutTax: number };

/** What one unit staked on a selection returns for its result (stake included): the feed simulator's payoutFactor. */
export function resultFactor(coef: number, result: SelectionResult): number {
  switch (result) {
    case 'won':
      return coef;
    case 'lost':
      return 0;
    case 'returned':
      return 1;
    case 'half-won':
      return (coef + 1) / 2;
    case 'half-lost':
      return 0.5;
  }
}

function statusFor(grossMinor: number, netStake: number, single: SelectionResult | undefined): SettledStatus {
  if (single) return single.replace('-', '_') as SettledStatus;
  if (grossMinor <= 0) return 'lost';
  if (grossMinor === netStake) return 'returned';
  return grossMinor > netStake ? 'won' : 'half_lost';
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick = (start: number, acc: T[]): void => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i <= items.length - (k - acc.length); i++) {
      acc.push(items[i] as T);
      pick(i + 1, acc);
      acc.pop();
    }
  };
  pick(0, []);
  return out;
}

/**
 * Settles a bet from its selections' results (ADR 0122). Singles and expresses settle as soon as one selection is
 * lost; other bets wait for every result. The return is rounded to cents; the express boost applies only when every
 * selection won; payout tax follows util-coupon's applyPayoutTax.
 */
export function settle(bet: SettleableBet, taxes: BettingTaxConfig | undefined): Settlement {
  const results = bet.selections.map((s) => s.result);
  const anyLost = results.includes('lost');
  const allKnown = results.every((r) => r !== null);
  if ((bet.kind === 'single' || bet.kind === 'express') && anyLost) {
    return { done: true, status: 'lost', grossReturn: 0, payoutTax: 0 };
  }
  if (!allKnown) return { done: false };
  const stake = fromMinorUnits(bet.netStake);
  let gross: number;
  let coefficient = bet.coef;
  switch (bet.kind) {
    case 'single':
    case 'express': {
      const product = bet.selections.reduce((acc, s) => acc * resultFactor(s.coef, s.result as SelectionResult), 1);
      gross = roundMoney(stake * product);
      if (results.every((r) => r === 'won') && bet.boostPercent > 0)
        gross = roundMoney(gross + expressBoostAmount(gross, stake, bet.boostPercent));
      coefficient = product;
      break;
    }
    case 'system': {
      const k = bet.systemK ?? 2;
      const perLine = stake / systemLines(bet.selections.length, k);
      let sum = 0;
      for (const line of combinations(bet.selections, k)) {
        sum += perLine * line.reduce((acc, s) => acc * resultFactor(s.coef, s.result as SelectionResult), 1);
      }
      gross = roundMoney(sum);
      coefficient = stake > 0 ? gross / stake : 0;
      break;
    }
    case 'fullCover': {
      // Every combination from the smallest fold up is a line at stake / lines; a void selection (factor 1) stays in
      // its lines, so a double with one void pays as a single (README, "Full-cover bets").
      const smallest = bet.systemK ?? 2;
      const lines: Array<typeof bet.selections> = [];
      for (let k = smallest; k <= bet.selections.length; k += 1) lines.push(...combinations(bet.selections, k));
      const perLine = lines.length > 0 ? stake / lines.length : 0;
      let sum = 0;
      for (const line of lines) {
        sum += perLine * line.reduce((acc, s) => acc * resultFactor(s.coef, s.result as SelectionResult), 1);
      }
      gross = roundMoney(sum);
      coefficient = stake > 0 ? gross / stake : 0;
      break;
    }
    case 'antiExpress': {
      // Wins when at least one selection loses; loses when all win; anything else (voids, halves) returns the stake.
      if (results.some((r) => r === 'lost' || r === 'half-lost')) gross = roundMoney(stake * bet.coef);
      else if (results.every((r) => r === 'won' || r === 'half-won')) gross = 0;
      else gross = stake;
      break;
    }
  }
  const grossMinor = toMinorUnits(gross);
  const taxed = grossMinor > 0 ? applyPayoutTax(gross, stake, coefficient, taxes) : { payoutTax: 0 };
  const single = bet.kind === 'single' ? (results[0] as SelectionResult) : undefined;
  return {
    done: true,
    status: statusFor(grossMinor, bet.netStake, single),
    grossReturn: grossMinor,
    payoutTax: toMinorUnits(taxed.payoutTax),
  };
}

/** One selection of a bet offered for sale: its coefficient at placement, its result or the coefficient now. */
export interface SaleSelection {
  coef: number;
  result: SelectionResult | null;
  /** The feed's coefficient now; undefined when the market is suspended or gone. */
  currentCoef: number | undefined;
}

/**
 * What selling a bet pays now, in minor units, or undefined when it cannot be sold (README, "Sale of a bet"):
 * net stake x settled factors x (coefficient at placement / coefficient now) of the open selections,
 * less the brand's margin, rounded down to cents. Only singles and expresses are sold (not systems, full covers or
 * anti-expresses).
 */
export function saleValue(
  kind: BetKind,
  netStake: number,
  selections: readonly SaleSelection[],
  marginPercent: number,
): number | undefined {
  if (kind !== 'single' && kind !== 'express') return undefined;
  let factor = 1;
  let open = 0;
  for (const s of selections) {
    if (s.result !== null) {
      factor *= resultFactor(s.coef, s.result);
      continue;
    }
    if (s.currentCoef === undefined || !(s.currentCoef > 1)) return undefined;
    factor *= s.coef / s.currentCoef;
    open += 1;
  }
  // A bet with every result known is settled, not sold.
  if (open === 0 || factor <= 0) return undefined;
  const value = floorMoney(fromMinorUnits(netStake) * factor * (1 - marginPercent / 100));
  const minor = toMinorUnits(value);
  return minor > 0 ? minor : undefined;
}
