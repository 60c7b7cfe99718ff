import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLACKJACK_MAX_WIN_MULTIPLE,
  blackjackAct,
  blackjackAllowed,
  blackjackDeal,
  blackjackReplay,
  blackjackView,
  cardName,
  handTotal,
  Shoe,
  type BlackjackAction,
  type BlackjackState,
  type Card,
} from './blackjack';
import { basicStrategy } from './blackjack-strategy';
import { FairRandom } from './fair-random';
import { GameInputError } from './game-input-error';
import { ScriptedRandom } from './testing/scripted-random';

const RANK = { A: 0, '2': 1, '3': 2, '4': 3, '5': 4, '6': 5, '7': 6, '8': 7, '9': 8, '10': 9, J: 10, Q: 11, K: 12 };
type Rank = keyof typeof RANK;

/**
 * A shoe that deals the given ranks in order (player, dealer up, player, dealer hole, then hits): the draws are
 * worked out by running the same lazy Fisher–Yates the shoe runs, picking a card of each rank still in the shoe.
 */
function shoeDealing(ranks: Rank[]): Shoe {
  const cards = Array.from({ length: 312 }, (_, i) => i);
  const draws = ranks.map((rank, k) => {
    let j = k;
    while ((cards[j] as number) % 13 !== RANK[rank]) j += 1;
    [cards[k], cards[j]] = [cards[j] as number, cards[k] as number];
    return j - k;
  });
  return new Shoe(new ScriptedRandom(draws));
}

function play(ranks: Rank[], stake: number, actions: BlackjackAction[]): BlackjackState {
  const shoe = shoeDealing(ranks);
  let state = blackjackDeal(shoe, stake);
  for (const a of actions) state = blackjackAct(shoe, state, a);
  return state;
}

const names = (cards: readonly Card[]) => cards.map((c) => cardName(c).slice(0, -1));

