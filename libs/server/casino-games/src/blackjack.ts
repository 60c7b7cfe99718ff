import { randomInt, type RandomSource } from './fair-random';
import { GameInputError } from './game-input-error';

// Blackjack (README, "Blackjack"): 6 decks shuffled for every hand, dealer stands on soft 17 and peeks for
// blackjack under an ace or a ten, blackjack pays 3 to 2, double on any first two cards (also after a split), split
// pairs of equal value up to 4 hands, split aces take one card each and cannot be split again, insurance pays 2 to 1.

/** Decks in the shoe. */
export const DECKS = 6;
const SHOE = DECKS * 52;
/** The most hands a split can make. */
export const MAX_HANDS = 4;

/** A card: its index 0..311 in the unshuffled shoe; rank and suit follow from it. */
export type Card = number;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['s', 'h', 'd', 'c'] as const;

/** The card as text: rank then suit letter, `10h`, `As`. */
export function cardName(card: Card): string {
  const inDeck = card % 52;
  return `${RANKS[inDeck % 13]}${SUITS[Math.floor(inDeck / 13)]}`;
}

/** Blackjack value of a card: ace 1 (counted as 11 by {@link handTotal} when that does not bust), faces 10. */
export function cardValue(card: Card): number {
  const rank = (card % 52) % 13;
  return rank >= 9 ? 10 : rank + 1;
}

/** A hand's best total and whether an ace counts 11 in it. */
export function handTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const v = cardValue(c);
    total += v;
    if (v === 1) aces += 1;
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

const isNatural = (cards: readonly Card[]) => cards.length === 2 && handTotal(cards).total === 21;

/**
 * The shoe of one hand: a Fisher–Yates shuffle of the 312 cards drawn lazily, one position per card dealt (the k-th
 * card is swapped in from a uniform position of k..311), so a hand draws as many random numbers as it deals cards.
 */
export class Shoe {
  private readonly cards = Array.from({ length: SHOE }, (_, i) => i);
  private dealt = 0;

  constructor(private readonly random: RandomSource) {}

  draw(): Card {
    if (this.dealt >= SHOE) throw new Error('the shoe is empty');
    const k = this.dealt;
    const j = k + randomInt(this.random, SHOE - k);
    const card = this.cards[j] as Card;
    this.cards[j] = this.cards[k] as Card;
    this.cards[k] = card;
    this.dealt += 1;
    return card;
  }
}

/** A player's decision. `insurance` / `noInsurance` answer the offer under a dealer's ace. */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';

/** Every action a hand can be asked for. */
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'noInsurance',
];

/** One of the player's hands. */
export interface PlayerHand {
  cards: Card[];
  /** Minor units on this hand (doubled when doubled). */
  stake: number;
  doubled: boolean;
  /** Made by a split (21 in two cards is then not a blackjack). */
  split: boolean;
  /** Made by splitting aces: one card, then done. */
  splitAces: boolean;
  done: boolean;
}

/** How a hand ended. */
export type HandOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** The settled hand: its outcome and what it paid back (stake included). */
export interface SettledHand {
  outcome: HandOutcome;
  payout: number;
}

/** A hand of blackjack: a state machine advanced by {@link blackjackAct}. */
export interface BlackjackState {
  phase: 'insurance' | 'player' | 'settled';
  /** The base bet, minor units. */
  stake: number;
  dealer: Card[];
  hands: PlayerHand[];
  /** The hand being played. */
  active: number;
  /** The insurance bet (half the base bet) once taken; 0 otherwise. */
  insurance: number;
  /** Everything staked so far: hands (with doubles and splits) plus insurance. */
  totalStake: number;
  /** Set once settled. */
  settlement?: { hands: SettledHand[]; insurancePayout: number; win: number };
}

/** The base bet of a hand: a positive even number of minor units (3:2 and insurance stay whole). */
export function checkBlackjackStake(stake: number): number {
  if (!Number.isSafeInteger(stake) || stake <= 0 || stake % 2 !== 0)
    throw new GameInputError('stake must be a positive even integer of minor units', 'stake');
  return stake;
}

