import {
  BLACKJACK_HOUSE_EDGE,
  BLACKJACK_MAX_WIN_MULTIPLE,
  blackjackAllowed,
  blackjackExtraStake,
  blackjackReplay,
  blackjackView,
  checkBlackjackStake,
  isBlackjackAction,
  type BlackjackState,
} from './blackjack';
import { checkCrashTarget, CRASH_TARGET_MAX, crashRtp, playCrash } from './crash';
import type { RandomSource } from './fair-random';
import { GameInputError, objectInput, onlyKeys, positiveMinor } from './game-input-error';
import { rational, toNumber, type Rational } from './rational';
import { everyRouletteBet, parseRouletteBets, playRoulette, rouletteBetRtp, rouletteMaxWin } from './roulette';
import auroraGems from './slots/aurora-gems.json';
import harbourFruits from './slots/harbour-fruits.json';
import { compileSlot, type CompiledSlot, type SlotDefinition } from './slots/slot-definition';
import { checkSlotStake, playSlot, slotMaxWinMultiple } from './slots/slot-engine';
import { slotRtp } from './slots/slot-rtp';

/** The kinds of in-house game. */
export type GameKind = 'slot' | 'roulette' | 'crash' | 'blackjack';

/** What the lobby and a game's help show about it. */
export interface GameInfo {
  id: string;
  kind: GameKind;
  /** The translation keys of its name and help text in the `casino` namespace. */
  nameKey: string;
  helpKey: string;
  /** The theoretical return to player as a fraction: exact for slots, roulette and crash; blackjack's is published. */
  rtp: Rational;
  /** The RTP in percent with two decimals, for `{{rtp}}` in the help text. */
  rtpPercent: string;
  /** How the RTP is known: `exact` (computed from the tables) or `published` (blackjack's house edge for the rules). */
  rtpSource: 'exact' | 'published';
  /** The most one round pays back, as a multiple of the round's stake (for `{{maxWin}}`). */
  maxWinMultiple: number;
}

/** A bet the game accepted: its stake, the most it can pay, and the normalised form stored with the round. */
export interface CheckedBet {
  stake: number;
  maxWin: number;
  bet: Record<string, unknown>;
}

/** A game whose round is decided by one draw sequence: stake and win are known together. */
export interface InstantGame {
  kind: 'instant';
  info: GameInfo;
  /** Checks a bet as sent; throws {@link GameInputError}. */
  check(bet: unknown): CheckedBet;
  /** Plays a checked bet (as stored) on the round's random source. */
  play(random: RandomSource, bet: Record<string, unknown>): { win: number; outcome: unknown };
}

/** A game with decisions between draws: the stake is held until the hand ends (blackjack). */
export interface SteppedGame {
  kind: 'stepped';
  info: GameInfo;
  check(bet: unknown): CheckedBet;
  /** The state after the deal and the decisions so far, replayed from the round's random source. */
  replay(random: RandomSource, bet: Record<string, unknown>, actions: readonly string[]): BlackjackState;
  /** What a decision adds to the stake now (0 for most); a decision the state does not allow is a GameInputError. */
  extraStake(state: BlackjackState, action: string): number;
  /** The win once settled, else undefined. */
  settledWin(state: BlackjackState): number | undefined;
  view(state: BlackjackState): unknown;
}

/** Any in-house game. */
export type CasinoGame = InstantGame | SteppedGame;

const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const percent = (r: Rational) => (toNumber(r) * 100).toFixed(2);

function info(
  id: string,
  kind: GameKind,
  rtp: Rational,
  rtpSource: GameInfo['rtpSource'],
  maxWinMultiple: number,
): GameInfo {
  return {
    id,
    kind,
    nameKey: `casino:games.${camel(id)}.name`,
    helpKey: `casino:games.${camel(id)}.help`,
    rtp,
    rtpPercent: percent(rtp),
    rtpSource,
    maxWinMultiple,
  };
}

function stakeOnly(bet: unknown): number {
  const body = objectInput(bet, 'bet');
  onlyKeys(body, ['stake'], 'bet');
  return positiveMinor(body['stake'], 'stake');
}

