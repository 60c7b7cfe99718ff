import type { Queryable } from '@tessera/server/db';
import type {
  AccountEntry as ContractAccountEntry,
  BalanceResponse,
  PaymentsHistoryResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import type { AccountRef } from './accounts';
import { DEFAULT_CURRENCIES, type CurrencyInfo } from './currencies';

/** One account as `GET /account-api/user/balance` lists it (spec section 3; the generated contract's entry). */
export type AccountEntry = ContractAccountEntry;

/** Options of {@link getUserBalances}. */
export interface UserBalancesOptions {
  /** The brand's `global.currencies` (id, symbol, name per code); {@link DEFAULT_CURRENCIES} fills gaps. */
  currencies?: Readonly<Record<string, Partial<CurrencyInfo>>>;
  /** The currency of the account the player has selected; default the player's first main account. */
  activeCurrency?: string;
}

interface BalanceRow {
  id: string;
  currency: string;
  purpose: 'main' | 'bonus';
  is_active: boolean;
  balance: string;
}

/** A player's main and bonus accounts with their balances, main accounts first, in the spec's account entry shape. */
export async function getUserBalances(
  db: Queryable,
  userId: string | number,
  options: UserBalancesOptions = {},
): Promise<AccountEntry[]> {
  const { rows } = await db.query<BalanceRow>(
    `select a.id, a.currency, a.purpose, a.is_active, coalesce(sum(b.balance), 0)::text as balance
     from ledger_accounts a left join ledger_balances b on b.account_id = a.id
     where a.owner_kind = 'user' and a.owner_id = $1 and a.purpose in ('main', 'bonus')
     group by a.id order by a.purpose desc, a.id`,
    [String(userId)],
  );
  const active = options.activeCurrency ?? rows.find((r) => r.purpose === 'main')?.currency;
  return rows.map((r) => {
    const info = { ...DEFAULT_CURRENCIES[r.currency], ...options.currencies?.[r.currency] };
    const symbol = info.symbol ?? '';
    const name = info.name ?? r.currency;
    const isBonus = r.purpose === 'bonus';
    return {
      id: Number(r.id),
      idBonus: null,
      type: r.purpose,
      money: fromMinorUnits(Number(r.balance)),
      name,
      iso: r.currency,
      symbol,
      isActive: r.is_active && !isBonus && r.currency === active,
      currencyId: info.id ?? null,
      amountOfUnplacedBets: 0,
      points: 0,
      isBonusAccount: isBonus,
      isPointsTypeBalance: false,
      label: `${name} (${symbol || r.currency})`,
    };
  });
}

/** The three lists the client maps the balance answer into (spec section 3). */
export function toAccountLists(entries: readonly AccountEntry[]): BalanceResponse {
  return {
    accounts: entries.filter((e) => !e.isBonusAccount),
    bonuses: entries.filter((e) => e.isBonusAccount),
    all_accounts: [...entries],
  };
}

/** One line of the payments history: the contract's, with its time as a Date (the wire carries ISO text). */
export type PaymentHistoryItem = Omit<PaymentsHistoryResponse['items'][number], 'createdAt'> & { createdAt: Date };

/** A page of the payments history (`POST /officeapi/gethistorypaymentmainaccount`), times as Dates. */
export type PaymentHistoryPage = Omit<PaymentsHistoryResponse, 'items'> & { items: PaymentHistoryItem[] };

/** Options of {@link getPaymentsHistory}: the wire's `is_include_archive` and `page_number` (from 1). */
export interface PaymentsHistoryQuery {
  isIncludeArchive?: boolean;
  pageNumber?: number;
  /** Default 20, at most 50 (the spec's list page limit). */
  pageSize?: number;
  /** Payments older than this many days are archived; default 90 (README: balance entries and payments history). */
  archiveAfterDays?: number;
  now?: Date;
}

interface HistoryRow {
  id: string;
  kind: 'deposit' | 'deposit.refund' | 'withdrawal.reserve';
  metadata: Record<string, unknown>;
  created_at: Date;
  currency: string;
  amount: string;
  resolution: string | null;
  total: string;
}

/** A player's deposits, refunds and withdrawals on main accounts, newest first, read from the ledger. */
export async function getPaymentsHistory(
  db: Queryable,
  userId: string | number,
  query: PaymentsHistoryQuery = {},
): Promise<PaymentHistoryPage> {
  const pageSize = Math.min(50, Math.max(1, Math.trunc(query.pageSize ?? 20)));
  const pageNumber = Math.max(1, Math.trunc(query.pageNumber ?? 1));
  const now = query.now ?? new Date();
  const horizon = new Date(now.getTime() - (query.archiveAfterDays ?? 90) * 86_400_000);
  const { rows } = await db.query<HistoryRow>(
    `select t.id, t.kind, t.metadata, t.created_at, a.currency, p.amount::text as amount, r.kind as resolution,
            count(*) over ()::text as total
     from ledger_accounts a
     join ledger_postings p on p.account_id = a.id
     join ledger_transactions t on t.id = p.transaction_id
     left join ledger_transactions r
       on t.kind = 'withdrawal.reserve' and r.idempotency_key = 'withdrawal.resolve:' || (t.metadata ->> 'withdrawalId')
     where a.owner_kind = 'user' and a.owner_id = $1 and a.purpose = 'main'
       and t.kind in ('deposit', 'deposit.refund', 'withdrawal.reserve')
       and ($2::boolean or t.created_at >= $3)
     order by t.created_at desc, t.id desc
     limit $4 offset $5`,
    [String(userId), query.isIncludeArchive ?? false, horizon, pageSize, (pageNumber - 1) * pageSize],
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      type: r.kind === 'deposit' ? 'deposit' : r.kind === 'deposit.refund' ? 'refund' : 'withdrawal',
      status:
        r.kind !== 'withdrawal.reserve' || r.resolution === 'withdrawal.confirm'
          ? 'completed'
          : r.resolution
            ? 'cancelled'
            : 'pending',
      amount: fromMinorUnits(Math.abs(Number(r.amount))),
      currency: r.currency,
      createdAt: new Date(r.created_at),
      reference: String(r.metadata['reference'] ?? r.metadata['withdrawalId'] ?? '') || null,
      archived: new Date(r.created_at) < horizon,
    })),
    pageNumber,
    pageSize,
    total: rows.length ? total : await countPayments(db, userId, query.isIncludeArchive ?? false, horizon),
    hasMore: pageNumber * pageSize < total,
  };
}

