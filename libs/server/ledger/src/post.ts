import type { Queryable } from '@tessera/server/db';
import { accountLabel, accountPolicy, type AccountRef } from './accounts';
import { IdempotencyKeyReusedError, InsufficientFundsError, LedgerError, UnbalancedTransactionError } from './errors';

/** One line of a transaction: a signed amount in minor units on one account (credit positive, debit negative). */
export interface Posting {
  account: AccountRef;
  amount: number;
}

/** What {@link post} is asked to write. */
export interface PostRequest {
  /** The same key twice gives the first transaction; domain operations namespace it (`bet.stake:<betGuid>`). */
  idempotencyKey: string;
  /** Dot-namespaced kind (`deposit`, `bet.stake`, ...); read by histories and statements. */
  kind: string;
  postings: readonly Posting[];
  metadata?: Record<string, unknown>;
  /** When it happened; default now. */
  at?: Date;
}

/** A transaction as stored. `replayed` is true when the key existed and this is the first transaction, unchanged. */
export interface LedgerTransaction {
  id: string;
  idempotencyKey: string;
  kind: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  postings: Posting[];
  replayed: boolean;
}

const kindPattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** Sums amounts per currency; a balanced transaction has only zeros. */
export function totalsByCurrency(postings: readonly Posting[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const p of postings) totals[p.account.currency] = (totals[p.account.currency] ?? 0) + p.amount;
  return totals;
}

function validate(request: PostRequest): void {
  const key = request.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new LedgerError('An idempotency key of 1 to 200 characters is required', 'invalid');
  }
  if (!kindPattern.test(request.kind)) throw new LedgerError(`Invalid transaction kind "${request.kind}"`, 'invalid');
  if (request.postings.length < 2) throw new LedgerError('A transaction needs at least two postings', 'invalid');
  for (const p of request.postings) {
    // Integers only: a float amount is a unit mistake (major instead of minor units), never rounded silently.
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new LedgerError(
        `Posting to ${accountLabel(p.account)} needs a non-zero integer of minor units, got ${p.amount}`,
        'invalid',
      );
    }
  }
  const totals = totalsByCurrency(request.postings);
  if (Object.values(totals).some((t) => t !== 0)) throw new UnbalancedTransactionError(totals);
}

interface PostRow {
  transaction_id: string | null;
  outcome: 'posted' | 'duplicate' | 'insufficient_funds';
  account_id: string | null;
  available: string | null;
}

/**
 * Writes one balanced transaction, or returns the first one written under the same idempotency key. One database
 * statement: atomic on its own, and part of the caller's transaction when `db` is one (the bet placement module
 * passes its own). Throws {@link UnbalancedTransactionError}, {@link InsufficientFundsError} (nothing written) or
 * {@link IdempotencyKeyReusedError} (the key belongs to another kind).
 */
export async function post(db: Queryable, request: PostRequest): Promise<LedgerTransaction> {
  validate(request);
  const at = request.at ?? new Date();
  const { postings } = request;
  const policies = postings.map((p) => accountPolicy(p.account.purpose));
  const { rows } = await db.query<PostRow>(
    `select transaction_id, outcome, account_id, available
     from ledger_post($1, $2, $3::jsonb, $4, $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $10::smallint[], $11::bigint[])`,
    [
      request.idempotencyKey,
      request.kind,
      JSON.stringify(request.metadata ?? {}),
      at,
      postings.map((p) => p.account.ownerKind),
      postings.map((p) => p.account.ownerId),
      postings.map((p) => p.account.currency),
      postings.map((p) => p.account.purpose),
      policies.map((p) => p.allowNegative),
      policies.map((p) => p.shardCount),
      postings.map((p) => p.amount),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('ledger_post returned no row');
  if (row.outcome === 'insufficient_funds') {
    const accountId = row.account_id ?? '';
    const account = (await findAccountRef(db, accountId)) ?? { accountId };
    throw new InsufficientFundsError(account, Number(row.available ?? 0));
  }
  const id = row.transaction_id ?? '';
  if (row.outcome === 'duplicate') {
    const existing = await getTransaction(db, id);
    if (!existing) throw new Error(`Transaction ${id} vanished`);
    if (existing.kind !== request.kind) throw new IdempotencyKeyReusedError(request.idempotencyKey, existing.kind);
    return { ...existing, replayed: true };
  }
  return {
    id,
    idempotencyKey: request.idempotencyKey,
    kind: request.kind,
    metadata: request.metadata ?? {},
    createdAt: at,
    postings: postings.map((p) => ({ account: { ...p.account }, amount: p.amount })),
    replayed: false,
  };
}

interface AccountRow {
  owner_kind: AccountRef['ownerKind'];
  owner_id: string;
  currency: string;
  purpose: string;
}

function toRef(row: AccountRow): AccountRef {
  return {
    ownerKind: row.owner_kind,
    ownerId: row.owner_id,
    currency: row.currency,
    purpose: row.purpose,
  } as AccountRef;
}

async function findAccountRef(db: Queryable, accountId: string): Promise<AccountRef | undefined> {
  const { rows } = await db.query<AccountRow>(
    'select owner_kind, owner_id, currency, purpose from ledger_accounts where id = $1',
    [accountId],
  );
  return rows[0] ? toRef(rows[0]) : undefined;
}

interface TransactionRow {
  id: string;
  idempotency_key: string;
  kind: string;
  metadata: Record<string, unknown>;
  created_at: Date;
}

async function loadTransactions(
  db: Queryable,
  where: 'id' | 'idempotency_key',
  param: string,
): Promise<LedgerTransaction | undefined> {
  // One round trip: a retried placement reads its first transaction on the hot path.
  const { rows } = await db.query<TransactionRow & AccountRow & { amount: string }>(
    `select t.id, t.idempotency_key, t.kind, t.metadata, t.created_at, a.owner_kind, a.owner_id, a.currency, a.purpose, p.amount
     from ledger_transactions t
     join ledger_postings p on p.transaction_id = t.id
     join ledger_accounts a on a.id = p.account_id
     where t.${where} = $1 order by p.id`,
    [param],
  );
  const tx = rows[0];
  if (!tx) return undefined;
  return {
    id: String(tx.id),
    idempotencyKey: tx.idempotency_key,
    kind: tx.kind,
    metadata: tx.metadata,
    createdAt: new Date(tx.created_at),
    postings: rows.map((r) => ({ account: toRef(r), amount: Number(r.amount) })),
    replayed: false,
  };
}

/** A stored transaction with its postings, by id. */
export function getTransaction(db: Queryable, id: string): Promise<LedgerTransaction | undefined> {
  return loadTransactions(db, 'id', id);
}

/** A stored transaction with its postings, by idempotency key. */
export function findTransactionByKey(db: Queryable, idempotencyKey: string): Promise<LedgerTransaction | undefined> {
  return loadTransactions(db, 'idempotency_key', idempotencyKey);
}