/** A slot from its definition: a new themed slot is one more call with its JSON file. */
export function slotGame(definition: SlotDefinition): InstantGame & { slot: CompiledSlot } {
  const slot = compileSlot(definition);
  const maxMultiple = slotMaxWinMultiple(slot);
  return {
    kind: 'instant',
    slot,
    info: info(definition.id, 'slot', slotRtp(slot).total, 'exact', maxMultiple),
    check(bet) {
      const stake = checkSlotStake(slot, stakeOnly(bet));
      return { stake, maxWin: stake * maxMultiple, bet: { stake } };
    },
    play(random, bet) {
      const result = playSlot(slot, random, Number(bet['stake']));
      return { win: result.win, outcome: result };
    },
  };
}

const rouletteRtp =
  everyRouletteBet().reduce<Rational | undefined>((same, bet) => {
    const r = rouletteBetRtp(bet);
    if (same && (same.num !== r.num || same.den !== r.den)) throw new Error('roulette: bets differ in return');
    return r;
  }, undefined) ?? rational(36, 37);

/** European roulette: every bet returns 36/37. */
export const europeanRoulette: InstantGame = {
  kind: 'instant',
  info: info('european-roulette', 'roulette', rouletteRtp, 'exact', 36),
  check(bet) {
    const body = objectInput(bet, 'bet');
    onlyKeys(body, ['bets'], 'bet');
    const bets = parseRouletteBets(body['bets']);
    const stake = bets.reduce((s, b) => s + b.amount, 0);
    if (!Number.isSafeInteger(stake)) throw new GameInputError('the bets add up to too much', 'bets');
    return { stake, maxWin: rouletteMaxWin(bets), bet: { bets } };
  },
  play(random, bet) {
    const result = playRoulette(random, parseRouletteBets(bet['bets']));
    return { win: result.win, outcome: result };
  },
};

/** Crash with the cash-out target set before the round (the help quotes a 2.00× target's return). */
export const crash: InstantGame = {
  kind: 'instant',
  info: info('crash', 'crash', crashRtp(200), 'exact', CRASH_TARGET_MAX / 100),
  check(bet) {
    const body = objectInput(bet, 'bet');
    onlyKeys(body, ['stake', 'target'], 'bet');
    const stake = positiveMinor(body['stake'], 'stake');
    const target = checkCrashTarget(body['target']);
    return { stake, maxWin: Math.floor((stake * target) / 100), bet: { stake, target } };
  },
  play(random, bet) {
    const result = playCrash(random, Number(bet['stake']), Number(bet['target']));
    return { win: result.win, outcome: result };
  },
};

/** Blackjack: the stake is held from the deal until the hand is settled. */
export const blackjack: SteppedGame = {
  kind: 'stepped',
  info: info(
    'blackjack',
    'blackjack',
    rational(10_000 - Math.round(BLACKJACK_HOUSE_EDGE * 10_000), 10_000),
    'published',
    BLACKJACK_MAX_WIN_MULTIPLE,
  ),
  check(bet) {
    const stake = checkBlackjackStake(stakeOnly(bet));
    return { stake, maxWin: stake * BLACKJACK_MAX_WIN_MULTIPLE, bet: { stake } };
  },
  replay(random, bet, actions) {
    if (!actions.every(isBlackjackAction)) throw new GameInputError('unknown blackjack decision', 'action');
    return blackjackReplay(random, Number(bet['stake']), actions);
  },
  extraStake(state, action) {
    if (!isBlackjackAction(action) || !blackjackAllowed(state).includes(action))
      throw new GameInputError(`${action} is not allowed now`, 'action');
    return blackjackExtraStake(state, action);
  },
  settledWin(state) {
    return state.phase === 'settled' ? (state.settlement?.win ?? 0) : undefined;
  },
  view: blackjackView,
};

/** The themed slots, each a data file. */
export const SLOTS = [slotGame(auroraGems as SlotDefinition), slotGame(harbourFruits as SlotDefinition)];

/** Every in-house game by id. */
export const CASINO_GAMES: ReadonlyMap<string, CasinoGame> = new Map(
  [...SLOTS, europeanRoulette, crash, blackjack].map((g) => [g.info.id, g]),
);

/** A game by id, or undefined. */
export function casinoGame(id: string): CasinoGame | undefined {
  return CASINO_GAMES.get(id);
}
