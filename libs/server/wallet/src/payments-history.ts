import type { Queryable } from '@tessera/server/db';
import type { PaymentsHistoryRequest, PaymentsHistoryResponse } from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';

type Item = PaymentsHistoryResponse['items'][number];

/** What the history shows of each ledger kind; `adjustment.*` is any correction an operator posts. */
const KINDS: Record<Item['type'], string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal.reserve'],
  refund: ['deposit.refund'],
  transfer: ['transfer'],
  adjustment: ['adjustment'],
};

interface Row {
  id: string;
  kind: string;
  metadata: Record<string, unknown>;
  created_at: Date;
  currency: string;
  amount: string;
  state: Item['state'];
  status: Item['status'];
  counter_amount: string | null;
  counter_currency: string | null;
  total: string;
}

/** Options beyond the request: the clock and how old a payment is before it is archived (default 90 days). */
export interface PaymentsHistoryOptions {
  now: Date;
  archiveAfterDays?: number;
}

/**
 * A page of the player's payments on their main accounts, newest first, read from the ledger: deposits, withdrawals
 * with their state (cashier_withdrawals), refunds, transfers between own accounts (the debit, with the credit as the
 * counter amount) and adjustments; filtered by kind, status and time. Archived (older than the horizon) only when
 * asked for.
 */
export async function paymentsHistory(
  db: Queryable,
  userId: string,
  request: PaymentsHistoryRequest,
  options: PaymentsHistoryOptions,
): Promise<PaymentsHistoryResponse> {
  const pageSize = request.page_size ?? 20;
  const pageNumber = request.page_number ?? 1;
  const horizon = new Date(options.now.getTime() - (options.archiveAfterDays ?? 90) * 86_400_000);
  const types = request.types?.length ? request.types : (Object.keys(KINDS) as Item['type'][]);
  const kinds = types.flatMap((t) => KINDS[t]);
  const { rows } = await db.query<Row>(
    `with items as (
       select t.id, t.kind, t.metadata, t.created_at, a.currency, p.amount::text as amount, w.state,
              case
                when t.kind <> 'withdrawal.reserve' then 'completed'
                when w.state = 'paid' or (w.state is null and r.kind = 'withdrawal.confirm') then 'completed'
                when w.state in ('rejected', 'cancelled', 'failed') or (w.state is null and r.kind is not null)
                  then 'cancelled'
                else 'pending'
              end as status,
              tr.to_amount::text as counter_amount, tr.to_currency as counter_currency
         from ledger_accounts a
         join ledger_postings p on p.account_id = a.id
         join ledger_transactions t on t.id = p.transaction_id
         left join cashier_withdrawals w
           on t.kind = 'withdrawal.reserve' and w.id::text = t.metadata ->> 'withdrawalId'
         left join ledger_transactions r
           on t.kind = 'withdrawal.reserve' and r.idempotency_key = 'withdrawal.resolve:' || (t.metadata ->> 'withdrawalId')
         left join cashier_transfers tr on t.kind = 'transfer' and tr.ledger_transaction_id = t.id
        where a.owner_kind = 'user' and a.owner_id = $1 and a.purpose = 'main'
          and (t.kind = any($2::text[]) or ('adjustment' = any($2::text[]) and t.kind like 'adjustment.%'))
          and (t.kind <> 'transfer' or p.amount < 0)
          and ($3::boolean or t.created_at >= $4)
          and ($5::timestamptz is null or t.created_at >= $5)
          and ($6::timestamptz is null or t.created_at < $6))
     select *, count(*) over ()::text as total from items
      where ($7::text[] is null or status = any($7::text[]))
      order by created_at desc, id desc
      limit $8 offset $9`,
    [
      userId,
      kinds,
      request.is_include_archive ?? false,
      horizon,
      request.date_from ? new Date(request.date_from) : null,
      request.date_to ? new Date(request.date_to) : null,
      request.statuses?.length ? request.statuses : null,
      pageSize,
      (pageNumber - 1) * pageSize,
    ],
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.map((r) => {
      const type = (Object.entries(KINDS).find(([, ks]) => ks.includes(r.kind))?.[0] ?? 'adjustment') as Item['type'];
      return {
        id: String(r.id),
        type,
        status: r.status,
        state: r.state ?? null,
        // Positive, but an adjustment keeps its sign: a player tells a correction's credit from its debit.
        amount: fromMinorUnits(Math.abs(Number(r.amount))) * (type === 'adjustment' && Number(r.amount) < 0 ? -1 : 1),
        currency: r.currency,
        counterAmount: r.counter_amount === null ? null : fromMinorUnits(Number(r.counter_amount)),
        counterCurrency: r.counter_currency,
        createdAt: new Date(r.created_at).toISOString(),
        reference:
          String(r.metadata['reference'] ?? r.metadata['withdrawalId'] ?? r.metadata['transferId'] ?? '') || null,
        archived: new Date(r.created_at) < horizon,
      };
    }),
    pageNumber,
    pageSize,
    // A page past the end carries no row with the window count: it is then unknown here, and 0 items say so.
    total,
    hasMore: pageNumber * pageSize < total,
  };
}
