import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairRandom } from './fair-random';
import { GameInputError } from './game-input-error';
import { europeanRoulette } from './games';
import { rational } from './rational';
import {
  everyRouletteBet,
  parseRouletteBets,
  playRoulette,
  ROULETTE_PAYOUTS,
  rouletteBetRtp,
  rouletteCovers,
  rouletteMaxWin,
  type RouletteBet,
} from './roulette';
import { ScriptedRandom } from './testing/scripted-random';

describe('the European table', () => {
  it('offers every standard bet: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines, 3 columns, 3 dozens, 6 even chances', () => {
    const counts: Record<string, number> = {};
    for (const bet of everyRouletteBet()) counts[bet.type] = (counts[bet.type] ?? 0) + 1;
    expect(counts).toEqual({
      straight: 37,
      split: 60,
      street: 14,
      corner: 23,
      sixLine: 11,
      column: 3,
      dozen: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
  });

  it('pays every bet 36 ÷ numbers covered, so every bet returns exactly 36/37', () => {
    for (const bet of everyRouletteBet()) {
      let covered = 0;
      for (let p = 0; p <= 36; p += 1) if (rouletteCovers(bet, p)) covered += 1;
      expect(ROULETTE_PAYOUTS[bet.type] + 1, `${bet.type} ${bet.numbers ?? bet.index ?? ''}`).toBe(36 / covered);
      expect(rouletteBetRtp(bet)).toEqual(rational(36, 37));
    }
    expect(europeanRoulette.info.rtpPercent).toBe('97.30');
  });

  it('settles a spin: the pocket comes from one uniform draw of 37', () => {
    const bets = parseRouletteBets([
      { type: 'straight', numbers: [17], amount: 100 },
      { type: 'split', numbers: [17, 20], amount: 100 },
      { type: 'red', amount: 100 },
      { type: 'dozen', index: 2, amount: 100 },
      { type: 'column', index: 2, amount: 100 },
      { type: 'corner', numbers: [0, 1, 2, 3], amount: 100 },
    ]);
    const result = playRoulette(new ScriptedRandom([17]), bets);
    expect(result).toMatchObject({ pocket: 17, color: 'black', stake: 600 });
    expect(result.returns).toEqual([3600, 1800, 0, 300, 300, 0]);
    expect(result.win).toBe(6000);
    expect(playRoulette(new ScriptedRandom([0]), bets).returns).toEqual([0, 0, 0, 0, 0, 900]);
  });

  it('refuses bets the layout does not have, naming the field', () => {
    const refuse = (bets: unknown, field: string) => {
      try {
        parseRouletteBets(bets);
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(GameInputError);
        expect((error as GameInputError).field).toBe(field);
      }
    };
    refuse([{ type: 'split', numbers: [1, 5], amount: 1 }], 'bets[0].numbers');
    refuse([{ type: 'street', numbers: [2, 3, 4], amount: 1 }], 'bets[0].numbers');
    refuse([{ type: 'corner', numbers: [3, 4, 6, 7], amount: 1 }], 'bets[0].numbers');
    refuse([{ type: 'dozen', index: 4, amount: 1 }], 'bets[0].index');
    refuse([{ type: 'red', amount: 0 }], 'bets[0].amount');
    refuse([{ type: 'red', amount: 1, numbers: [1] }], 'bets[0].numbers');
    refuse([{ type: 'basket', amount: 1 }], 'bets[0].type');
    refuse([], 'bets');
  });

  it('never pays more than the most the bets can pay on any pocket (property)', () => {
    const all = everyRouletteBet();
    const bet = fc
      .record({ i: fc.integer({ min: 0, max: all.length - 1 }), amount: fc.integer({ min: 1, max: 10_000 }) })
      .map(({ i, amount }): RouletteBet => ({ ...(all[i] as Omit<RouletteBet, 'amount'>), amount }));
    fc.assert(
      fc.property(fc.array(bet, { minLength: 1, maxLength: 20 }), fc.nat(), (bets, nonce) => {
        const result = playRoulette(new FairRandom({ serverSeed: 'd'.repeat(64), clientSeed: 'r', nonce }), bets);
        return result.win <= rouletteMaxWin(bets) && rouletteMaxWin(bets) <= 36 * result.stake;
      }),
    );
  });
});
