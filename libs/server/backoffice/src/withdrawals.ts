import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import type {
  BackofficeWithdrawal,
  BackofficeWithdrawalDecisionResponse,
  BackofficeWithdrawalsQuery,
  BackofficeWithdrawalsResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { type Actor, audit, auditIn, type BackofficeContext, notFound, scopeParam } from './context';
import { WITHDRAWAL_DECISION_LIMITS } from './permissions';

/** Four-eyes above this amount (major units) in a currency a brand's server.json does not list. */
export const DEFAULT_FOUR_EYES_ABOVE = 1000;

type State = BackofficeWithdrawal['state'];

interface WithdrawalRow {
  id: string;
  brand_id: string;
  user_id: string;
  email: string | null;
  amount: string;
  currency: string;
  state: State;
  created_at: Date;
}

/** The brand's four-eyes amount for a currency (server.json `backoffice.withdrawalFourEyesAbove`), major units. */
export function fourEyesAbove(ctx: Pick<BackofficeContext, 'registry'>, brandId: string, currency: string): number {
  return ctx.registry.serverConfig(brandId)?.backoffice?.withdrawalFourEyesAbove?.[currency] ?? DEFAULT_FOUR_EYES_ABOVE;
}

async function approvalsOf(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, BackofficeWithdrawal['approvals']>> {
  const out = new Map<string, BackofficeWithdrawal['approvals']>();
  if (ids.length === 0) return out;
  const { rows } = await q.query<{
    withdrawal_id: string;
    operator_id: string;
    email: string;
    reason: string;
    at: Date;
  }>(
    `select a.withdrawal_id::text as withdrawal_id, a.operator_id::text as operator_id, o.email, a.reason,
            a.created_at as at
       from backoffice_withdrawal_approvals a join backoffice_operators o on o.id = a.operator_id
      where a.withdrawal_id = any($1::uuid[]) order by a.created_at`,
    [ids],
  );
  for (const r of rows) {
    const list = out.get(r.withdrawal_id) ?? [];
    list.push({
      operatorId: r.operator_id,
      operatorEmail: r.email,
      reason: r.reason,
      at: new Date(r.at).toISOString(),
    });
    out.set(r.withdrawal_id, list);
  }
  return out;
}

function toWithdrawal(
  ctx: Pick<BackofficeContext, 'registry'>,
  row: WithdrawalRow,
  approvals: BackofficeWithdrawal['approvals'],
): BackofficeWithdrawal {
  const amount = fromMinorUnits(Number(row.amount));
  const threshold = fourEyesAbove(ctx, row.brand_id, row.currency);
  return {
    id: row.id,
    brandId: row.brand_id,
    playerId: row.user_id,
    playerEmail: row.email,
    amount,
    currency: row.currency,
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
    fourEyesAbove: threshold,
    needsSecondApproval: amount > threshold,
    approvals,
  };
}

const select = `select w.id::text as id, w.brand_id, w.user_id, u.email, w.amount::text as amount,
  w.currency, w.state, w.created_at
  from cashier_withdrawals w left join accounts_users u on u.id::text = w.user_id`;

/** Withdrawals of the operator's brands in a state (default requested: waiting for a person), oldest first. */
export async function listWithdrawals(
  ctx: BackofficeContext,
  actor: Actor,
  query: BackofficeWithdrawalsQuery,
): Promise<BackofficeWithdrawalsResponse> {
  const { rows } = await ctx.db.query<WithdrawalRow>(
    `${select} where w.state = $1 and ($2::text[] is null or w.brand_id = any($2::text[]))
      order by w.created_at, w.id limit 200`,
    [query.state ?? 'requested', scopeParam(actor.operator)],
  );
  const approvals = await approvalsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { withdrawals: rows.map((r) => toWithdrawal(ctx, r, approvals.get(r.id) ?? [])) };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function withdrawalIn(q: Queryable, actor: Actor, id: string, lock = false): Promise<WithdrawalRow> {
  if (!uuid.test(id)) throw notFound('withdrawal');
  const { rows } = await q.query<WithdrawalRow>(
    `${select} where w.id = $1 and ($2::text[] is null or w.brand_id = any($2::text[]))${lock ? ' for update of w' : ''}`,
    [id, scopeParam(actor.operator)],
  );
  if (!rows[0]) throw notFound('withdrawal');
  return rows[0];
}

/**
 * A person's decision on a waiting withdrawal, through the wallet's own service (the one `tessera withdrawal
 * approve|reject` uses): recorded in the withdrawal's events with `operator:<e-mail>` and the reason, and in the
 * audit log. The role's per-decision limit applies (403 above it). Above the brand's four-eyes amount an approval
 * takes two different operators: the first is recorded and answered `awaiting-second-approval`; the same operator
 * again is refused (409). An approved withdrawal is handed to the payment provider at once (the sweep retries).
 */
export async function decideWithdrawal(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<BackofficeWithdrawalDecisionResponse> {
  const current = await withdrawalIn(ctx.db, actor, id);
  const amount = fromMinorUnits(Number(current.amount));
  const limit = WITHDRAWAL_DECISION_LIMITS[actor.operator.role];
  if (limit !== undefined && amount > limit)
    throw new ApiError(403, 'Above your decision limit', {
      detail: `Your role decides withdrawals up to ${limit} ${current.currency}; ask an operator with a higher limit`,
    });
  if (current.state !== 'requested')
    throw new ApiError(409, 'The withdrawal is not waiting for a decision', { detail: `It is ${current.state}` });
  const target = { targetType: 'withdrawal', targetId: id, brandId: current.brand_id, reason };
  const snapshot = { state: current.state, amount, currency: current.currency, playerId: current.user_id };
  if (decision === 'approve' && amount > fourEyesAbove(ctx, current.brand_id, current.currency)) {
    const first = await ctx.db.transaction(async (tx) => {
      const locked = await withdrawalIn(tx, actor, id, true);
      if (locked.state !== 'requested') return false;
      const approvals = (await approvalsOf(tx, [id])).get(id) ?? [];
      if (approvals.some((a) => a.operatorId === actor.operator.id))
        throw new ApiError(409, 'A second, different operator must approve', {
          detail: 'You approved this withdrawal already (four-eyes)',
        });
      if (approvals.length > 0) return false;
      await tx.query(
        `insert into backoffice_withdrawal_approvals (withdrawal_id, operator_id, reason, created_at)
         values ($1, $2, $3, $4)`,
        [id, actor.operator.id, reason, ctx.clock()],
      );
      await auditIn(tx, ctx, actor, { action: 'withdrawal.approve.first', ...target, before: snapshot });
      return true;
    });
    if (first) {
      const approvals = (await approvalsOf(ctx.db, [id])).get(id) ?? [];
      return { outcome: 'awaiting-second-approval', withdrawal: toWithdrawal(ctx, current, approvals) };
    }
  }
  const decided = await ctx.withdrawals.decide(id, decision, { actor: `operator:${actor.operator.email}`, reason });
  const approvals = (await approvalsOf(ctx.db, [id])).get(id) ?? [];
  await audit(ctx, actor, {
    action: decision === 'approve' ? 'withdrawal.approve' : 'withdrawal.reject',
    ...target,
    before: snapshot,
    after: { state: decided.state, approvedBy: approvals.map((a) => a.operatorEmail) },
  });
  if (decided.state === 'approved') {
    ctx.withdrawals.send(id).catch((error: unknown) => {
      ctx.log.error({ err: error, withdrawalId: id }, 'sending an approved withdrawal failed; the sweep retries');
    });
  }
  return {
    outcome: decision === 'approve' ? 'approved' : 'rejected',
    withdrawal: toWithdrawal(ctx, { ...current, state: decided.state }, approvals),
  };
}
