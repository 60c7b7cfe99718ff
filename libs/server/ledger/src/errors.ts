import type { AccountRef } from './accounts';

/** Base class of the ledger's refusals, so callers can tell them from database failures. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly code: 'unbalanced' | 'invalid' | 'insufficient_funds' | 'key_reused' | 'not_found' | 'already_resolved',
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** The postings of a transaction do not sum to zero in every currency: nothing was written. */
export class UnbalancedTransactionError extends LedgerError {
  constructor(readonly totals: Record<string, number>) {
    super(`Postings do not balance: ${JSON.stringify(totals)}`, 'unbalanced');
    this.name = 'UnbalancedTransactionError';
  }
}

/** A player's account would go below zero: nothing was written, and an outer transaction stays usable. */
export class InsufficientFundsError extends LedgerError {
  constructor(
    readonly account: AccountRef | { accountId: string },
    /** Balance available on the account, in minor units. */
    readonly available: number,
  ) {
    super(`Insufficient funds: ${available} minor units available`, 'insufficient_funds');
    this.name = 'InsufficientFundsError';
  }
}

/** The idempotency key already belongs to a transaction of another kind (a key reused for something else). */
export class IdempotencyKeyReusedError extends LedgerError {
  constructor(
    readonly idempotencyKey: string,
    readonly existingKind: string,
  ) {
    super(`Idempotency key "${idempotencyKey}" already belongs to a ${existingKind} transaction`, 'key_reused');
    this.name = 'IdempotencyKeyReusedError';
  }
}
