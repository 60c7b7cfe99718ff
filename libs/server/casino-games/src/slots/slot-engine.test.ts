import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair-random';
import { add, mul, rational, toNumber, type Rational } from '../rational';
import { ScriptedRandom } from '../testing/scripted-random';
import { SLOTS } from '../games';
import { compileSlot, type SlotDefinition } from './slot-definition';
import { linePayOf, playSlot, slotMaxWinMultiple } from './slot-engine';
import { slotRtp } from './slot-rtp';

// A slot small enough to play every stop combination: 3 reels, 2 rows, 3 lines, a wild, a scatter, free spins on
// their own reels with a multiplier.
const tiny: SlotDefinition = {
  id: 'tiny-test',
  rows: 2,
  reels: [
    ['A', 'B', 'W', 'S', 'B'],
    ['B', 'A', 'S', 'W', 'A', 'B'],
    ['A', 'S', 'B', 'A'],
  ],
  freeSpinReels: [
    ['A', 'W', 'B'],
    ['W', 'A', 'S'],
    ['B', 'A', 'W', 'S'],
  ],
  lines: [
    [0, 0, 0],
    [1, 1, 1],
    [0, 1, 0],
  ],
  wild: 'W',
  scatter: 'S',
  pays: { W: { '3': 20 }, A: { '2': 1, '3': 5 }, B: { '3': 3 } },
  scatterPays: { '2': 1, '3': 4 },
  freeSpins: { awards: { '2': 2, '3': 3 }, multiplier: 2 },
};
const slot = compileSlot(tiny);
const sym = (s: string) => slot.symbols.indexOf(s);

/** Every stop tuple of the reels, as the scripted draws that produce it. */
function* everyStop(reels: string[][]): Generator<number[]> {
  const stops = reels.map(() => 0);
  for (;;) {
    yield [...stops];
    let r = 0;
    while (r < reels.length) {
      stops[r] = (stops[r] as number) + 1;
      if ((stops[r] as number) < (reels[r] as string[]).length) break;
      stops[r] = 0;
      r += 1;
    }
    if (r === reels.length) return;
  }
}

describe('line pays', () => {
  it('pays the first symbol with the wilds standing in for it, from the leftmost reel', () => {
    expect(linePayOf(slot, [sym('A'), sym('W'), sym('A')])).toEqual({ symbol: sym('A'), count: 3, pay: 5 });
    expect(linePayOf(slot, [sym('W'), sym('A'), sym('B')])).toEqual({ symbol: sym('A'), count: 2, pay: 1 });
    expect(linePayOf(slot, [sym('B'), sym('A'), sym('A')])).toEqual({ symbol: sym('B'), count: 1, pay: 0 });
  });

  it('pays leading wilds on their own when that pays more, and a scatter stops a run', () => {
    expect(linePayOf(slot, [sym('W'), sym('W'), sym('W')])).toEqual({ symbol: sym('W'), count: 3, pay: 20 });
    expect(linePayOf(slot, [sym('W'), sym('S'), sym('A')]).pay).toBe(0);
    expect(linePayOf(slot, [sym('S'), sym('A'), sym('A')]).pay).toBe(0);
  });
});

describe('the exact RTP', () => {
  it('equals playing every stop of the paid spin and every stop of a free spin through the engine', () => {
    const stake = 3;
    const base = [...everyStop(tiny.reels)];
    let baseWin = 0;
    let awarded = 0;
    for (const stops of base) {
      // Awards are taken from the paid spin only: script the paid spin, then free spins on stop 0.
      const random = new ScriptedRandom([...stops, ...new Array<number>(3 * 3).fill(0)]);
      const round = playSlot(slot, random, stake);
      baseWin += round.base.win;
      awarded += round.base.freeSpinsAwarded;
    }
    const free = [...everyStop(tiny.freeSpinReels ?? [])];
    let freeWin = 0;
    for (const stops of free) {
      // A paid spin on stops that show three scatters awards 3 free spins; the first is the one measured.
      const trigger = findStopsWithScatters(3);
      const round = playSlot(slot, new ScriptedRandom([...trigger, ...stops, ...new Array<number>(6).fill(0)]), stake);
      freeWin += (round.freeSpins[0] ?? { win: 0 }).win;
    }
    const perStake = (sum: number, n: number): Rational => rational(sum, n * stake);
    const expected = add(
      perStake(baseWin, base.length),
      mul(rational(awarded, base.length), perStake(freeWin, free.length)),
    );
    const rtp = slotRtp(slot);
    expect(rtp.total).toEqual(expected);
    expect(rtp.freeSpinsPerRound).toEqual(rational(awarded, base.length));
  });

  it('pins the themed slots, whose help texts quote them', () => {
    const figures = Object.fromEntries(SLOTS.map((g) => [g.info.id, g.info.rtpPercent]));
    expect(figures).toEqual(PINNED_RTP);
    for (const game of SLOTS) expect(toNumber(game.info.rtp)).toBeLessThan(1);
  });
});

