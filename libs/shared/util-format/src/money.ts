import { floorDecimal, roundDecimal, scaledInteger } from './decimal';

/** Minor units per major unit: every amount on the platform has exactly 2 decimals (spec section 5). */
export const MONEY_DECIMALS = 2;

/** Rounds an amount to 2 decimals, half away from zero, correct for binary floating point (1.005 -> 1.01). */
export function roundMoney(value: number): number {
  return roundDecimal(value, MONEY_DECIMALS);
}

/** Converts an amount to integer minor units (cents), rounding as roundMoney does. */
export function toMinorUnits(value: number): number {
  return scaledInteger(value, MONEY_DECIMALS);
}

/** Amounts are cent-exact up to this (2^53 - 1 cents, about 90 trillion); beyond it a double cannot hold cents at all. */
export const MAX_EXACT_MONEY = Number.MAX_SAFE_INTEGER / 100;

/** Converts integer minor units (cents) back to an amount with 2 decimals (exact up to MAX_EXACT_MONEY). */
export function fromMinorUnits(minor: number): number {
  // Integers above 2^53 are accepted: refusing them would crash a coupon showing an absurd
  // potential win, and no representation of such an amount in a double can be cent-exact anyway.
  if (!Number.isInteger(minor)) throw new RangeError(`fromMinorUnits: not an integer: ${minor}`);
  return minor / 100 || 0;
}

/** Adds amounts exactly in minor units, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004. */
export function sumMoney(values: readonly number[]): number {
  let minor = 0;
  for (const value of values) minor += toMinorUnits(value);
  return fromMinorUnits(minor);
}

/** Rounds an amount down (towards zero) to 2 decimals: used where paying a fraction of a cent more is wrong. */
export function floorMoney(value: number): number {
  return floorDecimal(value, MONEY_DECIMALS);
}

/** True when the amount has no more than 2 decimals (what a stake field may hold). */
export function isMoneyAmount(value: number): boolean {
  return Number.isFinite(value) && roundMoney(value) === value;
}
