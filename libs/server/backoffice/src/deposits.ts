import { ApiError } from '@tessera/server/api-errors';
import type { DepositIntent } from '@tessera/server/payments';
import type {
  BackofficeDeposit,
  BackofficeDepositsQuery,
  BackofficeDepositsResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { type Actor, type BackofficeContext, inScope } from './context';
import { playerIn } from './players';

interface CreditRow {
  id: string;
  reference: string;
  created_at: Date;
  amount: string;
  currency: string;
  user_id: string;
  brand_id: string | null;
}

// The ledger's deposit credits (kind `deposit`, metadata provider and reference) on players' main accounts.
const credits = `select t.id::text as id, t.metadata ->> 'reference' as reference, t.created_at, p.amount::text as amount,
    a.currency, a.owner_id as user_id, u.brand_id
  from ledger_transactions t
  join ledger_postings p on p.transaction_id = t.id
  join ledger_accounts a on a.id = p.account_id and a.owner_kind = 'user' and a.purpose = 'main'
  left join accounts_users u on u.id::text = a.owner_id
  where t.kind = 'deposit'`;

function toDeposit(reference: string, intent: DepositIntent | undefined, credit: CreditRow | undefined) {
  const iso = (d: Date | undefined) => (d ? new Date(d).toISOString() : null);
  const deposit: BackofficeDeposit = {
    merchantReference: reference,
    playerId: intent?.metadata['userId'] ?? credit?.user_id ?? null,
    brandId: intent?.metadata['brandId'] ?? credit?.brand_id ?? null,
    state: intent?.status ?? 'unknown',
    amount: fromMinorUnits(intent?.amount ?? Number(credit?.amount ?? 0)),
    currency: intent?.currency ?? credit?.currency ?? '',
    providerReference: intent?.id ?? null,
    cardLast4: intent?.cardLast4 ?? null,
    declineReason: intent?.declineReason ?? null,
    refundedAmount: fromMinorUnits(intent?.refundedAmount ?? 0),
    createdAt: iso(intent?.createdAt ?? credit?.created_at) ?? '',
    updatedAt: iso(intent?.updatedAt),
    creditedAt: iso(credit?.created_at),
    ledgerTransactionId: credit?.id ?? null,
  };
  return deposit;
}

/**
 * Deposits by merchant reference or by player (both: the reference, if it is that player's), in the operator's
 * brands: the payment provider's view (state, amount, its reference, card's last four, times) beside the ledger's
 * credit. By player, the deposits the ledger credited, newest first (50): the platform keeps no deposit rows of its
 * own, and a declined or pending deposit is found by its reference only. Without a provider the state is `unknown`.
 */
export async function lookupDeposits(
  ctx: BackofficeContext,
  actor: Actor,
  query: BackofficeDepositsQuery,
): Promise<BackofficeDepositsResponse> {
  if (!query.reference && !query.player)
    throw new ApiError(422, 'Refused', {
      detail: 'Name a merchant reference or a player',
      validation_errors: [{ field: 'reference', message: 'A merchant reference or a player is required' }],
    });
  const intentOf = async (reference: string) => ctx.payments?.getDepositIntent(reference) ?? undefined;
  let found: BackofficeDeposit[];
  if (query.reference) {
    const { rows } = await ctx.db.query<CreditRow>(`${credits} and t.metadata ->> 'reference' = $1 limit 1`, [
      query.reference,
    ]);
    const intent = await intentOf(query.reference);
    found = intent || rows[0] ? [toDeposit(query.reference, intent, rows[0])] : [];
  } else {
    const player = await playerIn(ctx.db, actor, query.player ?? '');
    const { rows } = await ctx.db.query<CreditRow>(
      `${credits} and a.owner_id = $1 order by t.created_at desc, t.id desc limit 50`,
      [player.id],
    );
    found = await Promise.all(rows.map(async (r) => toDeposit(r.reference, await intentOf(r.reference), r)));
  }
  return {
    deposits: found.filter(
      (d) => d.brandId !== null && inScope(actor.operator, d.brandId) && (!query.player || d.playerId === query.player),
    ),
  };
}