/** Deals a hand: player, dealer up card, player, dealer hole card; then the insurance offer or the peek. */
export function blackjackDeal(shoe: Shoe, stake: number): BlackjackState {
  checkBlackjackStake(stake);
  const p1 = shoe.draw();
  const up = shoe.draw();
  const p2 = shoe.draw();
  const hole = shoe.draw();
  const state: BlackjackState = {
    phase: 'player',
    stake,
    dealer: [up, hole],
    hands: [{ cards: [p1, p2], stake, doubled: false, split: false, splitAces: false, done: false }],
    active: 0,
    insurance: 0,
    totalStake: stake,
  };
  if (cardValue(up) === 1) return { ...state, phase: 'insurance' };
  return afterPeek(shoe, state);
}

/** The dealer looks under an ace or a ten: a dealer blackjack ends the hand; a player blackjack is paid at once. */
function afterPeek(shoe: Shoe, state: BlackjackState): BlackjackState {
  const up = cardValue(state.dealer[0] as Card);
  const hand = state.hands[0] as PlayerHand;
  if ((up === 1 || up === 10) && isNatural(state.dealer)) return settle(state);
  if (isNatural(hand.cards)) return settle({ ...state, hands: [{ ...hand, done: true }] });
  return advance(shoe, state);
}

/** The actions the state allows now. */
export function blackjackAllowed(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insurance', 'noInsurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active];
  if (!hand || hand.done) return [];
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2 && !hand.splitAces) actions.push('double');
  if (
    hand.cards.length === 2 &&
    !hand.splitAces &&
    state.hands.length < MAX_HANDS &&
    cardValue(hand.cards[0] as Card) === cardValue(hand.cards[1] as Card)
  )
    actions.push('split');
  return actions;
}

/** The extra stake an action takes (doubling, splitting, insuring); 0 for the others. */
export function blackjackExtraStake(state: BlackjackState, action: BlackjackAction): number {
  if (action === 'double') return state.hands[state.active]?.stake ?? 0;
  if (action === 'split') return state.stake;
  if (action === 'insurance') return state.stake / 2;
  return 0;
}

/** Applies one decision; a decision the state does not allow is a {@link GameInputError} and changes nothing. */
export function blackjackAct(shoe: Shoe, state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!blackjackAllowed(state).includes(action)) throw new GameInputError(`${action} is not allowed now`, 'action');
  if (action === 'insurance' || action === 'noInsurance') {
    const insurance = action === 'insurance' ? state.stake / 2 : 0;
    return afterPeek(shoe, { ...state, phase: 'player', insurance, totalStake: state.totalStake + insurance });
  }
  const hands = state.hands.map((h) => ({ ...h, cards: [...h.cards] }));
  const hand = hands[state.active] as PlayerHand;
  let totalStake = state.totalStake;
  switch (action) {
    case 'hit': {
      hand.cards.push(shoe.draw());
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    }
    case 'stand':
      hand.done = true;
      break;
    case 'double': {
      totalStake += hand.stake;
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(shoe.draw());
      hand.done = true;
      break;
    }
    case 'split': {
      const aces = cardValue(hand.cards[0] as Card) === 1;
      const second = hand.cards.pop() as Card;
      const made: PlayerHand = {
        cards: [second],
        stake: state.stake,
        doubled: false,
        split: true,
        splitAces: aces,
        done: false,
      };
      hand.split = true;
      hand.splitAces = aces;
      hands.splice(state.active + 1, 0, made);
      totalStake += state.stake;
      hand.cards.push(shoe.draw());
      if (aces || handTotal(hand.cards).total === 21) hand.done = true;
      break;
    }
  }
  return advance(shoe, { ...state, hands, totalStake });
}

/** Moves to the next hand that needs a decision (dealing a split hand its second card), or plays the dealer. */
function advance(shoe: Shoe, state: BlackjackState): BlackjackState {
  const hands = state.hands.map((h) => ({ ...h, cards: [...h.cards] }));
  let active = state.active;
  for (;;) {
    const hand = hands[active];
    if (!hand) return playDealer(shoe, { ...state, hands, active: hands.length - 1 });
    if (hand.cards.length === 1) {
      hand.cards.push(shoe.draw());
      if (hand.splitAces || handTotal(hand.cards).total === 21) hand.done = true;
    }
    if (!hand.done && handTotal(hand.cards).total >= 21) hand.done = true;
    if (!hand.done) return { ...state, phase: 'player', hands, active };
    active += 1;
  }
}

