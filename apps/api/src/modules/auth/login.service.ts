import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { findUserByEmail, findUserById, findUserByPhone, recordEvent, claimTotpStep, type UserRow } from './accounts.repository';
import { findToken, issueToken, spendTokenAttempt } from './codes';
import { requestConfig, requestMeta, type AccountsContext } from './context';
import { assertAccountNotLocked, assertNotLocked, loginKeys, recordFailure, recordSecondStepFailure, recordSuccess } from './lockout';
import { verifyPassword } from './passwords';
import { normalisePhone, phoneRulesOf } from './phone';
import { publicUser, startSession } from './sessions';
import { base32Decode, matchTotp } from './totp';

/** The answer of a sign-in step (schemas/api/auth/login-response.schema.json). */
export type LoginResult =
  | { status: 'authorised'; user: { id: string; displayName: string } }
  | { status: 'two_factor_required'; two_factor_token: string };

/** The one text for a wrong password, an unknown login and a blocked account: nothing to enumerate. */
export const WRONG_CREDENTIALS = 'Wrong login or password';
/** The second step lives five minutes. */
export const SECOND_STEP_TTL_MS = 5 * 60_000;

/** What kind of identifier a login is, when the client did not say. */
export function guessLoginType(login: string): 'email' | 'phone' | 'id' {
  if (login.includes('@')) return 'email';
  return /^\d{6,10}$/.test(login.trim()) ? 'id' : 'phone';
}

async function findByLogin(ctx: AccountsContext, request: FastifyRequest, brandId: string, type: 'email' | 'phone' | 'id', login: string, country?: string): Promise<UserRow | undefined> {
  if (type === 'email') return findUserByEmail(ctx.db, brandId, login.trim());
  if (type === 'id') return findUserById(ctx.db, brandId, login.trim());
  let phone: string;
  try {
    phone = normalisePhone(login, country, phoneRulesOf(requestConfig(ctx, request).config), 'login');
  } catch {
    return undefined;
  }
  return findUserByPhone(ctx.db, brandId, phone);
}

/** Sign-in methods the brand switches on (auth.methods). */
function assertMethodEnabled(ctx: AccountsContext, brandId: string, country: string, method: 'email' | 'phone' | 'id' | 'sms'): void {
  const brand = ctx.registry.get(brandId);
  const config = ctx.registry.resolve(brandId, country, brand?.defaultLanguage ?? 'en').config;
  if (config.auth.methods[method]?.enabled === false) {
    throw new ApiError(403, 'This sign-in method is not available', { detail: `Sign-in by ${method} is switched off` });
  }
}

/**
 * Password sign-in by e-mail, phone or account id. Locked identifiers and addresses get 429 before the password is
 * looked at; every failure gets the same 401 text and costs the same argon2 time.
 */
export async function passwordLogin(
  ctx: AccountsContext,
  request: FastifyRequest,
  reply: FastifyReply,
  brand: { id: string; defaultCountry: string },
  body: { login: string; password: string; login_type?: 'email' | 'phone' | 'id'; country_code?: string },
): Promise<LoginResult> {
  const type = body.login_type ?? guessLoginType(body.login);
  assertMethodEnabled(ctx, brand.id, brand.defaultCountry, type);
  const meta = requestMeta(request);
  const keys = loginKeys(type, body.login, meta.ip);
  await assertNotLocked(ctx, brand.id, keys);
  const user = await findByLogin(ctx, request, brand.id, type, body.login, body.country_code);
  if (user) await assertAccountNotLocked(ctx, brand.id, user.id);
  const passwordOk = await verifyPassword(user?.password_hash, body.password);
  if (!user || !passwordOk || user.status !== 'active') {
    await recordFailure(ctx, brand.id, keys, user?.id);
    await recordEvent(ctx.db, { brandId: brand.id, userId: user?.id ?? null, kind: 'login_failed', ip: meta.ip, userAgent: meta.userAgent, detail: { method: type } }, ctx.clock());
    throw new ApiError(401, WRONG_CREDENTIALS);
  }
  await recordSuccess(ctx, brand.id, keys);
  return finishFirstFactor(ctx, request, reply, user, `password:${type}`);
}

/** After a first factor: sign in, or hand out the second-step token when two-factor is on. */
export async function finishFirstFactor(
  ctx: AccountsContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: string,
): Promise<LoginResult> {
  if (user.two_factor_enabled_at && user.two_factor_secret) {
    const token = await issueToken(ctx, { brandId: user.brand_id, purpose: 'login-second-step', recipient: user.id, userId: user.id, ttlMs: SECOND_STEP_TTL_MS, payload: { method } });
    return { status: 'two_factor_required', two_factor_token: token };
  }
  await startSession(ctx, request, reply, user, method);
  return { status: 'authorised', user: publicUser(user) };
}

/**
 * The second sign-in step: the authenticator code, replay-guarded, five tries per token. Wrong codes also count
 * against the account (ADR 0155): a locked account gets the sign-in lockout's 429 before its code is looked at.
 */
export async function secondStepLogin(
  ctx: AccountsContext,
  request: FastifyRequest,
  reply: FastifyReply,
  brandId: string,
  body: { two_factor_token: string; code: string },
): Promise<LoginResult> {
  const meta = requestMeta(request);
  const token = await findToken(ctx, brandId, 'login-second-step', body.two_factor_token);
  if (!token) throw new ApiError(410, 'The sign-in has expired', { detail: 'Sign in again' });
  const user = await findUserById(ctx.db, brandId, token.userId);
  if (!user || user.status !== 'active' || !user.two_factor_secret || !user.two_factor_enabled_at) {
    throw new ApiError(410, 'The sign-in has expired', { detail: 'Sign in again' });
  }
  await assertAccountNotLocked(ctx, brandId, user.id);
  const secret = base32Decode(ctx.secrets.open(user.two_factor_secret));
  const step = matchTotp(secret, body.code.trim(), ctx.clock().getTime(), user.two_factor_last_step === null ? null : Number(user.two_factor_last_step));
  if (step === undefined || !(await claimTotpStep(ctx.db, user.id, step))) {
    await spendTokenAttempt(ctx, token.id);
    await recordSecondStepFailure(ctx, brandId, user.id);
    await recordEvent(ctx.db, { brandId, userId: user.id, kind: 'login_failed', ip: meta.ip, userAgent: meta.userAgent, detail: { method: 'two_factor' } }, ctx.clock());
    throw new ApiError(401, 'Wrong code', { validation_errors: [{ field: 'code', message: 'is not the current code of your app' }] });
  }
  await ctx.db.query('update accounts_codes set consumed_at = $2 where id = $1', [token.id, ctx.clock()]);
  const method = typeof token.payload?.['method'] === 'string' ? `${token.payload['method']}+totp` : 'totp';
  await startSession(ctx, request, reply, user, method);
  return { status: 'authorised', user: publicUser(user) };
}
