import type { PhoneRules } from '@tessera/account/util-validation';
import { findUserByEmail, findUserByPhone, recordEvent, type UserRow } from './accounts.repository';
import { issueToken, retryAfter } from './codes';
import { countAttempts, addAttempts } from './accounts.repository';
import { requestConfig, requestMeta, type AccountsContext, type AccountsRequest, type RequestMeta } from './context';
import { normalisePhone, phoneRulesOf } from './phone';
import { siteLink } from './site-link';

/** Reset links live one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset messages one login may trigger per hour; extra requests are silently dropped (same answer). */
export const RESETS_PER_LOGIN_PER_HOUR = 3;

/**
 * Takes a reset request: the per-login throttle here, then everything that depends on whether the login belongs to an
 * account (the look-up, the token, the event, the message) in `delivery`, which the caller must not await. The answer
 * then costs the same for every login, known or not, and a slow or failing gateway cannot be timed (ADR 0155). The
 * delivery never rejects: its failures are logged.
 */
export async function requestPasswordReset(
  ctx: AccountsContext,
  request: AccountsRequest,
  brand: { id: string; name: string },
  login: string,
  country?: string,
): Promise<{ delivery: Promise<void> }> {
  const now = ctx.clock();
  const key = `reset:${login.trim().toLowerCase()}`;
  const recent = await countAttempts(ctx.db, brand.id, key, new Date(now.getTime() - 3_600_000));
  if (recent.count >= RESETS_PER_LOGIN_PER_HOUR) {
    ctx.log.info({ retryAfter: retryAfter(recent.oldest, 3_600_000, now) }, 'password reset throttled');
    return { delivery: Promise.resolve() };
  }
  await addAttempts(ctx.db, brand.id, [key], now);
  // What the message needs from the request is read now: the delivery runs after the answer has gone.
  const meta = requestMeta(request);
  const page = siteLink(ctx, request, '/passwordreset', {});
  const rules = phoneRulesOf(requestConfig(ctx, request).config);
  const delivery = deliverReset(ctx, { brand, login, country, rules, meta, page, now }).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'password reset message not sent');
  });
  return { delivery };
}

async function deliverReset(
  ctx: AccountsContext,
  input: { brand: { id: string; name: string }; login: string; country: string | undefined; rules: PhoneRules; meta: RequestMeta; page: string; now: Date },
): Promise<void> {
  const { brand, login, meta, now } = input;
  let user: UserRow | undefined;
  if (login.includes('@')) user = await findUserByEmail(ctx.db, brand.id, login.trim());
  else {
    try {
      user = await findUserByPhone(ctx.db, brand.id, normalisePhone(login, input.country, input.rules, 'login'));
    } catch {
      user = undefined;
    }
  }
  if (!user || user.status !== 'active') return;
  const byEmail = login.includes('@');
  const to = byEmail ? (user.email ?? '').toLowerCase() : (user.phone ?? '');
  const token = await issueToken(ctx, { brandId: brand.id, purpose: 'password-reset', recipient: to, userId: user.id, ttlMs: RESET_TOKEN_TTL_MS });
  await recordEvent(ctx.db, { brandId: brand.id, userId: user.id, kind: 'password_reset_requested', ip: meta.ip, userAgent: meta.userAgent }, now);
  const link = new URL(input.page);
  link.searchParams.set('token', token);
  await ctx.messenger.send({
    brandId: brand.id,
    channel: byEmail ? 'email' : 'sms',
    to,
    ...(byEmail ? { subject: `${brand.name}: restore access` } : {}),
    text: `${brand.name}: to choose a new password open ${link.href} (valid one hour). Reset token: ${token}`,
  });
}