describe('blackjack', () => {
  it('counts aces as 11 while that does not bust', () => {
    const hand = (ranks: Rank[]) => handTotal(ranks.map((r) => RANK[r]));
    expect(hand(['A', '6'])).toEqual({ total: 17, soft: true });
    expect(hand(['A', '6', '10'])).toEqual({ total: 17, soft: false });
    expect(hand(['A', 'A', '9'])).toEqual({ total: 21, soft: true });
    expect(hand(['K', 'Q'])).toEqual({ total: 20, soft: false });
  });

  it('pays a blackjack 3 to 2 at once when the dealer has none', () => {
    const state = play(['A', '9', 'K', '7'], 100, []);
    expect(state.phase).toBe('settled');
    expect(state.settlement).toEqual({ hands: [{ outcome: 'blackjack', payout: 250 }], insurancePayout: 0, win: 250 });
  });

  it('offers insurance under an ace; the dealer blackjack then pays it 2 to 1 and takes the hand', () => {
    const dealt = play(['9', 'A', '9', 'K'], 100, []);
    expect(dealt.phase).toBe('insurance');
    expect(blackjackAllowed(dealt)).toEqual(['insurance', 'noInsurance']);
    const insured = play(['9', 'A', '9', 'K'], 100, ['insurance']);
    expect(insured.totalStake).toBe(150);
    expect(insured.settlement).toEqual({ hands: [{ outcome: 'lose', payout: 0 }], insurancePayout: 150, win: 150 });
    const declined = play(['9', 'A', '9', 'K'], 100, ['noInsurance']);
    expect(declined.settlement?.win).toBe(0);
  });

  it('loses insurance when the dealer has no blackjack, and play goes on', () => {
    const state = play(['9', 'A', '9', '6', '2'], 100, ['insurance', 'stand']);
    expect(names(state.dealer)).toEqual(['A', '6']);
    // The dealer stands on soft 17: 18 beats it; the insurance is lost.
    expect(state.settlement).toEqual({ hands: [{ outcome: 'win', payout: 200 }], insurancePayout: 0, win: 200 });
  });

  it('peeks under a ten: a dealer blackjack ends the hand before any decision', () => {
    const state = play(['9', 'K', '9', 'A'], 100, []);
    expect(state.phase).toBe('settled');
    expect(state.settlement?.win).toBe(0);
  });

  it('doubles with one card and settles against the dealer, who draws to 17 and stands on soft 17', () => {
    const state = play(['6', '6', '5', '10', 'K', 'A'], 100, ['double']);
    expect(state.totalStake).toBe(200);
    expect(names(state.hands[0]?.cards ?? [])).toEqual(['6', '5', 'K']);
    expect(names(state.dealer)).toEqual(['6', '10', 'A']);
    expect(state.settlement).toEqual({ hands: [{ outcome: 'win', payout: 400 }], insurancePayout: 0, win: 400 });
  });

  it('splits pairs (a double after a split allowed), each hand settled on its own', () => {
    // 8 8 against a 6: split, the first hand gets a 3 (11) and doubles onto a 10; the second gets a 10 and stands.
    const state = play(['8', '6', '8', '10', '3', '10', '10', '9'], 100, ['split', 'double', 'stand']);
    expect(state.hands.map((h) => names(h.cards))).toEqual([
      ['8', '3', '10'],
      ['8', '10'],
    ]);
    expect(state.totalStake).toBe(300);
    // Dealer 6 10 9 busts: both hands win.
    expect(state.settlement?.hands).toEqual([
      { outcome: 'win', payout: 400 },
      { outcome: 'win', payout: 200 },
    ]);
  });

  it('gives split aces one card each, and 21 after a split is not a blackjack', () => {
    const state = play(['A', '7', 'A', '10', 'K', '9'], 100, ['split']);
    expect(state.phase).toBe('settled');
    expect(state.hands.map((h) => names(h.cards))).toEqual([
      ['A', 'K'],
      ['A', '9'],
    ]);
    expect(state.settlement?.hands).toEqual([
      { outcome: 'win', payout: 200 },
      { outcome: 'win', payout: 200 },
    ]);
  });

  it('splits to at most four hands and refuses a decision the state does not allow', () => {
    const state = play(['8', '6', '8', '10', '8', '8', '8'], 100, ['split', 'split', 'split']);
    expect(state.hands).toHaveLength(4);
    expect(blackjackAllowed(state)).not.toContain('split');
    expect(() => blackjackAct(shoeDealing(['9']), state, 'insurance')).toThrow(GameInputError);
  });

  it('hides the hole card until the hand is settled', () => {
    const open = play(['9', '6', '7', '10'], 100, []);
    expect(blackjackView(open).dealer).toEqual(['6s', null]);
    expect(blackjackView(open).dealerTotal).toBe(6);
  });

  it('replays to the same hand from the same seeds and decisions', () => {
    const random = () => new FairRandom({ serverSeed: 'f'.repeat(64), clientSeed: 'bj', nonce: 4 });
    const shoe = new Shoe(random());
    let state = blackjackDeal(shoe, 100);
    const taken: BlackjackAction[] = [];
    while (state.phase !== 'settled') {
      const action = basicStrategy(state);
      taken.push(action);
      state = blackjackAct(shoe, state, action);
    }
    expect(blackjackReplay(random(), 100, taken)).toEqual(state);
  });

  it('never pays more than 16 base bets, whatever is decided (property)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat({ max: 5 }), { maxLength: 30 }), (nonce, picks) => {
        const shoe = new Shoe(new FairRandom({ serverSeed: '1'.repeat(64), clientSeed: 'p', nonce }));
        let state = blackjackDeal(shoe, 100);
        for (const pick of picks) {
          const allowed = blackjackAllowed(state);
          if (allowed.length === 0) break;
          state = blackjackAct(shoe, state, allowed[pick % allowed.length] as BlackjackAction);
        }
        while (state.phase !== 'settled') state = blackjackAct(shoe, state, basicStrategy(state));
        const win = state.settlement?.win ?? -1;
        return win >= 0 && win <= BLACKJACK_MAX_WIN_MULTIPLE * 100 && state.totalStake <= 850;
      }),
      { numRuns: 500 },
    );
  });
});
