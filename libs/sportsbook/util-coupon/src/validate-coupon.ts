import { isMoneyAmount, isValidDecimalOdds, roundMoney } from '@tessera/shared/util-format';
import { antiExpressOdds, DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT } from './anti-express';
import { couponGroups, selectionKey, type Coupon } from './coupon';
import { isBetTypeEnabled, isFullCoverOffered, maxEventsFor, type BetType, type CouponConfig } from './coupon-config';
import { FULL_COVER_BETS } from './full-cover';
import type { CouponIssue } from './coupon-issue';
import { couponTotalStake } from './potential-win';
import { systemLines } from './system-math';

// Fewest events each bet type needs (multi counts groups, not events).
const MIN_EVENTS: Readonly<Record<BetType, number>> = {
  single: 1,
  express: 2,
  antiExpress: 2,
  system: 3,
  multi: 2,
  fullCover: 3,
};

/**
 * Every reason the coupon cannot be placed, in a stable order; empty when it can. The browser uses
 * it to disable the submit button and the API to refuse the bet, so both say the same thing.
 * The balance is checked only when given.
 */
export function validateCoupon(coupon: Coupon, config: CouponConfig, balance?: number): readonly CouponIssue[] {
  const issues: CouponIssue[] = [];
  const n = coupon.selections.length;
  if (n === 0) return [{ code: 'empty_coupon', message: 'The coupon has no selections' }];

  const fullCover = coupon.betType === 'fullCover' && coupon.fullCover ? FULL_COVER_BETS[coupon.fullCover] : undefined;
  if (
    !isBetTypeEnabled(coupon.betType, config) ||
    (coupon.betType === 'fullCover' && coupon.fullCover && !isFullCoverOffered(coupon.fullCover, config))
  ) {
    issues.push({
      code: 'feature_disabled',
      message: `${fullCover?.name ?? coupon.betType} bets are not available here`,
      feature: coupon.betType,
    });
  }
  if (coupon.betType === 'fullCover' && !fullCover) {
    issues.push({ code: 'invalid_system_size', message: 'Choose which full-cover bet to place' });
  }
  // A full cover takes exactly its number of selections: a Trixie 3, a Yankee 4.
  if (fullCover && n > fullCover.selections) {
    issues.push({
      code: 'too_many_events',
      message: `A ${fullCover.name} takes exactly ${fullCover.selections} selections`,
      limit: fullCover.selections,
    });
  }
  if (fullCover && n < fullCover.selections) {
    issues.push({
      code: 'too_few_events',
      message: `A ${fullCover.name} takes exactly ${fullCover.selections} selections`,
      limit: fullCover.selections,
    });
  }

  const most = maxEventsFor(coupon.betType, config);
  if (n > most) {
    issues.push({
      code: 'too_many_events',
      message: `A ${coupon.betType} coupon holds at most ${most} events`,
      limit: most,
    });
  }
  const groups = couponGroups(coupon);
  const fewest = MIN_EVENTS[coupon.betType];
  const count = coupon.betType === 'multi' ? groups.length : n;
  if (count < fewest && !fullCover) {
    const unit = coupon.betType === 'multi' ? 'groups' : 'events';
    issues.push({
      code: 'too_few_events',
      message: `A ${coupon.betType} bet needs at least ${fewest} ${unit}`,
      limit: fewest,
    });
  }

  // Singles may hold two outcomes of one game (they are separate bets); combinations may not.
  if (coupon.betType !== 'single') {
    for (const group of groups) {
      const byGame = new Map<string, string[]>();
      for (const s of group) byGame.set(s.gameId, [...(byGame.get(s.gameId) ?? []), selectionKey(s)]);
      for (const [gameId, keys] of byGame) {
        if (keys.length > 1) {
          issues.push({
            code: 'same_game_twice',
            message: `Game ${gameId} is in the bet more than once`,
            gameId,
            selectionKeys: keys,
          });
        }
      }
    }
  }

  const blocked = coupon.selections.filter((s) => s.blocked).map(selectionKey);
  if (blocked.length > 0) {
    issues.push({ code: 'suspended_selection', message: 'Some selections are suspended', selectionKeys: blocked });
  }
  const badOdds = coupon.selections.filter((s) => !isValidDecimalOdds(s.odds)).map(selectionKey);
  if (badOdds.length > 0) {
    issues.push({ code: 'invalid_odds', message: 'Some prices are below 1.01', selectionKeys: badOdds });
  }

  const k = coupon.systemSize;
  const systemValid = coupon.betType !== 'system' || (Number.isInteger(k) && k >= 2 && k <= n - 1);
  if (!systemValid && n >= MIN_EVENTS.system) {
    issues.push({
      code: 'invalid_system_size',
      message: `A system of ${n} events takes from 2 to ${n - 1} winners`,
      limit: n - 1,
    });
  }

  const stakes = coupon.betType === 'multi' ? groups.map((_, index) => coupon.groupStakes[index] ?? 0) : [coupon.stake];
  const stakesValid = stakes.every((stake) => stake > 0 && isMoneyAmount(stake));
  if (!stakesValid) {
    issues.push({ code: 'invalid_stake', message: 'The stake must be a positive amount with at most 2 decimals' });
  }

  const minimum = config.minStake[coupon.currency];
  if (minimum === undefined) {
    issues.push({ code: 'unsupported_currency', message: `Bets in ${coupon.currency} are not accepted` });
  } else if (stakesValid && systemValid) {
    // A system's minimum is per line, so a 2-of-4 (6 lines) at a 1.00 minimum needs 6.00.
    const lines = coupon.betType === 'system' && n >= MIN_EVENTS.system ? systemLines(n, k) : 1;
    const needed = roundMoney(minimum * lines);
    if (stakes.some((stake) => stake < needed)) {
      issues.push({
        code: 'below_minimum_stake',
        message: `The minimum stake is ${needed.toFixed(2)} ${coupon.currency}`,
        amount: needed,
      });
    }
  }

  // A full cover is one bet of lines × stake: the largest stake bounds that whole (the server checks the same).
  const maximum = config.maxStake?.[coupon.currency];
  const checked = coupon.betType === 'fullCover' ? [couponTotalStake(coupon)] : stakes;
  if (maximum !== undefined && stakesValid && checked.some((stake) => stake > maximum)) {
    issues.push({
      code: 'above_maximum_stake',
      message: `The largest stake is ${maximum.toFixed(2)} ${coupon.currency}`,
      amount: maximum,
    });
  }

  if (balance !== undefined && stakesValid) {
    const total = couponTotalStake(coupon);
    if (total > balance) {
      issues.push({ code: 'above_balance', message: 'The stake is more than the balance', amount: total });
    }
  }

  if (coupon.betType === 'antiExpress' && n >= 2 && badOdds.length === 0) {
    const price = antiExpressOdds(
      coupon.selections.map((s) => s.odds),
      config.antiExpressMarginPercent ?? DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT,
    );
    if (price === undefined) {
      issues.push({
        code: 'anti_express_unavailable',
        message: 'These selections are too likely to lose to offer an anti-express',
      });
    }
  }
  return issues;
}
