import { roundMoney, sumMoney } from '@tessera/shared/util-format';

/**
 * The combined coefficient of an express (accumulator): the product of its prices, unrounded so a
 * payout is rounded once, at the end. Void selections are settled at 1.00 and simply drop out.
 */
export function expressOdds(decimalOdds: readonly number[]): number {
  assertOdds(decimalOdds);
  if (decimalOdds.length === 0) throw new RangeError('expressOdds: an express needs at least one price');
  // Multiplied left to right starting from 1, the same order elementarySymmetric uses for k = n,
  // so a k-of-n system with k = n returns to the cent what the express does.
  return decimalOdds.reduce((product, odds) => product * odds, 1);
}

/** What an express returns when every selection wins: stake times the combined coefficient, in 2 decimals. */
export function expressReturn(decimalOdds: readonly number[], stake: number): number {
  assertStake(stake);
  return roundMoney(stake * expressOdds(decimalOdds));
}

/** How many combinations (lines) a k-of-n system has: the binomial coefficient C(n, k); 0 when k > n. */
export function systemLines(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0 || k < 0) {
    throw new RangeError(`systemLines: n and k must be non-negative integers, got n=${n}, k=${k}`);
  }
  if (k > n) return 0;
  const smaller = Math.min(k, n - k);
  let lines = 1;
  // Each step's product is divisible by (i + 1), so the running value stays an exact integer;
  // C(50, 25) is 1.26e14, well inside the safe integer range for the 50-event coupon limit.
  for (let i = 0; i < smaller; i += 1) lines = (lines * (n - i)) / (i + 1);
  return lines;
}

/** The stake of each line when a system's total stake is spread evenly over its C(n, k) lines (unrounded). */
export function systemStakePerLine(totalStake: number, n: number, k: number): number {
  assertStake(totalStake);
  assertSystem(n, k);
  return totalStake / systemLines(n, k);
}

/**
 * What a k-of-n system returns when every selection wins: each of the C(n, k) lines is a k-fold
 * express at stakePerLine, so the return is stakePerLine times the sum of the products of every
 * k prices (the k-th elementary symmetric polynomial), in 2 decimals.
 */
export function systemReturn(decimalOdds: readonly number[], k: number, stakePerLine: number): number {
  assertOdds(decimalOdds);
  assertSystem(decimalOdds.length, k);
  assertStake(stakePerLine);
  return roundMoney(stakePerLine * elementarySymmetric(decimalOdds, k));
}

/**
 * What a system returns when exactly the given selections win (the others lose): only lines made
 * entirely of winners pay. Void selections should be passed as winners at 1.00.
 */
export function systemReturnForWinners(winningOdds: readonly number[], k: number, stakePerLine: number): number {
  assertOdds(winningOdds);
  assertStake(stakePerLine);
  if (!Number.isInteger(k) || k < 1)
    throw new RangeError(`systemReturnForWinners: k must be a positive integer, got ${k}`);
  if (winningOdds.length < k) return 0;
  return roundMoney(stakePerLine * elementarySymmetric(winningOdds, k));
}

/**
 * calcSystemsMin: the smallest return of a k-of-n system over every outcome in which at least k
 * selections win. Adding a winner only adds paying lines, so the minimum is when exactly the k
 * lowest prices win and one line pays: stakePerLine times the product of the k lowest prices.
 */
export function calcSystemsMin(decimalOdds: readonly number[], k: number, stakePerLine: number): number {
  assertOdds(decimalOdds);
  assertSystem(decimalOdds.length, k);
  assertStake(stakePerLine);
  const lowest = [...decimalOdds].sort((a, b) => a - b).slice(0, k);
  return roundMoney(stakePerLine * lowest.reduce((product, odds) => product * odds, 1));
}

/**
 * What a full-cover bet of doubles and up (Trixie, Yankee, Super Yankee, Heinz, Super Heinz,
 * Goliath) returns when every selection wins: the sum of the k-of-n system returns for k = 2..n,
 * each in 2 decimals, added in minor units.
 */
export function fullCoverReturn(decimalOdds: readonly number[], stakePerLine: number): number {
  return fullCoverReturnFrom(decimalOdds, 2, stakePerLine);
}

/**
 * A full-cover return starting at a given fold: 1 includes the singles (Patent, Lucky 15/31/63),
 * 2 starts at the doubles. Every selection is assumed to win.
 */
export function fullCoverReturnFrom(
  decimalOdds: readonly number[],
  smallestFold: number,
  stakePerLine: number,
): number {
  assertOdds(decimalOdds);
  assertStake(stakePerLine);
  const n = decimalOdds.length;
  if (!Number.isInteger(smallestFold) || smallestFold < 1 || smallestFold > n) {
    throw new RangeError(`fullCoverReturn: smallest fold must be from 1 to ${n}, got ${smallestFold}`);
  }
  const returns: number[] = [];
  for (let k = smallestFold; k <= n; k += 1) returns.push(systemReturn(decimalOdds, k, stakePerLine));
  return sumMoney(returns);
}

/** How many lines a full cover of n selections has from the given fold up: 2^n - 1, less the n singles when it starts at doubles. */
export function fullCoverLines(n: number, smallestFold: 1 | 2 = 2): number {
  let lines = 0;
  for (let k = smallestFold; k <= n; k += 1) lines += systemLines(n, k);
  return lines;
}

/**
 * The k-th elementary symmetric polynomial of the prices (the sum of the products of every k of
 * them), by the O(n k) recurrence rather than by enumerating up to C(20, 10) = 184,756 lines.
 */
function elementarySymmetric(values: readonly number[], k: number): number {
  const e: number[] = new Array<number>(k + 1).fill(0);
  e[0] = 1;
  for (const value of values) {
    for (let j = k; j >= 1; j -= 1) e[j] = (e[j] ?? 0) + value * (e[j - 1] ?? 0);
  }
  return e[k] ?? 0;
}

function assertOdds(decimalOdds: readonly number[]): void {
  for (const odds of decimalOdds) {
    // 1.00 is allowed here: a void selection is settled at 1.00. Placement refuses prices below 1.01.
    if (!Number.isFinite(odds) || odds < 1) throw new RangeError(`Invalid decimal odds: ${odds}`);
  }
}

function assertStake(stake: number): void {
  if (!Number.isFinite(stake) || stake < 0) throw new RangeError(`Invalid stake: ${stake}`);
}

function assertSystem(n: number, k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > n) {
    throw new RangeError(`A system of ${n} selections needs k from 1 to ${n}, got ${k}`);
  }
}
