import { ApiError } from '@tessera/server/api-errors';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  recordEvent,
  claimTotpStep,
  type UserRow,
} from './accounts.repository';
import { findToken, issueToken, spendTokenAttempt } from './codes';
import { requestConfig, requestMeta, type AccountsContext, type AccountsReply, type AccountsRequest } from './context';
import { assertCaptcha, serverCaptchaKind } from '@tessera/server/captcha';
import {
  assertSecondStepNotLocked,
  captchaWanted,
  claimLoginAttempt,
  loginKeys,
  readDevice,
  recordSecondStepFailure,
  rememberDevice,
} from './lockout';
import { verifyPassword as argon2Verify } from './passwords';
import { normalisePhone, phoneRulesOf } from './phone';
import { publicUser, startSession } from './sessions';
import { base32Decode, matchTotp } from './totp';
import type { LoginResponse } from '@tessera/shared/contract-api';

/** The answer of a sign-in step (schemas/api/auth/login-response.schema.json). */
export type LoginResult =
  | { status: 'authorised'; user: NonNullable<LoginResponse['user']> }
  | { status: 'two_factor_required'; two_factor_token: NonNullable<LoginResponse['two_factor_token']> };

/** The one text for a wrong password, an unknown login and a blocked account: nothing to enumerate. */
export const WRONG_CREDENTIALS = 'Wrong login or password';
/** The second step lives five minutes. */
export const SECOND_STEP_TTL_MS = 5 * 60_000;

/** What kind of identifier a login is, when the client did not say. */
export function guessLoginType(login: string): 'email' | 'phone' | 'id' {
  if (login.includes('@')) return 'email';
  return /^\d{6,10}$/.test(login.trim()) ? 'id' : 'phone';
}

async function findByLogin(
  ctx: AccountsContext,
  request: AccountsRequest,
  brandId: string,
  type: 'email' | 'phone' | 'id',
  login: string,
  country?: string,
): Promise<UserRow | undefined> {
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
function assertMethodEnabled(
  ctx: AccountsContext,
  brandId: string,
  country: string,
  method: 'email' | 'phone' | 'id' | 'sms',
): void {
  const brand = ctx.registry.get(brandId);
  const config = ctx.registry.resolve(brandId, country, brand?.defaultLanguage ?? 'en').config;
  if (config.auth.methods[method]?.enabled === false) {
    throw new ApiError(403, 'This sign-in method is not available', { detail: `Sign-in by ${method} is switched off` });
  }
}

/** Checks a password against its hash; a test may count the checks through {@link setPasswordCheckForTests}. */
let verifyPassword: (hash: string | null | undefined, password: string) => Promise<boolean> = argon2Verify;

/** Test seam: wraps the password check (e.g. to count how many passwords a burst of sign-ins got checked). */
export function setPasswordCheckForTests(
  wrap: ((check: typeof argon2Verify) => typeof argon2Verify) | undefined,
): void {
  verifyPassword = wrap ? wrap(argon2Verify) : argon2Verify;
}

/**
 * Whether this sign-in has passed the brand's captcha when the login or account has failed often enough for one
 * (libs/server/accounts README, "Sign-in lockout"). The brand's own captcha kind is used through assertCaptcha even where the brand does not protect every
 * sign-in; a brand without a captcha relies on the slow-down and the lock alone.
 */
async function passCaptchaIfWanted(
  ctx: AccountsContext,
  request: AccountsRequest,
  keys: ReturnType<typeof loginKeys>,
  brandId: string,
  userId?: string,
): Promise<{ passed: boolean; available: boolean }> {
  const resolved = requestConfig(ctx, request);
  const captcha = resolved.config.captcha;
  const available = serverCaptchaKind(captcha.type) !== null;
  if (!available || !(await captchaWanted(ctx, brandId, keys, userId))) return { passed: false, available };
  const token = request.headers['x-captcha-token'];
  if (typeof token !== 'string' || token.length === 0) return { passed: false, available };
  const actions = captcha.actions as string[];
  const demanded = actions.includes('login')
    ? resolved
    : { ...resolved, config: { ...resolved.config, captcha: { ...captcha, actions: [...actions, 'login'] } } };
  await assertCaptcha(ctx, request, demanded as typeof resolved, 'login');
  return { passed: true, available };
}

/**
 * Password sign-in by e-mail, phone or account id. The attempt is counted before the password is looked at
 * (libs/server/accounts README, "Sign-in lockout"): locked identifiers, accounts and addresses get 429, unknown devices of an often-failed account 428 until
 * they pass the captcha; every failure gets the same 401 text and costs the same argon2 time.
 */
export async function passwordLogin(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  brand: { id: string; defaultCountry: string },
  body: { login: string; password: string; login_type?: 'email' | 'phone' | 'id'; country_code?: string },
  options: { captchaChecked?: boolean } = {},
): Promise<LoginResult> {
  const type = body.login_type ?? guessLoginType(body.login);
  assertMethodEnabled(ctx, brand.id, brand.defaultCountry, type);
  const meta = requestMeta(request);
  const keys = loginKeys(type, body.login, meta.ip);
  const user = await findByLogin(ctx, request, brand.id, type, body.login, body.country_code);
  const device = readDevice(ctx, request, brand.id);
  const known = user !== undefined && device?.userId === user.id;
  const captcha =
    known || options.captchaChecked
      ? { passed: options.captchaChecked === true, available: true }
      : await passCaptchaIfWanted(ctx, request, keys, brand.id, user?.id);
  const attempt = await claimLoginAttempt(ctx, brand.id, {
    keys,
    userId: user?.id,
    device,
    captchaPassed: captcha.passed,
    captchaAvailable: captcha.available,
  });
  const passwordOk = await verifyPassword(user?.password_hash, body.password);
  if (!user || !passwordOk || user.status !== 'active') {
    await recordEvent(
      ctx.db,
      {
        brandId: brand.id,
        userId: user?.id ?? null,
        kind: 'login_failed',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method: type, known_device: attempt.knownDevice },
      },
      ctx.clock(),
    );
    throw new ApiError(401, WRONG_CREDENTIALS);
  }
  await attempt.forgive();
  return finishFirstFactor(ctx, request, reply, user, `password:${type}`);
}

