import type { BetHistoryItem } from './generated/api.types';

/** A stored bet's status, as the bets history answers it. */
export type BetStatus = BetHistoryItem['status'];

const STATUSES = [
  'waiting',
  'accepted',
  'won',
  'lost',
  'returned',
  'half_won',
  'half_lost',
  'sold',
  'rejected',
] as const satisfies readonly BetStatus[];

/**
 * Every bet status, in the order the history filter lists them (the server's filter and the office's use the same
 * list); a status the schema adds fails to compile until it is listed here.
 */
export const BET_STATUSES: readonly BetStatus[] = everyStatus(STATUSES);

function everyStatus<T extends readonly BetStatus[]>(
  statuses: T & (Exclude<BetStatus, T[number]> extends never ? unknown : never),
): T {
  return statuses;
}
