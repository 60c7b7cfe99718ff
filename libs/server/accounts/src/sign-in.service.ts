import { ApiError } from '@tessera/server/api-errors';
import { assertCaptcha, serverCaptchaKind } from '@tessera/server/captcha';
import { findUserByPhone, recordEvent, revokeSessions } from './accounts.repository';
import { checkCode, CODE_LENGTH, codeError, sendCode } from './codes';
import {
  requestBrand,
  requestConfig,
  requestMeta,
  type AccountsContext,
  type AccountsReply,
  type AccountsRequest,
} from './context';
import { finishFirstFactor, passwordLogin, type LoginResult } from './login.service';
import { assertDelivers } from './message-channels';
import { normalisePhone, phoneRulesOf } from './phone';
import { clearSessionCookie, publicUser, readSession, type Authenticated } from './sessions';
import type { SendCodeResponse, SessionResponse } from '@tessera/shared/contract-api';

type CodeSent = SendCodeResponse;

/** Password sign-in behind the brand's captcha; a brand that protects every sign-in has just used the token up, so the lockout does not ask again. */
export async function signIn(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  body: { login: string; password: string; login_type?: 'email' | 'phone' | 'id'; country_code?: string },
): Promise<LoginResult> {
  const resolved = requestConfig(ctx, request);
  await assertCaptcha(ctx, request, resolved, 'login');
  const captchaChecked =
    serverCaptchaKind(resolved.config.captcha.type) !== null &&
    (resolved.config.captcha.actions as string[]).includes('login');
  return passwordLogin(ctx, request, reply, requestBrand(request), body, { captchaChecked });
}

function assertSmsSignIn(ctx: AccountsContext, config: ReturnType<typeof requestConfig>['config']): void {
  if (!config.auth.methods.sms?.enabled)
    throw new ApiError(403, 'This sign-in method is not available', { detail: 'Sign-in by sms is switched off' });
  assertDelivers(ctx, 'sms', 'Sign-in by SMS');
}

/** SMS sign-in, step 1: a code to the number when it is an active account's; the same answer for every number. */
export async function sendSmsSignInCode(
  ctx: AccountsContext,
  request: AccountsRequest,
  body: { phone: string; country_code?: string },
): Promise<CodeSent> {
  const brand = requestBrand(request);
  const resolved = requestConfig(ctx, request);
  assertSmsSignIn(ctx, resolved.config);
  await assertCaptcha(ctx, request, resolved, 'login');
  const phone = normalisePhone(body.phone, body.country_code, phoneRulesOf(resolved.config));
  const user = await findUserByPhone(ctx.db, brand.id, phone);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'sms-login',
    recipient: phone,
    ip: request.ip,
    userId: user?.id ?? null,
    deliver: user !== undefined && user.status === 'active',
    message: { channel: 'sms', text: (code) => `${brand.name} sign-in code: ${code}. Do not share it.` },
  });
  return {
    message: 'If the number is registered, a code was sent',
    code_length: CODE_LENGTH,
    resend_after: sent.resendAfterSeconds,
  };
}

/** SMS sign-in, step 2: the code signs in (or asks for the second step); a failure is recorded. */
export async function smsSignIn(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  body: { phone: string; country_code?: string; code: string },
): Promise<LoginResult> {
  const brand = requestBrand(request);
  const config = requestConfig(ctx, request).config;
  assertSmsSignIn(ctx, config);
  const phone = normalisePhone(body.phone, body.country_code, phoneRulesOf(config));
  const check = await checkCode(ctx, {
    brandId: brand.id,
    purpose: 'sms-login',
    recipient: phone,
    code: body.code,
    consume: true,
  });
  const user = check.ok ? await findUserByPhone(ctx.db, brand.id, phone) : undefined;
  if (!check.ok || !user || user.status !== 'active') {
    const meta = requestMeta(request);
    await recordEvent(
      ctx.db,
      {
        brandId: brand.id,
        userId: user?.id ?? null,
        kind: 'login_failed',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { method: 'sms' },
      },
      ctx.clock(),
    );
    throw codeError(check.ok ? { reason: 'wrong' } : check, 'code');
  }
  return finishFirstFactor(ctx, request, reply, user, 'sms');
}

/** Ends this request's session (when there is one) and clears its cookie. */
export async function signOut(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
): Promise<{ message: string }> {
  const auth = await readSession(ctx, request);
  if (auth) {
    const meta = requestMeta(request);
    await revokeSessions(ctx.db, auth.user.id, 'logout', ctx.clock(), { onlyId: auth.session.id });
    await recordEvent(
      ctx.db,
      {
        brandId: auth.user.brand_id,
        userId: auth.user.id,
        kind: 'logout',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { session_id: auth.session.id },
      },
      ctx.clock(),
    );
  }
  clearSessionCookie(reply);
  return { message: 'Signed out' };
}

/** Who is signed in, as the site's session call answers it. */
export function sessionStatus(auth: Authenticated | undefined): SessionResponse {
  if (!auth) return { status: 'guest' };
  return {
    status: 'authorised',
    user: publicUser(auth.user),
    two_factor_enabled: auth.user.two_factor_enabled_at !== null,
    has_phone: auth.user.phone !== null && auth.user.phone_confirmed_at !== null,
    has_secure_question: auth.user.secure_answer_hash !== null,
  };
}