/** After a first factor: sign in, or hand out the second-step token when two-factor is on. */
export async function finishFirstFactor(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  user: UserRow,
  method: string,
): Promise<LoginResult> {
  if (user.two_factor_enabled_at && user.two_factor_secret) {
    const token = await issueToken(ctx, {
      brandId: user.brand_id,
      purpose: 'login-second-step',
      recipient: user.id,
      userId: user.id,
      ttlMs: SECOND_STEP_TTL_MS,
      payload: { method },
    });
    return { status: 'two_factor_required', two_factor_token: token };
  }
  await startSession(ctx, request, reply, user, method);
  rememberDevice(ctx, reply, user.brand_id, user.id);
  return { status: 'authorised', user: publicUser(user) };
}

/**
 * The second sign-in step: the authenticator code, replay-guarded, five tries per token. Wrong codes also count
 * against the account (libs/server/accounts README, "Second-step lockout, proving the new phone"): a locked account gets the sign-in lockout's 429 before its code is looked at.
 */
export async function secondStepLogin(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
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
  const device = readDevice(ctx, request, brandId);
  await assertSecondStepNotLocked(ctx, brandId, user.id, device);
  const secret = base32Decode(ctx.secrets.open(user.two_factor_secret));
  const step = matchTotp(
    secret,
    body.code.trim(),
    ctx.clock().getTime(),
    user.two_factor_last_step === null ? null : Number(user.two_factor_last_step),
  );
  if (step === undefined || !(await claimTotpStep(ctx.db, user.id, step))) {
    await spendTokenAttempt(ctx, token.id);
    await recordSecondStepFailure(ctx, brandId, user.id, device);
    await recordEvent(
      ctx.db,
      {
        brandId,
        userId: user.id,
        kind: 'login_failed',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method: 'two_factor' },
      },
      ctx.clock(),
    );
    throw new ApiError(401, 'Wrong code', {
      validation_errors: [{ field: 'code', message: 'is not the current code of your app' }],
    });
  }
  await ctx.db.query('update accounts_codes set consumed_at = $2 where id = $1', [token.id, ctx.clock()]);
  const method = typeof token.payload?.['method'] === 'string' ? `${token.payload['method']}+totp` : 'totp';
  await startSession(ctx, request, reply, user, method);
  rememberDevice(ctx, reply, brandId, user.id);
  return { status: 'authorised', user: publicUser(user) };
}
