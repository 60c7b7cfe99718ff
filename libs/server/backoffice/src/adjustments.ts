import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import { adjustBalance } from '@tessera/server/wallet';
import type {
  BackofficeAdjustmentRequest,
  BackofficeAdjustmentResponse,
  BackofficePendingAdjustmentsResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { randomUUID } from 'node:crypto';
import { type Actor, auditIn, type BackofficeContext, notFound, scopeParam } from './context';
import { ADJUSTMENT_DECISION_LIMITS } from './permissions';
import { playerIn } from './players';

/** Four-eyes above this amount (major units) in a currency a brand's server.json does not list (ADR 0356). */
export const DEFAULT_ADJUSTMENT_FOUR_EYES_ABOVE = 500;

/** The brand's four-eyes amount for adjustments in a currency (server.json `backoffice.adjustmentFourEyesAbove`). */
export function adjustmentFourEyesAbove(
  ctx: Pick<BackofficeContext, 'registry'>,
  brandId: string,
  currency: string,
): number {
  return (
    ctx.registry.serverConfig(brandId)?.backoffice?.adjustmentFourEyesAbove?.[currency] ??
    DEFAULT_ADJUSTMENT_FOUR_EYES_ABOVE
  );
}

const signedMajor = (minor: number) => fromMinorUnits(Math.abs(minor)) * Math.sign(minor);

/** The role's largest adjustment, minor units (0: the role makes none). */
const roleLimitMinor = (actor: Actor) => toMinorUnits(ADJUSTMENT_DECISION_LIMITS[actor.operator.role] ?? 0);

interface RequestRow {
  id: string;
  brand_id: string;
  player_id: string;
  currency: string;
  amount_minor: string;
  reason: string;
  request_id: string;
  requested_by: string;
  requested_by_email: string;
  requested_at: Date;
  state: 'pending' | 'approved' | 'rejected';
  decided_at: Date | null;
  transaction_id: string | null;
}

const requestColumns = `r.id::text as id, r.brand_id, r.player_id::text as player_id, r.currency,
  r.amount_minor::text as amount_minor, r.reason, r.request_id, r.requested_by::text as requested_by,
  o.email as requested_by_email, r.requested_at, r.state, r.decided_at, r.transaction_id`;

/** What a four-eyes request answers while it waits or after it was rejected. */
function requestAnswer(row: RequestRow, replayed: boolean): BackofficeAdjustmentResponse {
  return {
    outcome: row.state === 'rejected' ? 'rejected' : 'awaiting-second-approval',
    adjustmentId: row.id,
    playerId: row.player_id,
    currency: row.currency,
    amount: signedMajor(Number(row.amount_minor)),
    reason: row.reason,
    replayed,
    at: new Date(row.decided_at ?? row.requested_at).toISOString(),
  };
}

/**
 * An operator's manual credit or debit of a player's main account in one of the player's currencies: one balanced
 * ledger transaction through the wallet's `adjustBalance` (the brand's `adjustments` account is the counterpart), at
 * most the role's `ADJUSTMENT_DECISION_LIMITS` amount, never below a zero balance; audited as `player.adjustment` with
 * the balance before and after and the reason, in the same database transaction. The same requestId again answers
 * the first adjustment and writes nothing (no second audit entry). Above the brand's four-eyes amount
 * (`adjustmentFourEyesAbove`, ADR 0356) nothing moves yet: the request is recorded and audited
 * (`player.adjustment.request`) and answered `awaiting-second-approval`; a second, different operator approves or
 * rejects it ({@link decideAdjustment}).
 */
export async function adjustPlayerBalance(
  ctx: BackofficeContext,
  actor: Actor,
  playerId: string,
  request: BackofficeAdjustmentRequest,
): Promise<BackofficeAdjustmentResponse> {
  const at = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const player = await playerIn(tx, actor, playerId, true);
    const { rows } = await tx.query(`select 1 from cashier_currency_accounts where user_id = $1 and currency = $2`, [
      player.id,
      request.currency,
    ]);
    if (request.currency !== player.currency && rows.length === 0)
      throw new ApiError(422, 'Refused', {
        detail: `The player has no ${request.currency} account`,
        validation_errors: [{ field: 'currency', message: 'Not one of the player’s currencies' }],
      });
    const earlier = await requestOf(tx, { playerId: player.id, requestId: request.requestId });
    if (earlier) {
      if (earlier.state === 'approved') return adjustedAnswer(tx, earlier, true);
      return requestAnswer(earlier, true);
    }
    const amountMajor = fromMinorUnits(Math.abs(request.amount));
    if (
      Number.isSafeInteger(request.amount) &&
      request.amount !== 0 &&
      Math.abs(request.amount) <= roleLimitMinor(actor) &&
      amountMajor > adjustmentFourEyesAbove(ctx, player.brand_id, request.currency)
    ) {
      const id = randomUUID();
      await tx.query(
        `insert into backoffice_adjustment_requests
           (id, brand_id, player_id, currency, amount_minor, reason, request_id, requested_by, requested_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          player.brand_id,
          player.id,
          request.currency,
          request.amount,
          request.reason.trim(),
          request.requestId,
          actor.operator.id,
          at,
        ],
      );
      await auditIn(tx, ctx, actor, {
        action: 'player.adjustment.request',
        targetType: 'player',
        targetId: player.id,
        brandId: player.brand_id,
        reason: request.reason.trim(),
        after: {
          adjustmentId: id,
          currency: request.currency,
          amount: signedMajor(request.amount),
          fourEyesAbove: adjustmentFourEyesAbove(ctx, player.brand_id, request.currency),
        },
      });
      return requestAnswer((await requestOf(tx, { id })) as RequestRow, false);
    }
    return adjustNow(tx, ctx, actor, {
      brandId: player.brand_id,
      playerId: player.id,
      currency: request.currency,
      amountMinor: request.amount,
      reason: request.reason.trim(),
      requestId: request.requestId,
    });
  });
}

interface AdjustNow {
  brandId: string;
  playerId: string;
  currency: string;
  amountMinor: number;
  reason: string;
  requestId: string;
  /** The four-eyes request this carries out, with its first operator. */
  approved?: { adjustmentId: string; requestedBy: string; approvalReason: string };
}

/** The ledger transaction and its audit entry, in the caller's transaction (the player's row is locked). */
async function adjustNow(
  tx: Queryable,
  ctx: BackofficeContext,
  actor: Actor,
  input: AdjustNow,
): Promise<BackofficeAdjustmentResponse> {
  const done = await adjustBalance(tx, {
    brandId: input.brandId,
    userId: input.playerId,
    currency: input.currency,
    amountMinor: input.amountMinor,
    reason: input.reason,
    requestId: input.requestId,
    actor: `operator:${actor.operator.email}`,
    maxMinor: roleLimitMinor(actor),
    at: ctx.clock(),
  });
  const answer: BackofficeAdjustmentResponse = {
    outcome: 'adjusted',
    ...(input.approved ? { adjustmentId: input.approved.adjustmentId } : {}),
    transactionId: done.transaction.id,
    playerId: input.playerId,
    currency: input.currency,
    amount: signedMajor(input.amountMinor),
    balanceBefore: fromMinorUnits(done.balanceBefore),
    balanceAfter: fromMinorUnits(done.balanceAfter),
    reason: String(done.transaction.metadata['reason'] ?? input.reason),
    replayed: done.replayed,
    at: new Date(done.transaction.createdAt).toISOString(),
  };
  if (!done.replayed)
    await auditIn(tx, ctx, actor, {
      action: 'player.adjustment',
      targetType: 'player',
      targetId: input.playerId,
      brandId: input.brandId,
      reason: input.approved?.approvalReason ?? answer.reason,
      before: { currency: input.currency, balance: answer.balanceBefore },
      after: {
        currency: input.currency,
        balance: answer.balanceAfter,
        amount: answer.amount,
        transactionId: answer.transactionId,
        ...(input.approved
          ? {
              adjustmentId: input.approved.adjustmentId,
              requestedBy: input.approved.requestedBy,
              requestReason: answer.reason,
            }
          : {}),
      },
    });
  return answer;
}

/** An approved request's answer: its ledger transaction again (adjustBalance replays under the same key). */
async function adjustedAnswer(
  tx: Queryable,
  row: RequestRow,
  replayed: boolean,
): Promise<BackofficeAdjustmentResponse> {
  const { rows } = await tx.query<{ before: { balance: number }; after: { balance: number } }>(
    `select before, after from backoffice_audit where action = 'player.adjustment' and after->>'adjustmentId' = $1`,
    [row.id],
  );
  return {
    outcome: 'adjusted',
    adjustmentId: row.id,
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    playerId: row.player_id,
    currency: row.currency,
    amount: signedMajor(Number(row.amount_minor)),
    ...(rows[0] ? { balanceBefore: rows[0].before.balance, balanceAfter: rows[0].after.balance } : {}),
    reason: row.reason,
    replayed,
    at: new Date(row.decided_at ?? row.requested_at).toISOString(),
  };
}

async function requestOf(
  q: Queryable,
  by: { id: string } | { playerId: string; requestId: string },
  lock = false,
): Promise<RequestRow | undefined> {
  const where = 'id' in by ? 'r.id = $1::uuid' : 'r.player_id = $1 and r.request_id = $2';
  const { rows } = await q.query<RequestRow>(
    `select ${requestColumns} from backoffice_adjustment_requests r
       join backoffice_operators o on o.id = r.requested_by
      where ${where}${lock ? ' for update of r' : ''}`,
    'id' in by ? [by.id] : [by.playerId, by.requestId],
  );
  return rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A second operator's decision on a waiting four-eyes adjustment: approve makes the one ledger transaction (under the
 * first operator's requestId, within the approver's own role limit, never below zero) and audits `player.adjustment`
 * naming both operators; reject moves nothing and audits `player.adjustment.reject`. The operator who asked may not
 * decide (409), nor may anyone outside the player's brand (404); a request decided already is refused (409).
 */
export async function decideAdjustment(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<BackofficeAdjustmentResponse> {
  if (!UUID.test(id)) throw notFound('adjustment');
  return ctx.db.transaction(async (tx) => {
    const found = await requestOf(tx, { id });
    if (!found) throw notFound('adjustment');
    // The player's row first, then the request's (the order adjustPlayerBalance locks them in).
    const player = await playerIn(tx, actor, found.player_id, true);
    const row = (await requestOf(tx, { id }, true)) as RequestRow;
    if (row.state !== 'pending')
      throw new ApiError(409, 'The adjustment is not waiting for a decision', { detail: `It is ${row.state}` });
    if (row.requested_by === actor.operator.id)
      throw new ApiError(409, 'A second, different operator must decide', {
        detail: 'You asked for this adjustment (four-eyes)',
      });
    const decidedAt = ctx.clock();
    if (decision === 'reject') {
      await tx.query(
        `update backoffice_adjustment_requests
            set state = 'rejected', decided_by = $2, decided_at = $3, decision_reason = $4 where id = $1`,
        [id, actor.operator.id, decidedAt, reason],
      );
      await auditIn(tx, ctx, actor, {
        action: 'player.adjustment.reject',
        targetType: 'player',
        targetId: player.id,
        brandId: player.brand_id,
        reason,
        before: { adjustmentId: id, state: 'pending', requestedBy: row.requested_by_email },
        after: { state: 'rejected', currency: row.currency, amount: signedMajor(Number(row.amount_minor)) },
      });
      return requestAnswer({ ...row, state: 'rejected', decided_at: decidedAt }, false);
    }
    const answer = await adjustNow(tx, ctx, actor, {
      brandId: player.brand_id,
      playerId: player.id,
      currency: row.currency,
      amountMinor: Number(row.amount_minor),
      reason: row.reason,
      requestId: row.request_id,
      approved: { adjustmentId: id, requestedBy: row.requested_by_email, approvalReason: reason },
    });
    await tx.query(
      `update backoffice_adjustment_requests
          set state = 'approved', decided_by = $2, decided_at = $3, decision_reason = $4, transaction_id = $5
        where id = $1`,
      [id, actor.operator.id, decidedAt, reason, answer.transactionId ?? null],
    );
    return answer;
  });
}

/** Four-eyes adjustments waiting for a second operator, in the operator's brands, oldest first (up to 200). */
export async function pendingAdjustments(
  ctx: BackofficeContext,
  actor: Actor,
): Promise<BackofficePendingAdjustmentsResponse> {
  const { rows } = await ctx.db.query<RequestRow>(
    `select ${requestColumns} from backoffice_adjustment_requests r
       join backoffice_operators o on o.id = r.requested_by
      where r.state = 'pending' and ($1::text[] is null or r.brand_id = any($1::text[]))
      order by r.requested_at limit 200`,
    [scopeParam(actor.operator)],
  );
  return {
    adjustments: rows.map((r) => ({
      id: r.id,
      playerId: r.player_id,
      brandId: r.brand_id,
      currency: r.currency,
      amount: signedMajor(Number(r.amount_minor)),
      reason: r.reason,
      requestedBy: r.requested_by_email,
      requestedByMe: r.requested_by === actor.operator.id,
      requestedAt: new Date(r.requested_at).toISOString(),
    })),
  };
}
