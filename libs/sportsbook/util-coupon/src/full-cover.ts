import type { FullCoverBets } from '@tessera/shared/util-config';
import { fullCoverLines, fullCoverReturnFrom } from './system-math';

/** The named full-cover bets: the site configuration's `coupon.fullCoverBets` switches name them (the schema is the one list). */
export type FullCoverBetName = keyof FullCoverBets;

/** A named full-cover bet: every combination of its selections from `smallestFold` up, one line each. */
export interface FullCoverBet {
  /** The bet's name. */
  readonly name: FullCoverBetName;
  /** How many selections it takes, exactly. */
  readonly selections: number;
  /** 1 when the singles are included (Patent, Lucky bets), 2 when it starts at the doubles. */
  readonly smallestFold: 1 | 2;
  /** How many lines (bets) it is: the stake is charged this many times. */
  readonly lines: number;
}

function bet(name: FullCoverBetName, selections: number, smallestFold: 1 | 2): FullCoverBet {
  return { name, selections, smallestFold, lines: fullCoverLines(selections, smallestFold) };
}

/** The named full-cover bets: Trixie 4 lines, Patent 7, Yankee 11, Lucky 15, Super Yankee 26, Lucky 31, Heinz 57, Lucky 63, Super Heinz 120, Goliath 247. */
export const FULL_COVER_BETS: Readonly<Record<FullCoverBetName, FullCoverBet>> = {
  trixie: bet('trixie', 3, 2),
  patent: bet('patent', 3, 1),
  yankee: bet('yankee', 4, 2),
  lucky15: bet('lucky15', 4, 1),
  superYankee: bet('superYankee', 5, 2),
  lucky31: bet('lucky31', 5, 1),
  heinz: bet('heinz', 6, 2),
  lucky63: bet('lucky63', 6, 1),
  superHeinz: bet('superHeinz', 7, 2),
  goliath: bet('goliath', 8, 2),
};

/** The names switched on in a site's `coupon.fullCoverBets` (name to boolean), in FULL_COVER_BETS order. */
export function offeredFullCoverBets(
  switches: Readonly<Partial<Record<FullCoverBetName, boolean>>> | undefined,
): FullCoverBetName[] {
  return (Object.keys(FULL_COVER_BETS) as FullCoverBetName[]).filter((name) => switches?.[name] === true);
}

/** The full-cover bets a coupon with this many selections can offer (none below 3 or above 8). */
export function fullCoverBetsFor(selections: number): readonly FullCoverBet[] {
  return Object.values(FULL_COVER_BETS).filter((candidate) => candidate.selections === selections);
}

/**
 * What a named full-cover bet returns when every selection wins, at stakePerLine on each line.
 * Bookmaker-specific Lucky bonuses (single-winner consolation, all-winner bonus) are not included.
 */
export function fullCoverBetReturn(
  name: FullCoverBetName,
  decimalOdds: readonly number[],
  stakePerLine: number,
): number {
  const definition = FULL_COVER_BETS[name];
  if (decimalOdds.length !== definition.selections) {
    throw new RangeError(`A ${name} takes ${definition.selections} selections, got ${decimalOdds.length}`);
  }
  return fullCoverReturnFrom(decimalOdds, definition.smallestFold, stakePerLine);
}