async function countPayments(
  db: Queryable,
  userId: string | number,
  includeArchive: boolean,
  horizon: Date,
): Promise<number> {
  // A page past the end has no rows to carry the window count.
  const { rows } = await db.query<{ n: string }>(
    `select count(*)::text as n from ledger_accounts a
     join ledger_postings p on p.account_id = a.id join ledger_transactions t on t.id = p.transaction_id
     where a.owner_kind = 'user' and a.owner_id = $1 and a.purpose = 'main'
       and t.kind in ('deposit', 'deposit.refund', 'withdrawal.reserve') and ($2::boolean or t.created_at >= $3)`,
    [String(userId), includeArchive, horizon],
  );
  return Number(rows[0]?.n ?? 0);
}

/** One line of an account statement. */
export interface StatementEntry {
  postingId: string;
  transactionId: string;
  kind: string;
  /** Signed minor units: positive credits the account. */
  amount: number;
  /** The account's balance right after this posting, in minor units. */
  balanceAfter: number;
  createdAt: Date;
  metadata: Record<string, unknown>;
}

/** A page of an account's statement, newest first; pass `nextBefore` back as `before` for the next page. */
export interface Statement {
  balance: number;
  entries: StatementEntry[];
  nextBefore: string | null;
}

interface StatementRow {
  id: string;
  transaction_id: string;
  kind: string;
  amount: string;
  created_at: Date;
  metadata: Record<string, unknown>;
}

/** The postings of one account with the running balance, newest first (bets history and audits read this). */
export async function getStatement(
  db: Queryable,
  account: AccountRef,
  options: { limit?: number; before?: string } = {},
): Promise<Statement> {
  const limit = Math.min(200, Math.max(1, Math.trunc(options.limit ?? 50)));
  const acc = await db.query<{ id: string; balance: string }>(
    `select a.id, coalesce(sum(b.balance), 0)::text as balance from ledger_accounts a
     left join ledger_balances b on b.account_id = a.id
     where a.owner_kind = $1 and a.owner_id = $2 and a.currency = $3 and a.purpose = $4 group by a.id`,
    [account.ownerKind, account.ownerId, account.currency, account.purpose],
  );
  const row = acc.rows[0];
  if (!row) return { balance: 0, entries: [], nextBefore: null };
  const balance = Number(row.balance);
  const before = options.before ?? null;
  // Postings newer than the page, so the running balance can be walked back from the current balance.
  const newer = before
    ? Number(
        (
          await db.query<{ s: string }>(
            'select coalesce(sum(amount), 0)::text as s from ledger_postings where account_id = $1 and id >= $2',
            [row.id, before],
          )
        ).rows[0]?.s ?? 0,
      )
    : 0;
  const { rows } = await db.query<StatementRow>(
    `select p.id, p.transaction_id, t.kind, p.amount::text as amount, p.created_at, t.metadata
     from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
     where p.account_id = $1 and ($2::bigint is null or p.id < $2)
     order by p.id desc limit $3`,
    [row.id, before, limit + 1],
  );
  let running = balance - newer;
  const page = rows.slice(0, limit);
  const entries: StatementEntry[] = [];
  for (const r of page) {
    const amount = Number(r.amount);
    entries.push({
      postingId: String(r.id),
      transactionId: String(r.transaction_id),
      kind: r.kind,
      amount,
      balanceAfter: running,
      createdAt: new Date(r.created_at),
      metadata: r.metadata,
    });
    running -= amount;
  }
  return {
    balance,
    entries,
    nextBefore: rows.length > limit ? String(page[page.length - 1]?.id) : null,
  };
}
