import { randomInt, type RandomSource } from './fair-random';
import { GameInputError, objectInput, onlyKeys, positiveMinor } from './game-input-error';
import { rational, type Rational } from './rational';

/** Every bet of the European table (single zero). */
export type RouletteBetType =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixLine'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

/** A bet as placed: inside bets name their numbers, columns and dozens their index (1 to 3), outside bets nothing. */
export interface RouletteBet {
  type: RouletteBetType;
  /** straight, split, street, corner, sixLine: the numbers covered (any order). */
  numbers?: number[];
  /** column, dozen: 1, 2 or 3. */
  index?: number;
  /** Minor units. */
  amount: number;
}

/** What each bet pays to one (the stake comes back too). */
export const ROULETTE_PAYOUTS: Record<RouletteBetType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  column: 2,
  dozen: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

/** The red numbers of the wheel; the other non-zero numbers are black. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

/** The pockets in wheel order from zero (for the animation and the verify page). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
] as const;

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');

/** Every valid group of numbers of each inside bet on the standard layout (three columns, twelve rows, zero above). */
function insideGroups(): Record<'straight' | 'split' | 'street' | 'corner' | 'sixLine', Set<string>> {
  const straight = new Set<string>();
  const split = new Set<string>();
  const street = new Set<string>();
  const corner = new Set<string>();
  const sixLine = new Set<string>();
  for (let n = 0; n <= 36; n += 1) straight.add(key([n]));
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n <= 33) split.add(key([n, n + 3]));
    if (n % 3 !== 0 && n <= 32) corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  for (const n of [1, 2, 3]) split.add(key([0, n]));
  for (let row = 0; row < 12; row += 1) {
    const first = row * 3 + 1;
    street.add(key([first, first + 1, first + 2]));
    if (row < 11) sixLine.add(key([first, first + 1, first + 2, first + 3, first + 4, first + 5]));
  }
  // The zero's trios and the first four, as European tables offer them.
  street.add(key([0, 1, 2]));
  street.add(key([0, 2, 3]));
  corner.add(key([0, 1, 2, 3]));
  return { straight, split, street, corner, sixLine };
}

const INSIDE = insideGroups();
const INSIDE_SIZE = { straight: 1, split: 2, street: 3, corner: 4, sixLine: 6 } as const;

/** Whether the bet covers the pocket. */
export function rouletteCovers(bet: Omit<RouletteBet, 'amount'>, pocket: number): boolean {
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      return (bet.numbers ?? []).includes(pocket);
    case 'column':
      return pocket !== 0 && ((pocket - 1) % 3) + 1 === bet.index;
    case 'dozen':
      return pocket !== 0 && Math.ceil(pocket / 12) === bet.index;
    case 'red':
      return RED_NUMBERS.has(pocket);
    case 'black':
      return pocket !== 0 && !RED_NUMBERS.has(pocket);
    case 'odd':
      return pocket !== 0 && pocket % 2 === 1;
    case 'even':
      return pocket !== 0 && pocket % 2 === 0;
    case 'low':
      return pocket >= 1 && pocket <= 18;
    case 'high':
      return pocket >= 19;
  }
}

/** The most bets one spin takes. */
export const ROULETTE_MAX_BETS = 200;

/** Checks a spin's bets against the layout; answers them normalised (numbers sorted). */
export function parseRouletteBets(input: unknown): RouletteBet[] {
  if (!Array.isArray(input) || input.length === 0 || input.length > ROULETTE_MAX_BETS)
    throw new GameInputError(`bets must be 1 to ${ROULETTE_MAX_BETS} bets`, 'bets');
  return input.map((raw, i): RouletteBet => {
    const field = `bets[${i}]`;
    const bet = objectInput(raw, field);
    const type = bet['type'];
    if (typeof type !== 'string' || !(type in ROULETTE_PAYOUTS))
      throw new GameInputError(`${field}.type is not a bet of the table`, `${field}.type`);
    const t = type as RouletteBetType;
    const amount = positiveMinor(bet['amount'], `${field}.amount`);
    if (t === 'straight' || t === 'split' || t === 'street' || t === 'corner' || t === 'sixLine') {
      onlyKeys(bet, ['type', 'numbers', 'amount'], field);
      const numbers = bet['numbers'];
      if (
        !Array.isArray(numbers) ||
        numbers.length !== INSIDE_SIZE[t] ||
        numbers.some((n) => typeof n !== 'number') ||
        !INSIDE[t].has(key(numbers as number[]))
      )
        throw new GameInputError(`${field}.numbers are not a ${t} of the layout`, `${field}.numbers`);
      return { type: t, numbers: [...(numbers as number[])].sort((a, b) => a - b), amount };
    }
    if (t === 'column' || t === 'dozen') {
      onlyKeys(bet, ['type', 'index', 'amount'], field);
      const index = bet['index'];
      if (index !== 1 && index !== 2 && index !== 3)
        throw new GameInputError(`${field}.index must be 1, 2 or 3`, `${field}.index`);
      return { type: t, index, amount };
    }
    onlyKeys(bet, ['type', 'amount'], field);
    return { type: t, amount };
  });
}

/** A spin's result: the pocket and what each bet paid (stake included for winners). */
export interface RouletteResult {
  pocket: number;
  color: 'green' | 'red' | 'black';
  stake: number;
  /** Per bet, in the order placed: 0 or amount × (payout + 1). */
  returns: number[];
  win: number;
}

/** The colour of a pocket. */
export function pocketColor(pocket: number): RouletteResult['color'] {
  return pocket === 0 ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

/** One spin: one uniform pocket of 37, then each bet settled. */
export function playRoulette(random: RandomSource, bets: readonly RouletteBet[]): RouletteResult {
  const pocket = randomInt(random, 37);
  const returns = bets.map((b) => (rouletteCovers(b, pocket) ? b.amount * (ROULETTE_PAYOUTS[b.type] + 1) : 0));
  return {
    pocket,
    color: pocketColor(pocket),
    stake: bets.reduce((s, b) => s + b.amount, 0),
    returns,
    win: returns.reduce((s, r) => s + r, 0),
  };
}

/** The most a set of bets can pay back on any pocket. */
export function rouletteMaxWin(bets: readonly RouletteBet[]): number {
  let best = 0;
  for (let pocket = 0; pocket <= 36; pocket += 1) {
    const total = bets.reduce(
      (s, b) => s + (rouletteCovers(b, pocket) ? b.amount * (ROULETTE_PAYOUTS[b.type] + 1) : 0),
      0,
    );
    best = Math.max(best, total);
  }
  return best;
}

/** One representative of every bet on the table: every inside group, every column and dozen, every even chance. */
export function everyRouletteBet(): Omit<RouletteBet, 'amount'>[] {
  const bets: Omit<RouletteBet, 'amount'>[] = [];
  for (const type of ['straight', 'split', 'street', 'corner', 'sixLine'] as const)
    for (const group of INSIDE[type]) bets.push({ type, numbers: group.split('-').map(Number) });
  for (const type of ['column', 'dozen'] as const) for (const index of [1, 2, 3]) bets.push({ type, index });
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) bets.push({ type });
  return bets;
}

/** The exact return of one bet: the pockets it covers times its payout plus one, over 37. */
export function rouletteBetRtp(bet: Omit<RouletteBet, 'amount'>): Rational {
  let covered = 0;
  for (let pocket = 0; pocket <= 36; pocket += 1) if (rouletteCovers(bet, pocket)) covered += 1;
  return rational(covered * (ROULETTE_PAYOUTS[bet.type] + 1), 37);
}
