import { isValidDecimalOdds, roundMoney, sumMoney } from '@tessera/shared/util-format';
import { antiExpressOdds, DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT } from './anti-express';
import { couponGroups, type Coupon } from './coupon';
import type { CouponConfig } from './coupon-config';
import { expressBoostAmount, expressBoostPercent } from './express-boost';
import { FULL_COVER_BETS } from './full-cover';
import { calcSystemsMin, expressOdds, fullCoverReturnFrom, systemLines, systemReturn } from './system-math';
import { applyPayoutTax, applyStakeTax } from './taxes';

/** The money of one bet of a coupon (a single, the express, the system, one multi group) when everything wins. */
export interface BetBreakdown {
  /** Stake charged for this bet. */
  readonly stake: number;
  /** Stake tax withheld. */
  readonly stakeTax: number;
  /** Stake actually wagered. */
  readonly netStake: number;
  /** Coefficient of the bet: the price, the combined price, or for a system its return divided by its net stake. */
  readonly coefficient: number;
  /** Lines in the bet: 1, C(n, k) for a system, or the named bet's lines for a full cover (a Yankee 11). */
  readonly lines: number;
  /** Net stake on each line (unrounded: a system's stake need not divide evenly). */
  readonly stakePerLine: number;
  /** Return before boost and payout tax, in 2 decimals. */
  readonly grossReturn: number;
  /** Express boost percent applied (0 when none). */
  readonly boostPercent: number;
  /** Boost amount added to the return. */
  readonly boost: number;
  /** Payout tax withheld. */
  readonly payoutTax: number;
  /** What this bet pays out. */
  readonly netReturn: number;
  /**
   * System and full cover only: what it pays in the worst winning case (exactly k selections, the lowest prices; for a
   * full cover its smallest fold), after payout tax.
   */
  readonly minReturn?: number;
}

/** What a coupon costs and pays when every selection wins, summed over its bets. */
export interface PotentialWin {
  /** Total charged to the balance. */
  readonly totalStake: number;
  /** Total stake tax. */
  readonly stakeTax: number;
  /** Total wagered after stake tax. */
  readonly netStake: number;
  /** Total return before boost and payout tax. */
  readonly grossReturn: number;
  /** Total express boost. */
  readonly boost: number;
  /** Total payout tax. */
  readonly payoutTax: number;
  /** The potential win shown on the coupon: what is paid out when everything wins. */
  readonly netReturn: number;
  /** netReturn minus totalStake. */
  readonly profit: number;
  /** Combined coefficient when the coupon is a single bet (express, anti-express, one single). */
  readonly coefficient?: number;
  /** System only: the worst winning case (calcSystemsMin), after payout tax. */
  readonly minReturn?: number;
  /** One entry per bet the coupon places. */
  readonly bets: readonly BetBreakdown[];
}

/**
 * What the coupon charges to the balance: stake per single times the singles, stake per line times a full cover's
 * lines (0 while the coupon names none), the stake, or the sum of multi group stakes.
 */
export function couponTotalStake(coupon: Coupon): number {
  switch (coupon.betType) {
    case 'single':
      return roundMoney(coupon.stake * coupon.selections.length);
    case 'fullCover':
      return coupon.fullCover ? roundMoney(coupon.stake * FULL_COVER_BETS[coupon.fullCover].lines) : 0;
    case 'multi':
      return sumMoney(coupon.groupStakes.slice(0, couponGroups(coupon).length));
    default:
      return coupon.stake;
  }
}

/**
 * The potential win of a coupon: stake tax, return when every selection wins, express boost and
 * payout tax, bet by bet. A coupon that cannot be priced (empty, a price below 1.01, a system size
 * out of range, a stake that is not a positive amount) yields zeros: validateCoupon says why.
 */
export function potentialWin(coupon: Coupon, config: CouponConfig): PotentialWin {
  const bets = priceBets(coupon, config);
  if (!bets) return ZERO;
  const totalStake = sumMoney(bets.map((b) => b.stake));
  const netReturn = sumMoney(bets.map((b) => b.netReturn));
  const only = bets.length === 1 ? bets[0] : undefined;
  return {
    totalStake,
    stakeTax: sumMoney(bets.map((b) => b.stakeTax)),
    netStake: sumMoney(bets.map((b) => b.netStake)),
    grossReturn: sumMoney(bets.map((b) => b.grossReturn)),
    boost: sumMoney(bets.map((b) => b.boost)),
    payoutTax: sumMoney(bets.map((b) => b.payoutTax)),
    netReturn,
    profit: roundMoney(netReturn - totalStake),
    ...(only && coupon.betType !== 'system' && coupon.betType !== 'fullCover' ? { coefficient: only.coefficient } : {}),
    ...(only?.minReturn !== undefined ? { minReturn: only.minReturn } : {}),
    bets,
  };
}

