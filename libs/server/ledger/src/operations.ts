import type { Queryable } from '@tessera/server/db';
import { platformAccount, userAccount, type AccountRef, type UserPurpose } from './accounts';
import { IdempotencyKeyReusedError, LedgerError } from './errors';
import { findTransactionByKey, post, type LedgerTransaction, type Posting } from './post';

// Every operation below is one balanced transaction written by post(): pass the caller's transaction handle to make
// it part of a larger unit of work (the bet placement module writes its bet row and the stake together).

/** Who and what currency an operation is about. Amounts everywhere are integer minor units. */
export interface WalletOwner {
  brandId: string;
  userId: string | number;
  currency: string;
}

/** When the operation happened; default now. */
interface At {
  at?: Date;
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new LedgerError(`${name} must be a positive integer of minor units, got ${value}`, 'invalid');
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new LedgerError(`${name} must be a non-negative integer of minor units, got ${value}`, 'invalid');
  return value;
}

function nonZero(postings: Posting[]): Posting[] {
  return postings.filter((p) => p.amount !== 0);
}

/** Key of a confirmed deposit: one credit per provider reference, however many callbacks arrive. */
export function depositKey(provider: string, reference: string): string {
  return `deposit:${provider}:${reference}`;
}

/** A payment provider confirmed a deposit: its cash-in account pays the player's main wallet. */
export async function recordDeposit(
  db: Queryable,
  input: WalletOwner & At & { amount: number; provider: string; reference: string },
): Promise<LedgerTransaction> {
  const amount = positive('amount', input.amount);
  return post(db, {
    idempotencyKey: depositKey(input.provider, input.reference),
    kind: 'deposit',
    postings: [
      { account: platformAccount(input.brandId, input.currency, 'cash_in'), amount: -amount },
      { account: userAccount(input.userId, input.currency), amount },
    ],
    metadata: { provider: input.provider, reference: input.reference },
    at: input.at,
  });
}

/** A deposit refunded to the card: the money leaves the wallet (refused when already spent). */
export async function refundDeposit(
  db: Queryable,
  input: WalletOwner & At & { amount: number; provider: string; reference: string; refundReference: string },
): Promise<LedgerTransaction> {
  const amount = positive('amount', input.amount);
  return post(db, {
    idempotencyKey: `deposit.refund:${input.provider}:${input.refundReference}`,
    kind: 'deposit.refund',
    postings: [
      { account: userAccount(input.userId, input.currency), amount: -amount },
      { account: platformAccount(input.brandId, input.currency, 'cash_in'), amount },
    ],
    metadata: { provider: input.provider, reference: input.reference, refundReference: input.refundReference },
    at: input.at,
  });
}

/** Sets a withdrawal's amount aside: main wallet to the player's withdrawal hold (still theirs, no longer spendable). */
export async function reserveWithdrawal(
  db: Queryable,
  input: WalletOwner & At & { amount: number; withdrawalId: string },
): Promise<LedgerTransaction> {
  const amount = positive('amount', input.amount);
  return post(db, {
    idempotencyKey: `withdrawal.reserve:${input.withdrawalId}`,
    kind: 'withdrawal.reserve',
    postings: [
      { account: userAccount(input.userId, input.currency), amount: -amount },
      { account: userAccount(input.userId, input.currency, 'withdrawal_hold'), amount },
    ],
    metadata: { withdrawalId: input.withdrawalId, brandId: input.brandId },
    at: input.at,
  });
}

