import { CHECK_CF, type CheckCf, type CouponEvent, type OddsChange } from './bet-placement.types';

/**
 * Whether the bettor's CheckCf policy accepts these coefficient changes without asking (README, "CheckCf"):
 * 0 accepts none, 1 accepts only increases (every change up or equal), 2 accepts any change.
 */
export function isAcceptedByPolicy(changes: readonly OddsChange[], checkCf: CheckCf): boolean {
  if (changes.length === 0) return true;
  if (checkCf === CHECK_CF.any) return true;
  if (checkCf === CHECK_CF.increases) return changes.every((change) => change.current >= change.previous);
  return false;
}

/** The coupon's selections with the server's new coefficients applied, so the next attempt sends what was approved. */
export function applyOddsChanges(events: readonly CouponEvent[], changes: readonly OddsChange[]): CouponEvent[] {
  const byIndex = new Map(changes.map((change) => [change.index, change.current]));
  return events.map((event, index) => {
    const current = byIndex.get(index);
    return current === undefined ? event : { ...event, coef: current };
  });
}