describe('a round', () => {
  it('never pays more than the table allows (property, on the themed slots)', () => {
    for (const game of SLOTS) {
      const max = slotMaxWinMultiple(game.slot);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 50 }), (nonce, units) => {
          const stake = units * game.slot.lines.length;
          const round = playSlot(
            game.slot,
            new FairRandom({ serverSeed: 'c'.repeat(64), clientSeed: 'p', nonce }),
            stake,
          );
          return round.win >= 0 && round.win <= stake * max && Number.isSafeInteger(round.win);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('plays the awarded free spins with their multiplier and pays scatters on the total stake', () => {
    const trigger = findStopsWithScatters(3);
    const round = playSlot(slot, new ScriptedRandom([...trigger, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 30);
    expect(round.base.scatters).toBe(3);
    expect(round.base.scatterWin).toBe(4 * 30);
    expect(round.freeSpins).toHaveLength(3);
    for (const spin of round.freeSpins) expect(spin.freeSpinsAwarded).toBe(0);
    // Free-spin stop 0 on every reel shows A W / W A / B A (top, bottom): line 1 reads A W B (A × 2 pays 1 line
    // bet), line 2 W A A (A × 3 pays 5), line 3 A A B (A × 2); the line bet is 10, doubled in free spins.
    expect(round.freeSpins[0]?.lineWins).toEqual([
      { line: 1, symbol: 'A', count: 2, win: 1 * 10 * 2 },
      { line: 2, symbol: 'A', count: 3, win: 5 * 10 * 2 },
      { line: 3, symbol: 'A', count: 2, win: 1 * 10 * 2 },
    ]);
    expect(round.win).toBe(round.base.win + round.freeSpins.reduce((s, f) => s + f.win, 0));
  });
});

describe('definitions', () => {
  it('are refused naming the fault', () => {
    expect(() => compileSlot({ ...tiny, lines: [[0, 0, 2]] })).toThrow('slot tiny-test: line 1 leaves the 2 rows');
    expect(() => compileSlot({ ...tiny, wild: 'Z' })).toThrow('the wild Z is on no reel');
    expect(() => compileSlot({ ...tiny, pays: { S: { '3': 1 } } })).toThrow('the scatter pays through scatterPays');
    expect(() => compileSlot({ ...tiny, pays: { A: { '3': 1.5 } } })).toThrow(
      'pay of A × 3 must be a non-negative integer',
    );
    expect(() => compileSlot({ ...tiny, lines: [tiny.lines[0] as number[], tiny.lines[0] as number[]] })).toThrow(
      'two paylines are the same',
    );
  });

  it('take stakes that divide by the lines', () => {
    expect(() => playSlot(slot, new ScriptedRandom([0, 0, 0]), 4)).toThrow('multiple of the 3 lines');
  });
});

/** Base stops whose window shows `count` scatters (the tiny slot has one scatter per reel). */
function findStopsWithScatters(count: number): number[] {
  for (const stops of everyStop(tiny.reels)) {
    const seen = stops.reduce((n, stop, r) => {
      const strip = tiny.reels[r] as string[];
      return n + [0, 1].filter((row) => strip[(stop + row) % strip.length] === 'S').length;
    }, 0);
    if (seen === count) return stops;
  }
  throw new Error(`no stops with ${count} scatters`);
}

const PINNED_RTP = { 'aurora-gems': '96.48', 'harbour-fruits': '95.56' };
