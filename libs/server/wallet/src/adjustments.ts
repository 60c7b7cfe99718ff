import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import {
  InsufficientFundsError,
  type LedgerTransaction,
  lockAccountBalance,
  platformAccount,
  post,
  userAccount,
} from '@tessera/server/ledger';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { cashierRefusal } from './cashier-errors';

/** The ledger kind of a manual adjustment; the payments history shows every `adjustment.*` kind as an adjustment. */
export const ADJUSTMENT_KIND = 'adjustment.manual';

/** An operator's manual credit (positive) or debit (negative) of a player's main account. */
export interface AdjustmentInput {
  brandId: string;
  userId: string;
  currency: string;
  /** Signed integer minor units: positive credits the player, negative debits them. Never 0. */
  amountMinor: number;
  /** Why, in the operator's words: kept in the transaction's metadata (never shown to the player). */
  reason: string;
  /** The caller's idempotency key: the same one again answers the first adjustment. */
  requestId: string;
  /** Who decided it (`operator:<e-mail>`). */
  actor: string;
  /** The largest absolute amount (minor units) this decision may move. */
  maxMinor: number;
  at?: Date;
}

/** What an adjustment did: its ledger transaction and the player's main balance before and after (minor units). */
export interface Adjustment {
  transaction: LedgerTransaction;
  balanceBefore: number;
  balanceAfter: number;
  /** True when the requestId was used before and this is the first adjustment, unchanged. */
  replayed: boolean;
}

function refused(code: 'adjustment_invalid' | 'above_adjustment_maximum', sentence: string): ApiError {
  return new ApiError(422, 'Refused', {
    detail: `${code}: ${sentence}`,
    error_code: code === 'adjustment_invalid' ? 1320 : 1321,
    validation_errors: [{ field: 'amount', message: sentence }],
  });
}

/**
 * Credits or debits a player's main account by hand, as one balanced ledger transaction against the brand's
 * `adjustments` platform account (never an update of a balance), keyed `adjustment:<userId>:<requestId>` so a retry
 * is one adjustment. Run it inside the caller's transaction (`tx`): the player's balance is locked from the read of
 * the balance before to the commit, so the audit entry the caller writes in the same transaction names the true
 * before and after. Refused in the error shape: a zero or fractional amount (422 `adjustment_invalid` 1320), above
 * `maxMinor` (422 `above_adjustment_maximum` 1321), a debit larger than the balance (422 `above_balance` 1317), a
 * requestId reused for a different adjustment (409).
 */
export async function adjustBalance(tx: Queryable, input: AdjustmentInput): Promise<Adjustment> {
  const amount = input.amountMinor;
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw refused('adjustment_invalid', 'the amount must be a non-zero whole number of minor units');
  if (Math.abs(amount) > input.maxMinor)
    throw refused(
      'above_adjustment_maximum',
      `one adjustment moves at most ${fromMinorUnits(input.maxMinor)} ${input.currency}`,
    );
  const account = userAccount(input.userId, input.currency);
  const balanceBefore = await lockAccountBalance(tx, account);
  let transaction: LedgerTransaction;
  try {
    transaction = await post(tx, {
      idempotencyKey: `adjustment:${input.userId}:${input.requestId}`,
      kind: ADJUSTMENT_KIND,
      postings: [
        { account, amount },
        { account: platformAccount(input.brandId, input.currency, 'adjustments'), amount: -amount },
      ],
      metadata: { reason: input.reason, actor: input.actor, requestId: input.requestId },
      ...(input.at ? { at: input.at } : {}),
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw cashierRefusal(
        'above_balance',
        `the balance is ${fromMinorUnits(error.available)} ${input.currency}; a debit cannot take it below zero`,
        'amount',
      );
    throw error;
  }
  if (transaction.replayed) {
    const same = transaction.postings.some(
      (p) =>
        p.account.ownerKind === 'user' &&
        p.account.ownerId === account.ownerId &&
        p.account.currency === account.currency &&
        p.amount === amount,
    );
    if (!same) throw new ApiError(409, 'Conflict', { detail: 'This requestId was used for a different adjustment' });
    return { transaction, balanceBefore, balanceAfter: balanceBefore, replayed: true };
  }
  return { transaction, balanceBefore, balanceAfter: balanceBefore + amount, replayed: false };
}
