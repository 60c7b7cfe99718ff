import { add, mul, rational, toNumber, type Rational } from '../rational';
import { linePayOf } from './slot-engine';
import type { CompiledSlot } from './slot-definition';

/** The exact return of a slot and its parts, each a fraction of the stake. */
export interface SlotRtp {
  /** Line wins of the paid spin. */
  lines: Rational;
  /** Scatter wins of the paid spin. */
  scatters: Rational;
  /** Free spins awarded per paid spin, on average. */
  freeSpinsPerRound: Rational;
  /** The expected win of one free spin (multiplier included). */
  freeSpinValue: Rational;
  /** What free spins add per paid spin. */
  freeSpins: Rational;
  /** The whole return to player. */
  total: Rational;
  /** 1 in how many paid spins awards free spins. */
  freeSpinsEvery: number;
}

/** Per reel: how many times each symbol is on the strip. */
function frequencies(slot: CompiledSlot, reels: Int32Array[]): number[][] {
  return reels.map((strip) => {
    const counts = new Array<number>(slot.symbols.length).fill(0);
    for (const s of strip) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  });
}

/**
 * Expected pay of one payline in line bets. Each reel's symbol on a line is uniform over its strip whatever the row,
 * and the reels stop independently, so every line has the same expectation: the sum over symbol tuples of the
 * product of their frequencies times the tuple's pay, over the product of the strip lengths. Integer sums stay below
 * 2^53 (strips of at most a few hundred symbols and pays below 10^5), so the fraction is exact.
 */
function lineExpectation(slot: CompiledSlot, reels: Int32Array[]): Rational {
  const freq = frequencies(slot, reels);
  const present = freq.map((counts) => counts.flatMap((c, s) => (c > 0 ? [s] : [])));
  const tuple = new Int32Array(reels.length);
  let total = 0;
  const walk = (reel: number, weight: number): void => {
    if (reel === reels.length) {
      const { pay } = linePayOf(slot, tuple);
      if (pay > 0) total += weight * pay;
      return;
    }
    for (const s of present[reel] as number[]) {
      tuple[reel] = s;
      walk(reel + 1, weight * ((freq[reel] as number[])[s] as number));
    }
  };
  walk(0, 1);
  if (!Number.isSafeInteger(total)) throw new Error(`slot ${slot.definition.id}: line sum beyond exact integers`);
  const combinations = reels.reduce((p, strip) => p * BigInt(strip.length), 1n);
  return rational(BigInt(total), combinations);
}

/** How many stops show 0, 1, 2, ... scatters in the window, convolved over the reels: counts of all stop tuples. */
function scatterCounts(slot: CompiledSlot, reels: Int32Array[]): bigint[] {
  let dist: bigint[] = [1n];
  for (const strip of reels) {
    const perStop = new Array<bigint>(slot.rows + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let c = 0;
      for (let row = 0; row < slot.rows; row += 1) if (strip[(stop + row) % strip.length] === slot.scatter) c += 1;
      perStop[c] = (perStop[c] ?? 0n) + 1n;
    }
    const next = new Array<bigint>(dist.length + slot.rows).fill(0n);
    dist.forEach((a, i) => perStop.forEach((b, j) => (next[i + j] = (next[i + j] ?? 0n) + a * b)));
    dist = next;
  }
  return dist;
}

function expectationOver(counts: bigint[], values: number[], combinations: bigint): Rational {
  const sum = counts.reduce((acc, c, n) => acc + c * BigInt(values[n] ?? 0), 0n);
  return rational(sum, combinations);
}

/**
 * The slot's theoretical RTP, exactly: line wins and scatter wins of the paid spin, plus the expected number of free
 * spins times the expected win of one free spin (free spins award no more spins, so the sum is finite).
 */
export function slotRtp(slot: CompiledSlot): SlotRtp {
  const combos = (reels: Int32Array[]) => reels.reduce((p, strip) => p * BigInt(strip.length), 1n);
  const lines = lineExpectation(slot, slot.reels);
  const baseScatters = scatterCounts(slot, slot.reels);
  const scatters = expectationOver(baseScatters, slot.scatterPay, combos(slot.reels));
  const freeSpinsPerRound = expectationOver(baseScatters, slot.awards, combos(slot.reels));
  const freeScatters = scatterCounts(slot, slot.freeSpinReels);
  const freeSpinValue = mul(
    add(
      lineExpectation(slot, slot.freeSpinReels),
      expectationOver(freeScatters, slot.scatterPay, combos(slot.freeSpinReels)),
    ),
    rational(slot.multiplier),
  );
  const freeSpins = mul(freeSpinsPerRound, freeSpinValue);
  const triggering = baseScatters.reduce((acc, c, n) => acc + ((slot.awards[n] ?? 0) > 0 ? c : 0n), 0n);
  return {
    lines,
    scatters,
    freeSpinsPerRound,
    freeSpinValue,
    freeSpins,
    total: add(add(lines, scatters), freeSpins),
    freeSpinsEvery: triggering === 0n ? Infinity : toNumber(rational(combos(slot.reels), triggering)),
  };
}