async function resolveWithdrawal(
  db: Queryable,
  withdrawalId: string,
  outcome: 'confirm' | 'cancel',
  at?: Date,
): Promise<LedgerTransaction> {
  const reserve = await findTransactionByKey(db, `withdrawal.reserve:${withdrawalId}`);
  const hold = reserve?.postings.find((p) => p.account.purpose === 'withdrawal_hold');
  if (!reserve || !hold) throw new LedgerError(`No reserved withdrawal ${withdrawalId}`, 'not_found');
  const main = reserve.postings.find((p) => p.account.purpose === 'main');
  const brandId = String(reserve.metadata['brandId'] ?? '');
  const counterpart: AccountRef =
    outcome === 'cancel'
      ? (main?.account ?? userAccount(hold.account.ownerId, hold.account.currency))
      : platformAccount(brandId, hold.account.currency, 'cash_out');
  try {
    // One key for both outcomes: whichever comes first wins, the other is refused, even when they race.
    return await post(db, {
      idempotencyKey: `withdrawal.resolve:${withdrawalId}`,
      kind: `withdrawal.${outcome}`,
      postings: [
        { account: hold.account, amount: -hold.amount },
        { account: counterpart, amount: hold.amount },
      ],
      metadata: { withdrawalId },
      at,
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) {
      throw new LedgerError(
        `Withdrawal ${withdrawalId} was already resolved (${error.existingKind})`,
        'already_resolved',
      );
    }
    throw error;
  }
}

/** The payout went out: the hold is paid to the platform's cash-out account. Refused once cancelled. */
export async function confirmWithdrawal(
  db: Queryable,
  input: At & { withdrawalId: string },
): Promise<LedgerTransaction> {
  return resolveWithdrawal(db, input.withdrawalId, 'confirm', input.at);
}

/** The withdrawal was cancelled or rejected: the hold goes back to the main wallet. Refused once confirmed. */
export async function cancelWithdrawal(
  db: Queryable,
  input: At & { withdrawalId: string },
): Promise<LedgerTransaction> {
  return resolveWithdrawal(db, input.withdrawalId, 'cancel', input.at);
}

/** A bonus credited to the player's bonus wallet, paid by the brand's bonus cost account; once per bonus id. */
export async function grantBonus(
  db: Queryable,
  input: WalletOwner & At & { amount: number; bonusId: string },
): Promise<LedgerTransaction> {
  const amount = positive('amount', input.amount);
  return post(db, {
    idempotencyKey: `bonus.grant:${input.bonusId}`,
    kind: 'bonus.grant',
    postings: [
      { account: platformAccount(input.brandId, input.currency, 'bonus_cost'), amount: -amount },
      { account: userAccount(input.userId, input.currency, 'bonus'), amount },
    ],
    metadata: { bonusId: input.bonusId },
    at: input.at,
  });
}

/** Key of a bet's stake: the betGuid makes a placement idempotent. */
export function stakeKey(betGuid: string): string {
  return `bet.stake:${betGuid}`;
}

/** What {@link stakeBet} takes. */
export interface StakeInput extends WalletOwner, At {
  betGuid: string;
  /** What the player is charged, in minor units. */
  stake: number;
  /** Stake tax withheld from the stake (util-coupon README, "Betting taxes and express boost"); the rest is what is wagered. Default 0. */
  stakeTax?: number;
  /** Which wallet pays: main (default) or bonus. */
  wallet?: Extract<UserPurpose, 'main' | 'bonus'>;
}

/** A bet's stake: the wallet pays bets held (the net stake) and taxes payable (the stake tax). Once per betGuid. */
export async function stakeBet(db: Queryable, input: StakeInput): Promise<LedgerTransaction> {
  const stake = positive('stake', input.stake);
  const tax = nonNegative('stakeTax', input.stakeTax ?? 0);
  if (tax >= stake) throw new LedgerError('The stake tax must be less than the stake', 'invalid');
  if (!input.betGuid) throw new LedgerError('A betGuid is required', 'invalid');
  return post(db, {
    idempotencyKey: stakeKey(input.betGuid),
    kind: 'bet.stake',
    postings: nonZero([
      { account: userAccount(input.userId, input.currency, input.wallet ?? 'main'), amount: -stake },
      { account: platformAccount(input.brandId, input.currency, 'bets_held'), amount: stake - tax },
      { account: platformAccount(input.brandId, input.currency, 'taxes_payable'), amount: tax },
    ]),
    metadata: { betGuid: input.betGuid },
    at: input.at,
  });
}

/** How a bet ended (the feed's result words). */
export type BetOutcome = 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost';

/** What {@link settleBet} takes. */
export interface SettleInput extends At {
  betGuid: string;
  outcome: BetOutcome;
  /**
   * The gross return before payout tax, in minor units, computed by the bet maths (util-coupon). Required for won and
   * half-won; lost pays 0, returned pays the net stake back, half-lost half of it (rounded down) unless given.
   */
  payout?: number;
  /** Payout tax withheld from the return (util-coupon README, "Betting taxes and express boost"); default 0. */
  payoutTax?: number;
}

interface HeldStake {
  brandId: string;
  wallet: AccountRef;
  held: number;
}

async function heldStake(db: Queryable, betGuid: string): Promise<HeldStake> {
  const stake = await findTransactionByKey(db, stakeKey(betGuid));
  const held = stake?.postings.find((p) => p.account.purpose === 'bets_held');
  const wallet = stake?.postings.find((p) => p.account.ownerKind === 'user');
  if (!stake || !held || !wallet) throw new LedgerError(`No stake for bet ${betGuid}`, 'not_found');
  return { brandId: held.account.ownerId, wallet: wallet.account, held: held.amount };
}

function closingPostings(stake: HeldStake, payout: number, payoutTax: number): Posting[] {
  const { brandId, wallet, held } = stake;
  const currency = wallet.currency;
  // bets held releases the stake; the house pays what the return exceeds it by (or keeps what it falls short).
  return nonZero([
    { account: platformAccount(brandId, currency, 'bets_held'), amount: -held },
    { account: wallet, amount: payout - payoutTax },
    { account: platformAccount(brandId, currency, 'taxes_payable'), amount: payoutTax },
    { account: platformAccount(brandId, currency, 'house'), amount: held - payout },
  ]);
}

async function closeBet(
  db: Queryable,
  betGuid: string,
  kind: 'bet.settle' | 'bet.cashout',
  payout: number,
  payoutTax: number,
  metadata: Record<string, unknown>,
  at: Date | undefined,
  stake: HeldStake,
): Promise<LedgerTransaction> {
  if (payoutTax > payout) throw new LedgerError('The payout tax cannot exceed the payout', 'invalid');
  try {
    // Settlement and cash-out share one key: a bet is closed once, by whichever comes first.
    return await post(db, {
      idempotencyKey: `bet.close:${betGuid}`,
      kind,
      postings: closingPostings(stake, payout, payoutTax),
      metadata: { betGuid, ...metadata },
      at,
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) {
      throw new LedgerError(`Bet ${betGuid} is already closed (${error.existingKind})`, 'already_resolved');
    }
    throw error;
  }
}

/** Settles a bet from its held stake: won, lost, returned, half won or half lost. Once per betGuid. */
export async function settleBet(db: Queryable, input: SettleInput): Promise<LedgerTransaction> {
  const stake = await heldStake(db, input.betGuid);
  const tax = nonNegative('payoutTax', input.payoutTax ?? 0);
  let payout: number;
  switch (input.outcome) {
    case 'won':
    case 'half-won':
      if (input.payout === undefined) throw new LedgerError(`A ${input.outcome} bet needs its payout`, 'invalid');
      payout = nonNegative('payout', input.payout);
      break;
    case 'lost':
      payout = 0;
      if (input.payout !== undefined && input.payout !== 0) throw new LedgerError('A lost bet pays nothing', 'invalid');
      break;
    case 'returned':
      payout = stake.held;
      if (input.payout !== undefined && input.payout !== stake.held)
        throw new LedgerError('A returned bet pays back its stake', 'invalid');
      break;
    case 'half-lost':
      payout = nonNegative('payout', input.payout ?? Math.floor(stake.held / 2));
      if (payout > stake.held) throw new LedgerError('A half-lost bet pays at most its stake', 'invalid');
      break;
  }
  if (input.outcome !== 'won' && input.outcome !== 'half-won' && tax > 0) {
    throw new LedgerError('Only winnings carry payout tax', 'invalid');
  }
  return closeBet(db, input.betGuid, 'bet.settle', payout, tax, { outcome: input.outcome }, input.at, stake);
}

/** Closes a bet early for the offered amount: bets held and the house pay the player. Refused once settled. */
export async function cashOutBet(
  db: Queryable,
  input: At & { betGuid: string; amount: number; payoutTax?: number },
): Promise<LedgerTransaction> {
  const stake = await heldStake(db, input.betGuid);
  const amount = positive('amount', input.amount);
  const tax = nonNegative('payoutTax', input.payoutTax ?? 0);
  return closeBet(db, input.betGuid, 'bet.cashout', amount, tax, {}, input.at, stake);
}
