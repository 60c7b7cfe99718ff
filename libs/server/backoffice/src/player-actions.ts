import { ApiError } from '@tessera/server/api-errors';
import type { BackofficePlayerLimitRequest, BackofficePlayerLimitResponse } from '@tessera/shared/contract-api';
import { type Actor, audit, type BackofficeContext } from './context';
import { playerIn } from './players';

/** One limit as player protection shows it, for the audit's before and after (major units; minutes for session). */
async function limitOf(
  protection: NonNullable<BackofficeContext['protection']>,
  player: { id: string; currency: string },
  kind: string,
  period: string,
) {
  const { limits } = await protection.overview(player.id, player.currency);
  const found = limits.find((l) => l.kind === kind && l.period === period);
  return { amount: found?.amount ?? null, pending: found?.pending ?? null };
}

/**
 * Sets, lowers, raises or removes one of a player's limits on their behalf (a phone call, a support case), through
 * player protection's own `setLimit`: the same rules as the player's change (a lower limit at once, a raise or a
 * removal after the brand's cooling-off; a type the site does not offer refused). Audited `player.limit` with the
 * limit before and after and the reason.
 */
export async function setLimitOnBehalf(
  ctx: BackofficeContext,
  actor: Actor,
  playerId: string,
  request: BackofficePlayerLimitRequest,
): Promise<BackofficePlayerLimitResponse> {
  const player = await playerIn(ctx.db, actor, playerId);
  const { protection } = ctx;
  if (!protection) throw new ApiError(503, 'Unavailable', { detail: 'Player protection does not run on this server' });
  if ((request.kind === 'session') !== (request.period === 'session'))
    throw new ApiError(422, 'Refused', {
      detail: 'A session limit has the period session, and only it does',
      validation_errors: [{ field: 'period', message: 'session goes with session' }],
    });
  const before = await limitOf(protection, player, request.kind, request.period);
  const done = await protection.setLimit(
    { accountId: player.id, brandId: player.brand_id, country: player.country, currency: player.currency },
    { kind: request.kind, period: request.period, amount: request.amount ?? null },
  );
  const after = await limitOf(protection, player, request.kind, request.period);
  await audit(ctx, actor, {
    action: 'player.limit',
    targetType: 'player',
    targetId: player.id,
    brandId: player.brand_id,
    reason: request.reason.trim(),
    before: { kind: request.kind, period: request.period, ...before },
    after: { kind: request.kind, period: request.period, ...after, applied: done.applied },
  });
  return done;
}
