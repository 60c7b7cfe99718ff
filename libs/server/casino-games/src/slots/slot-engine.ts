import { randomInt, type RandomSource } from '../fair-random';
import { GameInputError } from '../game-input-error';
import type { CompiledSlot } from './slot-definition';

/** One paying line of a spin. */
export interface LineWin {
  /** The payline, from 1. */
  line: number;
  symbol: string;
  /** How many reels from the left the win covers. */
  count: number;
  /** Minor units, free-spin multiplier included. */
  win: number;
}

/** One spin: where the reels stopped, what the window shows and what it paid. */
export interface SpinResult {
  /** The stop (index of the top visible symbol) of each reel. */
  stops: number[];
  /** The visible symbols, one array per reel, top row first. */
  window: string[][];
  lineWins: LineWin[];
  scatters: number;
  scatterWin: number;
  /** Free spins this spin awarded (base game only). */
  freeSpinsAwarded: number;
  /** Everything this spin paid, minor units. */
  win: number;
}

/** A round of a slot: the paid spin and the free spins it awarded. */
export interface SlotRoundResult {
  stake: number;
  base: SpinResult;
  freeSpins: SpinResult[];
  /** The round's total win, minor units. */
  win: number;
}

/** The stake of a slot round: a positive number of minor units that divides by the number of lines. */
export function checkSlotStake(slot: CompiledSlot, stake: number): number {
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new GameInputError('stake must be a positive integer', 'stake');
  if (stake % slot.lines.length !== 0)
    throw new GameInputError(`stake must be a multiple of the ${slot.lines.length} lines`, 'stake');
  return stake;
}

/**
 * The line pay of one payline's symbols, in line bets: the longer-paying of the leading wilds on their own and the
 * first other symbol with the wilds that stand in for it (a run always starts on the leftmost reel).
 */
export function linePayOf(
  slot: CompiledSlot,
  symbols: ArrayLike<number>,
): { symbol: number; count: number; pay: number } {
  const { wild, scatter, linePay } = slot;
  const reels = symbols.length;
  let wilds = 0;
  while (wilds < reels && symbols[wilds] === wild) wilds += 1;
  const wildPay = (linePay[wild] as number[])[wilds] ?? 0;
  if (wilds === reels) return { symbol: wild, count: wilds, pay: wildPay };
  const first = symbols[wilds] as number;
  if (first === scatter) return { symbol: wild, count: wilds, pay: wildPay };
  let run = wilds + 1;
  while (run < reels && (symbols[run] === first || symbols[run] === wild)) run += 1;
  const symbolPay = (linePay[first] as number[])[run] ?? 0;
  return symbolPay >= wildPay
    ? { symbol: first, count: run, pay: symbolPay }
    : { symbol: wild, count: wilds, pay: wildPay };
}

function spinOnce(
  slot: CompiledSlot,
  reels: Int32Array[],
  random: RandomSource,
  stake: number,
  free: boolean,
): SpinResult {
  const lineBet = stake / slot.lines.length;
  const multiplier = free ? slot.multiplier : 1;
  const stops = reels.map((strip) => randomInt(random, strip.length));
  const grid = reels.map((strip, r) => {
    const stop = stops[r] as number;
    return Array.from({ length: slot.rows }, (_, row) => strip[(stop + row) % strip.length] as number);
  });
  const lineWins: LineWin[] = [];
  const symbols = new Int32Array(reels.length);
  slot.lines.forEach((line, n) => {
    for (let r = 0; r < reels.length; r += 1) symbols[r] = (grid[r] as number[])[line[r] as number] as number;
    const { symbol, count, pay } = linePayOf(slot, symbols);
    if (pay > 0)
      lineWins.push({ line: n + 1, symbol: slot.symbols[symbol] as string, count, win: pay * lineBet * multiplier });
  });
  let scatters = 0;
  for (const column of grid) for (const s of column) if (s === slot.scatter) scatters += 1;
  const scatterWin = (slot.scatterPay[scatters] ?? 0) * stake * multiplier;
  const win = lineWins.reduce((sum, w) => sum + w.win, 0) + scatterWin;
  return {
    stops,
    window: grid.map((column) => column.map((s) => slot.symbols[s] as string)),
    lineWins,
    scatters,
    scatterWin,
    freeSpinsAwarded: free ? 0 : (slot.awards[scatters] ?? 0),
    win,
  };
}

/**
 * Plays one round: the paid spin, then the free spins it awarded on the free-spin reels, their wins multiplied
 * (free spins award no further spins). Each spin draws one uniform stop per reel, in reel order.
 */
export function playSlot(slot: CompiledSlot, random: RandomSource, stake: number): SlotRoundResult {
  checkSlotStake(slot, stake);
  const base = spinOnce(slot, slot.reels, random, stake, false);
  const freeSpins: SpinResult[] = [];
  for (let i = 0; i < base.freeSpinsAwarded; i += 1)
    freeSpins.push(spinOnce(slot, slot.freeSpinReels, random, stake, true));
  return { stake, base, freeSpins, win: base.win + freeSpins.reduce((sum, s) => sum + s.win, 0) };
}

/**
 * The most one round can pay, as a multiple of the stake, from the table alone: every line at the best line pay and
 * the best scatter pay, on the paid spin and on each of the most free spins, multiplied.
 */
export function slotMaxWinMultiple(slot: CompiledSlot): number {
  const bestLine = Math.max(...slot.linePay.flat());
  const bestScatter = Math.max(...slot.scatterPay);
  const mostSpins = Math.max(...slot.awards);
  return (bestLine + bestScatter) * (1 + mostSpins * slot.multiplier);
}
