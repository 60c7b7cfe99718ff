import { random52, type RandomSource } from './fair-random';
import { GameInputError } from './game-input-error';
import { rational, type Rational } from './rational';

// The instant crash game (README, "Crash"): the player names a cash-out multiplier before the round; the round draws
// the crash point; the stake pays that multiplier when the crash point reaches it. Multipliers are in hundredths.

/** 2^52: the draws the crash point is made from. */
const N = 2n ** 52n;
/** The return in hundredths: every target returns 97% (less than 10^-10 below it, from the integer floor). */
export const CRASH_RTP_HUNDREDTHS = 97n;
/** The lowest and highest target, in hundredths (1.01× to 1,000×). */
export const CRASH_TARGET_MIN = 101;
export const CRASH_TARGET_MAX = 100_000;

/**
 * The crash point in hundredths from a uniform draw r of [0, 2^52): floor(97 × 2^52 ÷ (2^52 − r)), at least 100 (a
 * value below 1.00× crashes at 1.00×, where every target loses). P(point ≥ t) = floor(97 × 2^52 ÷ t) ÷ 2^52.
 */
export function crashPointFromDraw(r: number): number {
  const point = Number((CRASH_RTP_HUNDREDTHS * N) / (N - BigInt(r)));
  return Math.max(100, point);
}

/** A target multiplier in hundredths, checked. */
export function checkCrashTarget(target: unknown): number {
  if (typeof target !== 'number' || !Number.isInteger(target) || target < CRASH_TARGET_MIN || target > CRASH_TARGET_MAX)
    throw new GameInputError(
      `target must be an integer of hundredths from ${CRASH_TARGET_MIN} to ${CRASH_TARGET_MAX}`,
      'target',
    );
  return target;
}

/** A crash round's result. */
export interface CrashResult {
  stake: number;
  /** The cash-out multiplier asked for, hundredths. */
  target: number;
  /** Where the multiplier crashed, hundredths. */
  crashPoint: number;
  /** stake × target ÷ 100 rounded down to the minor unit when the crash point reached the target, else 0. */
  win: number;
}

/** What a target pays on a stake when it is reached. */
export function crashPayout(stake: number, target: number): number {
  return Math.floor((stake * target) / 100);
}

/** One round: one 52-bit draw. */
export function playCrash(random: RandomSource, stake: number, target: number): CrashResult {
  const crashPoint = crashPointFromDraw(random52(random));
  return { stake, target, crashPoint, win: crashPoint >= target ? crashPayout(stake, target) : 0 };
}

/** The exact RTP of a target (a stake divisible by 100 hundredths, so the payout needs no rounding). */
export function crashRtp(target: number): Rational {
  const t = BigInt(checkCrashTarget(target));
  const reaching = (CRASH_RTP_HUNDREDTHS * N) / t;
  return rational(t * reaching, 100n * N);
}
