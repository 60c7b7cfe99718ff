import type { FastifyRequest } from 'fastify';
import { findUserByEmail, findUserByPhone, recordEvent, type UserRow } from './accounts.repository';
import { issueToken, retryAfter } from './codes';
import { countAttempts, addAttempts } from './accounts.repository';
import { requestMeta, type AccountsContext } from './context';
import { normalisePhone } from './phone';
import { siteLink } from './site-link';

/** Reset links live one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset messages one login may trigger per hour; extra requests are silently dropped (same answer). */
export const RESETS_PER_LOGIN_PER_HOUR = 3;

/**
 * Sends reset instructions when the login belongs to an account; the caller gives the same answer either way, and
 * failures of the gateway are logged, not shown, so the answer cannot be used to probe for accounts.
 */
export async function requestPasswordReset(
  ctx: AccountsContext,
  request: FastifyRequest,
  brand: { id: string; name: string },
  login: string,
  country?: string,
): Promise<void> {
  const now = ctx.clock();
  const key = `reset:${login.trim().toLowerCase()}`;
  const recent = await countAttempts(ctx.db, brand.id, key, new Date(now.getTime() - 3_600_000));
  if (recent.count >= RESETS_PER_LOGIN_PER_HOUR) {
    ctx.log.info({ retryAfter: retryAfter(recent.oldest, 3_600_000, now) }, 'password reset throttled');
    return;
  }
  await addAttempts(ctx.db, brand.id, [key], now);
  let user: UserRow | undefined;
  if (login.includes('@')) user = await findUserByEmail(ctx.db, brand.id, login.trim());
  else {
    try {
      user = await findUserByPhone(ctx.db, brand.id, normalisePhone(login, country, 'login'));
    } catch {
      user = undefined;
    }
  }
  if (!user || user.status !== 'active') return;
  const byEmail = login.includes('@');
  const to = byEmail ? (user.email ?? '').toLowerCase() : (user.phone ?? '');
  const token = await issueToken(ctx, { brandId: brand.id, purpose: 'password-reset', recipient: to, userId: user.id, ttlMs: RESET_TOKEN_TTL_MS });
  const meta = requestMeta(request);
  await recordEvent(ctx.db, { brandId: brand.id, userId: user.id, kind: 'password_reset_requested', ip: meta.ip, userAgent: meta.userAgent }, now);
  try {
    await ctx.messenger.send({
      brandId: brand.id,
      channel: byEmail ? 'email' : 'sms',
      to,
      ...(byEmail ? { subject: `${brand.name}: restore access` } : {}),
      text: `${brand.name}: to choose a new password open ${siteLink(ctx, request, '/passwordreset', { token })} (valid one hour). Reset token: ${token}`,
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'password reset message not sent');
  }
}