const ZERO: PotentialWin = {
  totalStake: 0,
  stakeTax: 0,
  netStake: 0,
  grossReturn: 0,
  boost: 0,
  payoutTax: 0,
  netReturn: 0,
  profit: 0,
  bets: [],
};

function priceBets(coupon: Coupon, config: CouponConfig): BetBreakdown[] | undefined {
  const odds = coupon.selections.map((s) => s.odds);
  if (odds.length === 0 || !odds.every(isValidDecimalOdds)) return undefined;
  const taxes = config.taxes;
  const fixed = (stake: number, coefficient: number, boostPercent = 0): BetBreakdown => {
    const taxed = applyStakeTax(stake, taxes);
    const grossReturn = roundMoney(taxed.netStake * coefficient);
    const boost = expressBoostAmount(grossReturn, taxed.netStake, boostPercent);
    const boosted = roundMoney(grossReturn + boost);
    const paid = applyPayoutTax(boosted, taxed.netStake, coefficient, taxes);
    return {
      ...taxed,
      coefficient,
      lines: 1,
      stakePerLine: taxed.netStake,
      grossReturn,
      boostPercent: boost > 0 ? boostPercent : 0,
      boost,
      payoutTax: paid.payoutTax,
      netReturn: paid.netReturn,
    };
  };
  // A bet of many lines (a system, a full cover): its coefficient is its return over its net stake, and its worst
  // winning case is paid out after the same payout tax.
  const lined = (
    taxed: ReturnType<typeof applyStakeTax>,
    lines: number,
    grossReturn: number,
    worst: number,
  ): BetBreakdown => {
    const ratio = (amount: number) => (taxed.netStake > 0 ? amount / taxed.netStake : 0);
    const coefficient = ratio(grossReturn);
    const paid = applyPayoutTax(grossReturn, taxed.netStake, coefficient, taxes);
    return {
      ...taxed,
      coefficient,
      lines,
      stakePerLine: taxed.netStake / lines,
      grossReturn,
      boostPercent: 0,
      boost: 0,
      payoutTax: paid.payoutTax,
      netReturn: paid.netReturn,
      minReturn: applyPayoutTax(worst, taxed.netStake, ratio(worst), taxes).netReturn,
    };
  };
  switch (coupon.betType) {
    case 'single':
      if (!isStake(coupon.stake)) return undefined;
      return odds.map((price) => fixed(coupon.stake, price));
    case 'express':
      if (!isStake(coupon.stake)) return undefined;
      return [fixed(coupon.stake, expressOdds(odds), expressBoostPercent(odds, config.expressBoost))];
    case 'antiExpress': {
      if (!isStake(coupon.stake) || odds.length < 2) return undefined;
      const price = antiExpressOdds(odds, config.antiExpressMarginPercent ?? DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT);
      return price === undefined ? undefined : [fixed(coupon.stake, price)];
    }
    case 'multi': {
      const groups = couponGroups(coupon);
      const stakes = groups.map((_, index) => coupon.groupStakes[index] ?? 0);
      if (!stakes.every(isStake)) return undefined;
      // No express boost on a multi: MakeBetWebMulti carries no IsExpressBoost, so the server never pays one, and a
      // slip that showed it would promise more than the bet returns.
      return groups.map((group, index) => fixed(stakes[index] ?? 0, expressOdds(group.map((s) => s.odds))));
    }
    case 'system': {
      const n = odds.length;
      const k = coupon.systemSize;
      if (!isStake(coupon.stake) || !Number.isInteger(k) || k < 1 || k > n) return undefined;
      const taxed = applyStakeTax(coupon.stake, taxes);
      const lines = systemLines(n, k);
      const stakePerLine = taxed.netStake / lines;
      return [lined(taxed, lines, systemReturn(odds, k, stakePerLine), calcSystemsMin(odds, k, stakePerLine))];
    }
    case 'fullCover': {
      // The stake is per line: the bet costs lines × stake, and each line is an express at stake (less stake tax).
      const definition = coupon.fullCover ? FULL_COVER_BETS[coupon.fullCover] : undefined;
      if (!definition || !isStake(coupon.stake) || odds.length !== definition.selections) return undefined;
      const lines = definition.lines;
      const taxed = applyStakeTax(roundMoney(coupon.stake * lines), taxes);
      const stakePerLine = taxed.netStake / lines;
      // The worst winning case: only the lowest-priced lines of the smallest fold win (one line of it).
      return [
        lined(
          taxed,
          lines,
          fullCoverReturnFrom(odds, definition.smallestFold, stakePerLine),
          calcSystemsMin(odds, definition.smallestFold, stakePerLine),
        ),
      ];
    }
    default:
      return undefined;
  }
}

function isStake(stake: number): boolean {
  return Number.isFinite(stake) && stake > 0;
}