/** The dealer draws to 17 and stands on every 17, soft ones too; not at all when every hand is bust. */
function playDealer(shoe: Shoe, state: BlackjackState): BlackjackState {
  const dealer = [...state.dealer];
  if (state.hands.some((h) => handTotal(h.cards).total <= 21)) {
    while (handTotal(dealer).total < 17) dealer.push(shoe.draw());
  }
  return settle({ ...state, dealer });
}

function settle(state: BlackjackState): BlackjackState {
  const dealerNatural = isNatural(state.dealer);
  const dealerTotal = handTotal(state.dealer).total;
  const hands = state.hands.map((hand): SettledHand => {
    const total = handTotal(hand.cards).total;
    const natural = !hand.split && isNatural(hand.cards);
    if (natural && dealerNatural) return { outcome: 'push', payout: hand.stake };
    if (natural) return { outcome: 'blackjack', payout: hand.stake + (hand.stake * 3) / 2 };
    if (dealerNatural) return { outcome: 'lose', payout: 0 };
    if (total > 21) return { outcome: 'bust', payout: 0 };
    if (dealerTotal > 21 || total > dealerTotal) return { outcome: 'win', payout: hand.stake * 2 };
    if (total === dealerTotal) return { outcome: 'push', payout: hand.stake };
    return { outcome: 'lose', payout: 0 };
  });
  const insurancePayout = state.insurance > 0 && dealerNatural ? state.insurance * 3 : 0;
  const win = hands.reduce((s, h) => s + h.payout, 0) + insurancePayout;
  return {
    ...state,
    phase: 'settled',
    hands: state.hands.map((h) => ({ ...h, done: true })),
    settlement: { hands, insurancePayout, win },
  };
}

/** Replays a hand from its random source and the decisions taken, as the rounds service and the verify page do. */
export function blackjackReplay(
  random: RandomSource,
  stake: number,
  actions: readonly BlackjackAction[],
): BlackjackState {
  const shoe = new Shoe(random);
  let state = blackjackDeal(shoe, stake);
  for (const action of actions) state = blackjackAct(shoe, state, action);
  return state;
}

/** The most a hand can pay back, as a multiple of the base bet: four split hands, each doubled and won. */
export const BLACKJACK_MAX_WIN_MULTIPLE = MAX_HANDS * 2 * 2;

/**
 * The house edge for these rules under basic strategy with a shuffle every hand, from published combinatorial
 * analyses (README, "Blackjack": 0.40 to 0.42% across sources for 6 decks, S17, DAS, resplit to 4, no resplit of aces,
 * no surrender); the bench measures it.
 */
export const BLACKJACK_HOUSE_EDGE = 0.0041;

/** A hand as the player sees it: cards by name, the hole card hidden until the hand is settled. */
export interface BlackjackView {
  phase: BlackjackState['phase'];
  stake: number;
  dealer: (string | null)[];
  /** The dealer's total as shown (the up card alone until settled). */
  dealerTotal: number;
  hands: {
    cards: string[];
    total: number;
    soft: boolean;
    stake: number;
    doubled: boolean;
    split: boolean;
    done: boolean;
  }[];
  active: number;
  insurance: number;
  totalStake: number;
  allowed: BlackjackAction[];
  settlement?: BlackjackState['settlement'];
}

/** The player's view of a state. */
export function blackjackView(state: BlackjackState): BlackjackView {
  const settled = state.phase === 'settled';
  const shown = settled ? state.dealer : state.dealer.slice(0, 1);
  return {
    phase: state.phase,
    stake: state.stake,
    dealer: state.dealer.map((c, i) => (i === 1 && !settled ? null : cardName(c))),
    dealerTotal: handTotal(shown).total,
    hands: state.hands.map((h) => ({
      cards: h.cards.map(cardName),
      ...handTotal(h.cards),
      stake: h.stake,
      doubled: h.doubled,
      split: h.split,
      done: h.done,
    })),
    active: state.active,
    insurance: state.insurance,
    totalStake: state.totalStake,
    allowed: blackjackAllowed(state),
    ...(state.settlement ? { settlement: state.settlement } : {}),
  };
}

/** Whether the text is a known action. */
export function isBlackjackAction(value: unknown): value is BlackjackAction {
  return typeof value === 'string' && (BLACKJACK_ACTIONS as readonly string[]).includes(value);
}
