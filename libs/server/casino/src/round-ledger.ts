import type { Queryable } from '@tessera/server/db';
import {
  lockAccountBalance,
  platformAccount,
  post,
  userAccount,
  type LedgerTransaction,
  type Posting,
} from '@tessera/server/ledger';
import { casinoRefusal } from './casino-refusals';

// How rounds map to the ledger (ADR 0285). Every key starts with the round id, so a retried request posts nothing new.
//   instant round  casino.round:<id>          wallet −stake, casino_house +stake, casino_house −win, wallet +win
//   stepped hold   casino.hold:<id>:<step>    wallet −stake, casino_held +stake   (the deal is step 0)
//   settlement     casino.settle:<id>         casino_held −staked, wallet +win, casino_house +(staked − win)

/** Who plays, in which brand and currency. Amounts everywhere are integer minor units. */
export interface CasinoPlayer {
  brandId: string;
  userId: string;
  currency: string;
  /** The player's registration country, whose rules apply (the slot rules: jurisdiction-rules.ts). */
  country?: string;
}

const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0);

/**
 * Locks the wallet and refuses a stake above its balance. An instant round posts stake and win in one transaction,
 * whose own check sees only the net: without this a winning round could be played on money the wallet lacks.
 */
export async function requireBalance(tx: Queryable, player: CasinoPlayer, stake: number): Promise<void> {
  const balance = await lockAccountBalance(tx, userAccount(player.userId, player.currency));
  if (balance < stake)
    throw casinoRefusal('above_balance', `the stake of ${stake} is above the balance of ${balance} minor units`);
}

/** An instant round: stake and win together, once per round id. */
export function postInstantRound(
  tx: Queryable,
  player: CasinoPlayer,
  round: { id: string; gameId: string; stake: number; win: number; at: Date },
): Promise<LedgerTransaction> {
  const wallet = userAccount(player.userId, player.currency);
  const house = platformAccount(player.brandId, player.currency, 'casino_house');
  return post(tx, {
    idempotencyKey: `casino.round:${round.id}`,
    kind: 'casino.round',
    postings: nonZero([
      { account: wallet, amount: -round.stake },
      { account: house, amount: round.stake },
      { account: house, amount: -round.win },
      { account: wallet, amount: round.win },
    ]),
    metadata: { roundId: round.id, gameId: round.gameId, stake: round.stake, win: round.win },
    at: round.at,
  });
}

/** A stake held for an open round (the deal, a double, a split, insurance), once per round and step. */
export function postHold(
  tx: Queryable,
  player: CasinoPlayer,
  hold: { roundId: string; gameId: string; step: number; amount: number; at: Date },
): Promise<LedgerTransaction> {
  return post(tx, {
    idempotencyKey: `casino.hold:${hold.roundId}:${hold.step}`,
    kind: 'casino.hold',
    postings: [
      { account: userAccount(player.userId, player.currency), amount: -hold.amount },
      { account: platformAccount(player.brandId, player.currency, 'casino_held'), amount: hold.amount },
    ],
    metadata: { roundId: hold.roundId, gameId: hold.gameId, step: hold.step },
    at: hold.at,
  });
}

/** Settles an open round: the held stakes released, the win paid, the rest the casino's; once per round. */
export function postSettlement(
  tx: Queryable,
  player: CasinoPlayer,
  round: { id: string; gameId: string; staked: number; win: number; at: Date },
): Promise<LedgerTransaction> {
  return post(tx, {
    idempotencyKey: `casino.settle:${round.id}`,
    kind: 'casino.settle',
    postings: nonZero([
      { account: platformAccount(player.brandId, player.currency, 'casino_held'), amount: -round.staked },
      { account: userAccount(player.userId, player.currency), amount: round.win },
      { account: platformAccount(player.brandId, player.currency, 'casino_house'), amount: round.staked - round.win },
    ]),
    metadata: { roundId: round.id, gameId: round.gameId, stake: round.staked, win: round.win },
    at: round.at,
  });
}
