import {
  blackjackAllowed,
  cardValue,
  handTotal,
  type BlackjackAction,
  type BlackjackState,
  type Card,
} from './blackjack';

// Basic strategy for the house rules (6 decks, S17, DAS, no surrender): the play the bench uses to measure the return
// and a hint a game screen may offer. Insurance is never taken. Letters: H hit, S stand, D double else hit,
// X double else stand, P split.

type Play = 'H' | 'S' | 'D' | 'X' | 'P';
/** Columns: dealer up card 2, 3, 4, 5, 6, 7, 8, 9, 10, A. */
const HARD: Record<number, string> = {
  8: 'HHHHHHHHHH',
  9: 'HDDDDHHHHH',
  10: 'DDDDDDDDHH',
  11: 'DDDDDDDDDH',
  12: 'HHSSSHHHHH',
  13: 'SSSSSHHHHH',
  14: 'SSSSSHHHHH',
  15: 'SSSSSHHHHH',
  16: 'SSSSSHHHHH',
};
const SOFT: Record<number, string> = {
  13: 'HHHDDHHHHH',
  14: 'HHHDDHHHHH',
  15: 'HHDDDHHHHH',
  16: 'HHDDDHHHHH',
  17: 'HDDDDHHHHH',
  18: 'SXXXXSSHHH',
  19: 'SSSSSSSSSS',
  20: 'SSSSSSSSSS',
};
/** By the pair's card value (1 = aces); 5s and 10s play as hard totals. */
const PAIRS: Record<number, string> = {
  1: 'PPPPPPPPPP',
  2: 'PPPPPPHHHH',
  3: 'PPPPPPHHHH',
  4: 'HHHPPHHHHH',
  6: 'PPPPPHHHHH',
  7: 'PPPPPPHHHH',
  8: 'PPPPPPPPPP',
  9: 'PPPPPSPPSS',
};

function column(up: Card): number {
  const v = cardValue(up);
  return v === 1 ? 9 : v - 2;
}

/** The basic-strategy decision for the state (one of the allowed actions). */
export function basicStrategy(state: BlackjackState): BlackjackAction {
  const allowed = blackjackAllowed(state);
  if (state.phase === 'insurance') return 'noInsurance';
  const hand = state.hands[state.active];
  if (!hand || allowed.length === 0) throw new Error('basicStrategy: no decision to make');
  const col = column(state.dealer[0] as Card);
  const can = (a: BlackjackAction) => allowed.includes(a);
  if (can('split')) {
    const play = PAIRS[cardValue(hand.cards[0] as Card)]?.[col];
    if (play === 'P') return 'split';
  }
  const { total, soft } = handTotal(hand.cards);
  let play: Play;
  if (soft) play = total >= 19 ? 'S' : ((SOFT[total]?.[col] ?? 'H') as Play);
  else play = total >= 17 ? 'S' : total <= 8 ? 'H' : ((HARD[total]?.[col] ?? 'H') as Play);
  if (play === 'D') return can('double') ? 'double' : 'hit';
  if (play === 'X') return can('double') ? 'double' : 'stand';
  return play === 'S' ? 'stand' : 'hit';
}
