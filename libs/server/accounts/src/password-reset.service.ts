import type { PhoneRules } from '@tessera/account/util-validation';
import { ApiError } from '@tessera/server/api-errors';
import { assertCaptcha } from '@tessera/server/captcha';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  recordEvent,
  revokeSessions,
  updateUser,
  type UserRow,
} from './accounts.repository';
import { findToken, issueToken, retryAfter } from './codes';
import { countAttempts, addAttempts } from './accounts.repository';
import {
  requestBrand,
  requestConfig,
  requestMeta,
  type AccountsContext,
  type AccountsRequest,
  type RequestMeta,
} from './context';
import { assertDelivers } from './message-channels';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './passwords';
import { normalisePhone, phoneRulesOf } from './phone';
import { assertPlainText } from './plain-text';
import { siteLink } from './site-link';

/** Reset links live one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset messages one login may trigger per hour; extra requests are silently dropped (same answer). */
export const RESETS_PER_LOGIN_PER_HOUR = 3;

/**
 * Takes a reset request: the per-login throttle here, then everything that depends on whether the login belongs to an
 * account (the look-up, the token, the event, the message) in `delivery`, which the caller must not await. The answer
 * then costs the same for every login, known or not, and a slow or failing gateway cannot be timed (README, "Second-step lockout, proving the new phone"). The
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
  input: {
    brand: { id: string; name: string };
    login: string;
    country: string | undefined;
    rules: PhoneRules;
    meta: RequestMeta;
    page: string;
    now: Date;
  },
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
  const token = await issueToken(ctx, {
    brandId: brand.id,
    purpose: 'password-reset',
    recipient: to,
    userId: user.id,
    ttlMs: RESET_TOKEN_TTL_MS,
  });
  await recordEvent(
    ctx.db,
    { brandId: brand.id, userId: user.id, kind: 'password_reset_requested', ip: meta.ip, userAgent: meta.userAgent },
    now,
  );
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

/** Asks for a reset behind the channel and the brand's captcha; the same answer for every login. */
export async function askPasswordReset(
  ctx: AccountsContext,
  request: AccountsRequest,
  login: string,
  country?: string,
): Promise<{ delivery: Promise<void> }> {
  const brand = requestBrand(request);
  // Refused for every login alike (it depends on the server, not the account), so it tells nothing about accounts.
  assertDelivers(
    ctx,
    login.includes('@') ? 'email' : 'sms',
    login.includes('@') ? 'Password reset by e-mail' : 'Password reset by SMS',
  );
  await assertCaptcha(ctx, request, requestConfig(ctx, request), 'passwordReset');
  return requestPasswordReset(ctx, request, brand, login, country);
}

const linkSpent = () => new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });

/** Whether a reset token is still valid (410 otherwise). */
export async function checkResetToken(
  ctx: AccountsContext,
  request: AccountsRequest,
  token: string,
): Promise<{ message: string }> {
  if (!(await findToken(ctx, requestBrand(request).id, 'password-reset', token))) throw linkSpent();
  return { message: 'Choose a new password' };
}

/** Sets the new password with a reset token: plain text, the strength rule, the confirmation; ends every session. */
export async function resetPassword(
  ctx: AccountsContext,
  request: AccountsRequest,
  attributes: { token?: string; password?: string; password_confirmation?: string },
): Promise<{ message: string }> {
  const brand = requestBrand(request);
  const token = await findToken(ctx, brand.id, 'password-reset', attributes.token ?? '');
  if (!token) throw linkSpent();
  assertPlainText({
    'data.attributes.password': attributes.password,
    'data.attributes.password_confirmation': attributes.password_confirmation,
  });
  const owner = await findUserById(ctx.db, brand.id, token.userId);
  const site = requestConfig(ctx, request).config.global;
  await assertStrongPassword(attributes.password ?? '', 'data.attributes.password', [
    owner?.email,
    owner?.phone,
    owner?.first_name,
    owner?.last_name,
    token.userId,
    site.brandName,
    ...site.domains,
  ]);
  if (attributes.password !== attributes.password_confirmation) {
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'data.attributes.password_confirmation', message: 'does not match the password' }],
    });
  }
  const now = ctx.clock();
  const hash = await hashPassword(attributes.password ?? '');
  const consumed = await ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null',
      [token.id, now],
    );
    if (rowCount !== 1) return false;
    await updateUser(tx, token.userId, { password_hash: hash }, now);
    await revokeSessions(tx, token.userId, 'password_reset', now);
    const meta = requestMeta(request);
    await recordEvent(
      tx,
      { brandId: brand.id, userId: token.userId, kind: 'password_reset', ip: meta.ip, userAgent: meta.userAgent },
      now,
    );
    return true;
  });
  if (!consumed) throw linkSpent();
  return { message: 'The password was changed. Sign in with the new password' };
}

/**
 * The password reset call: with a login it asks for a reset and answers the same for every login, the message going
 * out after the answer (tracked in `deliveries` so closing the server waits for it, README, "Second-step lockout, proving the new phone"); without a login it sets
 * the new password with the token.
 */
export async function passwordResetStep(
  ctx: AccountsContext,
  request: AccountsRequest,
  attributes: {
    login?: string;
    country_code?: string;
    token?: string;
    password?: string;
    password_confirmation?: string;
  },
  options: { deliveries: Set<Promise<void>> },
): Promise<{ message: string }> {
  if (attributes.login === undefined) return resetPassword(ctx, request, attributes);
  const { delivery } = await askPasswordReset(ctx, request, attributes.login, attributes.country_code);
  options.deliveries.add(delivery);
  void delivery.finally(() => options.deliveries.delete(delivery));
  return { message: 'If an account exists for this login, we sent instructions to restore access' };
}
