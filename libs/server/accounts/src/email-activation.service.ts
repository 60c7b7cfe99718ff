import { ApiError } from '@tessera/server/api-errors';
import { addAttempts, countAttempts, findUserById, recordEvent, updateUser } from './accounts.repository';
import { findToken, retryAfter, tooMany } from './codes';
import { requestBrand, requestMeta, type AccountsContext, type AccountsRequest } from './context';
import { assertDelivers } from './message-channels';
import { sendActivation } from './registration.service';
import type { Authenticated } from './sessions';

/** Confirms the e-mail address with the activation token; a used, expired or outdated one answers 410. */
export async function activateEmail(
  ctx: AccountsContext,
  request: AccountsRequest,
  tokenText: string,
): Promise<{ message: string }> {
  const brand = requestBrand(request);
  const token = await findToken(ctx, brand.id, 'email-activation', tokenText);
  const user = token ? await findUserById(ctx.db, brand.id, token.userId) : undefined;
  if (!token || !user || user.email?.toLowerCase() !== token.recipient)
    throw new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await tx.query('update accounts_codes set consumed_at = $2 where id = $1', [token.id, now]);
    await updateUser(tx, user.id, { email_activated_at: now }, now);
    const meta = requestMeta(request);
    await recordEvent(
      tx,
      { brandId: brand.id, userId: user.id, kind: 'email_activated', ip: meta.ip, userAgent: meta.userAgent },
      now,
    );
  });
  return { message: 'The e-mail address is confirmed' };
}

/** Sends the activation link again: 3 an hour per account. */
export async function resendActivation(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
): Promise<{ message: string }> {
  if (!auth.user.email || auth.user.email_activated_at)
    throw new ApiError(409, 'There is no e-mail address waiting for activation');
  assertDelivers(ctx, 'email', 'E-mail activation');
  const now = ctx.clock();
  const key = `activation:${auth.user.id}`;
  const recent = await countAttempts(ctx.db, auth.user.brand_id, key, new Date(now.getTime() - 3_600_000));
  if (recent.count >= 3) throw tooMany(retryAfter(recent.oldest, 3_600_000, now), 'Too many activation messages');
  await addAttempts(ctx.db, auth.user.brand_id, [key], now);
  if (!(await sendActivation(ctx, request, auth.user, requestBrand(request).name))) {
    throw new ApiError(503, 'The message could not be sent', { detail: 'Please try again in a minute' });
  }
  return { message: 'The activation link was sent' };
}
