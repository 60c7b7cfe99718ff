import { ApiError } from '@tessera/server/api-errors';
import { adjustBalance } from '@tessera/server/wallet';
import type { BackofficeAdjustmentRequest, BackofficeAdjustmentResponse } from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { type Actor, auditIn, type BackofficeContext } from './context';
import { ADJUSTMENT_DECISION_LIMITS } from './permissions';
import { playerIn } from './players';

/**
 * An operator's manual credit or debit of a player's main account in one of the player's currencies: one balanced
 * ledger transaction through the wallet's `adjustBalance` (the brand's `adjustments` account is the counterpart), at
 * most the role's `ADJUSTMENT_DECISION_LIMITS` amount, never below a zero balance; audited as `player.adjustment` with
 * the balance before and after and the reason, in the same database transaction. The same requestId again answers
 * the first adjustment and writes nothing (no second audit entry).
 */
export async function adjustPlayerBalance(
  ctx: BackofficeContext,
  actor: Actor,
  playerId: string,
  request: BackofficeAdjustmentRequest,
): Promise<BackofficeAdjustmentResponse> {
  const limit = ADJUSTMENT_DECISION_LIMITS[actor.operator.role] ?? 0;
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
    const done = await adjustBalance(tx, {
      brandId: player.brand_id,
      userId: player.id,
      currency: request.currency,
      amountMinor: request.amount,
      reason: request.reason.trim(),
      requestId: request.requestId,
      actor: `operator:${actor.operator.email}`,
      maxMinor: toMinorUnits(limit),
      at,
    });
    const answer: BackofficeAdjustmentResponse = {
      transactionId: done.transaction.id,
      playerId: player.id,
      currency: request.currency,
      amount: fromMinorUnits(Math.abs(request.amount)) * Math.sign(request.amount),
      balanceBefore: fromMinorUnits(done.balanceBefore),
      balanceAfter: fromMinorUnits(done.balanceAfter),
      reason: String(done.transaction.metadata['reason'] ?? request.reason),
      replayed: done.replayed,
      at: new Date(done.transaction.createdAt).toISOString(),
    };
    if (!done.replayed)
      await auditIn(tx, ctx, actor, {
        action: 'player.adjustment',
        targetType: 'player',
        targetId: player.id,
        brandId: player.brand_id,
        reason: answer.reason,
        before: { currency: request.currency, balance: answer.balanceBefore },
        after: {
          currency: request.currency,
          balance: answer.balanceAfter,
          amount: answer.amount,
          transactionId: answer.transactionId,
        },
      });
    return answer;
  });
}
