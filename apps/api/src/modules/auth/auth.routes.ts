import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error';
import { ref } from '../../http/api-schemas';
import { readOutbox } from '@tessera/server/messaging';
import { type AccountsContext, addAttempts, assertDelivers, assertPlainText, assertStrongPassword, checkCode, clearSessionCookie, CODE_LENGTH, codeError, confirmRegistration, countAttempts, findToken, findUserById, findUserByPhone, finishFirstFactor, hashPassword, issueUserToken, normalisePhone, passwordLogin, phoneRulesOf, publicUser, readSession, recordEvent, register, type RegistrationBody, requestBrand, requestConfig, requestMeta, requestPasswordReset, requireSession, retryAfter, revokeSessions, secondStepLogin, sendActivation, sendCode, signInRateLimit, tooMany, updateUser } from '@tessera/server/accounts';
import { accountsRef } from './accounts.schemas';
import { assertCaptcha, serverCaptchaKind } from '@tessera/server/captcha';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const tags = ['auth'];

/** Registration, sign-in (password, SMS, second step), sign-out, service tokens, password reset, activation, dev outbox. */
export function authRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  // Reset messages go out after the answer (ADR 0155); closing the server waits for those still on their way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });

  app.post<{ Body: { phone: string; country_code: string } }>(
    '/web-api/user/registration/send-code',
    { config: signInRateLimit(ctx), schema: { summary: 'Send the SMS code of a phone registration', tags, body: accountsRef('auth/registration-send-code-request'), response: { 200: accountsRef('auth/send-code-response'), ...errors(400, 403, 429, 503) } } },
    async (request) => {
      const brand = requestBrand(request);
      const resolved = requestConfig(ctx, request);
      if (!resolved.config.registration.enabled || !resolved.config.registration.variants.phone?.enabled) {
        throw new ApiError(403, 'This registration method is not available', { detail: 'Variant phone is switched off' });
      }
      assertDelivers(ctx, 'sms', 'Registration by phone');
      await assertCaptcha(ctx, request, resolved, 'registration');
      const phone = normalisePhone(request.body.phone, request.body.country_code, phoneRulesOf(resolved.config));
      const existing = await findUserByPhone(ctx.db, brand.id, phone);
      // A proven number gets a warning instead of a code: the answer is the same either way, and the registration
      // that follows fails as a wrong code does (ADR 0071, 0202). An unproven one is nobody's yet (ADR 0201).
      const sent = await sendCode(ctx, {
        brandId: brand.id,
        purpose: 'registration',
        recipient: phone,
        ip: request.ip,
        message: {
          channel: 'sms',
          text: existing
            ? () => `${brand.name}: someone tried to register with this number, which already has an account. If it was you, sign in or restore your password; if not, ignore this message.`
            : (code) => `${brand.name} registration code: ${code}`,
        },
      });
      return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  app.post<{ Body: RegistrationBody }>(
    '/web-api/user/registration',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Register (fast, phone, full or short variant): signs in (201), or with an e-mail address sends it a message and waits for its code (202)',
        tags,
        body: accountsRef('auth/registration-request'),
        response: { 201: accountsRef('auth/registration-response'), 202: accountsRef('auth/registration-pending-response'), ...errors(400, 403, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      if (request.body.variant === 'phone') assertDelivers(ctx, 'sms', 'Registration by phone');
      if (request.body.email !== undefined) assertDelivers(ctx, 'email', 'Registration with an e-mail address');
      const resolved = requestConfig(ctx, request, request.body.country);
      // A phone registration proves its number with a code whose sending was already behind the captcha: one puzzle
      // per registration, not two (ADR 0160).
      if (request.body.variant !== 'phone') await assertCaptcha(ctx, request, resolved, 'registration');
      return register(ctx, request, reply, request.body, { deliveries });
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/web-api/user/registration/confirm',
    { config: signInRateLimit(ctx), schema: { summary: 'Finish a registration with the code from its e-mail: opens the account and signs in', tags, body: accountsRef('auth/registration-confirm-request'), response: { 201: accountsRef('auth/registration-response'), ...errors(400, 410, 422, 429) } } },
    async (request, reply) => confirmRegistration(ctx, request, reply, request.body),
  );

  app.post<{ Body: { login: string; password: string; login_type?: 'email' | 'phone' | 'id'; country_code?: string } }>(
    '/web-api/user/auth',
    { config: signInRateLimit(ctx), schema: { summary: 'Sign in with e-mail, phone or account id and password', tags, body: accountsRef('auth/login-request'), response: { 200: accountsRef('auth/login-response'), ...errors(400, 401, 403, 428, 429) } } },
    async (request, reply) => {
      const resolved = requestConfig(ctx, request);
      await assertCaptcha(ctx, request, resolved, 'login');
      // A brand that protects every sign-in has just checked (and used up) the token: the lockout must not ask again.
      const captchaChecked = serverCaptchaKind(resolved.config.captcha.type) !== null && (resolved.config.captcha.actions as string[]).includes('login');
      return passwordLogin(ctx, request, reply, requestBrand(request), request.body, { captchaChecked });
    },
  );

  app.post<{ Body: { two_factor_token: string; code: string } }>(
    '/web-api/user/twoauth',
    { config: signInRateLimit(ctx), schema: { summary: 'Second sign-in step: the authenticator app code', tags, body: accountsRef('auth/two-factor-login-request'), response: { 200: accountsRef('auth/login-response'), ...errors(400, 401, 410, 429) } } },
    async (request, reply) => secondStepLogin(ctx, request, reply, requestBrand(request).id, request.body),
  );

  app.post<{ Body: { phone: string; country_code?: string } }>(
    '/web-api/sms-auth/send-code',
    { config: signInRateLimit(ctx), schema: { summary: 'Send a sign-in code by SMS (same answer for unknown numbers)', tags, body: accountsRef('auth/sms-send-code-request'), response: { 200: accountsRef('auth/send-code-response'), ...errors(400, 403, 429, 503) } } },
    async (request) => {
      const brand = requestBrand(request);
      const resolved = requestConfig(ctx, request);
      if (!resolved.config.auth.methods.sms?.enabled) throw new ApiError(403, 'This sign-in method is not available', { detail: 'Sign-in by sms is switched off' });
      assertDelivers(ctx, 'sms', 'Sign-in by SMS');
      await assertCaptcha(ctx, request, resolved, 'login');
      const phone = normalisePhone(request.body.phone, request.body.country_code, phoneRulesOf(resolved.config));
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
      return { message: 'If the number is registered, a code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  app.post<{ Body: { phone: string; country_code?: string; code: string } }>(
    '/web-api/sms-auth/check-code',
    { config: signInRateLimit(ctx), schema: { summary: 'Sign in with the SMS code', tags, body: accountsRef('auth/sms-check-code-request'), response: { 200: accountsRef('auth/login-response'), ...errors(400, 403, 410, 422, 429) } } },
    async (request, reply) => {
      const brand = requestBrand(request);
      const config = requestConfig(ctx, request).config;
      if (!config.auth.methods.sms?.enabled) throw new ApiError(403, 'This sign-in method is not available', { detail: 'Sign-in by sms is switched off' });
      assertDelivers(ctx, 'sms', 'Sign-in by SMS');
      const phone = normalisePhone(request.body.phone, request.body.country_code, phoneRulesOf(config));
      const check = await checkCode(ctx, { brandId: brand.id, purpose: 'sms-login', recipient: phone, code: request.body.code, consume: true });
      const user = check.ok ? await findUserByPhone(ctx.db, brand.id, phone) : undefined;
      if (!check.ok || !user || user.status !== 'active') {
        const meta = requestMeta(request);
        await recordEvent(ctx.db, { brandId: brand.id, userId: user?.id ?? null, kind: 'login_failed', ip: meta.ip, userAgent: meta.userAgent, detail: { method: 'sms' } }, ctx.clock());
        throw codeError(check.ok ? { reason: 'wrong' } : check, 'code');
      }
      return finishFirstFactor(ctx, request, reply, user, 'sms');
    },
  );

  app.post(
    '/web-api/user/disconnect',
    { schema: { summary: 'Sign out this session', tags, body: accountsRef('auth/empty-request'), response: { 200: accountsRef('auth/message-response'), ...errors(400) } } },
    async (request, reply) => {
      const auth = await readSession(ctx, request);
      if (auth) {
        const meta = requestMeta(request);
        await revokeSessions(ctx.db, auth.user.id, 'logout', ctx.clock(), { onlyId: auth.session.id });
        await recordEvent(ctx.db, { brandId: auth.user.brand_id, userId: auth.user.id, kind: 'logout', ip: meta.ip, userAgent: meta.userAgent, detail: { session_id: auth.session.id } }, ctx.clock());
      }
      clearSessionCookie(reply);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/web-api/user/session',
    { schema: { summary: 'Who is signed in', tags, response: { 200: accountsRef('auth/session-response') } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await readSession(ctx, request);
      if (!auth) return { status: 'guest' };
      return {
        status: 'authorised',
        user: publicUser(auth.user),
        two_factor_enabled: auth.user.two_factor_enabled_at !== null,
        has_phone: auth.user.phone !== null && auth.user.phone_confirmed_at !== null,
        has_secure_question: auth.user.secure_answer_hash !== null,
      };
    },
  );

  app.get(
    '/web-api/api/mobile/v1/token/',
    { schema: { summary: 'The service user token of the signed-in session', tags, response: { 200: accountsRef('auth/token-response'), ...errors(403) } } },
    async (request, reply) => {
      const auth = await readSession(ctx, request);
      if (!auth) throw new ApiError(403, 'Not signed in');
      reply.header('cache-control', 'no-store');
      return { data: { type: 'token', id: auth.session.id, attributes: issueUserToken(ctx, auth.session.id) } };
    },
  );

  app.post(
    '/web-api/api/mobile/v1/token/refresh',
    { schema: { summary: 'A fresh service user token (bearer: the current one)', tags, body: accountsRef('auth/token-refresh-request'), response: { 200: accountsRef('auth/token-response'), ...errors(401) } } },
    async (request, reply) => {
      const auth = await requireSession(ctx, request);
      reply.header('cache-control', 'no-store');
      return { data: { type: 'token', id: auth.session.id, attributes: issueUserToken(ctx, auth.session.id) } };
    },
  );

  app.post<{ Body: { data: { attributes: { login?: string; country_code?: string; token?: string; password?: string; password_confirmation?: string } } } }>(
    '/web-api/api/internal/v1/user/passwordreset',
    { config: signInRateLimit(ctx), schema: { summary: 'Ask for a password reset (same answer for unknown logins), or set the new password with the token', tags, body: accountsRef('auth/password-reset-request'), response: { 200: accountsRef('auth/message-response'), ...errors(400, 403, 410, 422, 429) } } },
    async (request) => {
      const brand = requestBrand(request);
      const attributes = request.body.data.attributes;
      if (attributes.login !== undefined) {
        // Refused for every login alike (it depends on the server, not the account), so it tells nothing about accounts.
        assertDelivers(ctx, attributes.login.includes('@') ? 'email' : 'sms', attributes.login.includes('@') ? 'Password reset by e-mail' : 'Password reset by SMS');
        await assertCaptcha(ctx, request, requestConfig(ctx, request), 'passwordReset');
        const { delivery } = await requestPasswordReset(ctx, request, brand, attributes.login, attributes.country_code);
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
        return { message: 'If an account exists for this login, we sent instructions to restore access' };
      }
      const token = await findToken(ctx, brand.id, 'password-reset', attributes.token ?? '');
      if (!token) throw new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });
      assertPlainText({ 'data.attributes.password': attributes.password, 'data.attributes.password_confirmation': attributes.password_confirmation });
      const owner = await findUserById(ctx.db, brand.id, token.userId);
      const site = requestConfig(ctx, request).config.global;
      await assertStrongPassword(attributes.password ?? '', 'data.attributes.password', [owner?.email, owner?.phone, owner?.first_name, owner?.last_name, token.userId, site.brandName, ...site.domains]);
      if (attributes.password !== attributes.password_confirmation) {
        throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'data.attributes.password_confirmation', message: 'does not match the password' }] });
      }
      const now = ctx.clock();
      const hash = await hashPassword(attributes.password ?? '');
      const consumed = await ctx.db.transaction(async (tx) => {
        const { rowCount } = await tx.query('update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null', [token.id, now]);
        if (rowCount !== 1) return false;
        await updateUser(tx, token.userId, { password_hash: hash }, now);
        await revokeSessions(tx, token.userId, 'password_reset', now);
        const meta = requestMeta(request);
        await recordEvent(tx, { brandId: brand.id, userId: token.userId, kind: 'password_reset', ip: meta.ip, userAgent: meta.userAgent }, now);
        return true;
      });
      if (!consumed) throw new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });
      return { message: 'The password was changed. Sign in with the new password' };
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/web-api/api/internal/v1/user/passwordreset',
    { schema: { summary: 'Whether a password reset token is still valid', tags, querystring: accountsRef('auth/password-reset-query'), response: { 200: accountsRef('auth/message-response'), ...errors(400, 410) } } },
    async (request) => {
      const token = await findToken(ctx, requestBrand(request).id, 'password-reset', request.query.token);
      if (!token) throw new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });
      return { message: 'Choose a new password' };
    },
  );

  app.post<{ Body: { data: { attributes: { token: string } } } }>(
    '/web-api/api/internal/v1/user/activate',
    { schema: { summary: 'Confirm the e-mail address with the activation token', tags, body: accountsRef('auth/activate-request'), response: { 200: accountsRef('auth/message-response'), ...errors(400, 410) } } },
    async (request) => {
      const brand = requestBrand(request);
      const token = await findToken(ctx, brand.id, 'email-activation', request.body.data.attributes.token);
      const user = token ? await findUserById(ctx.db, brand.id, token.userId) : undefined;
      if (!token || !user || user.email?.toLowerCase() !== token.recipient) throw new ApiError(410, 'The link has expired or was already used', { detail: 'Ask for a new one' });
      const now = ctx.clock();
      await ctx.db.transaction(async (tx) => {
        await tx.query('update accounts_codes set consumed_at = $2 where id = $1', [token.id, now]);
        await updateUser(tx, user.id, { email_activated_at: now }, now);
        const meta = requestMeta(request);
        await recordEvent(tx, { brandId: brand.id, userId: user.id, kind: 'email_activated', ip: meta.ip, userAgent: meta.userAgent }, now);
      });
      return { message: 'The e-mail address is confirmed' };
    },
  );

  app.post(
    '/web-api/user/sendActivationMail',
    { schema: { summary: 'Send the e-mail activation link again (3 an hour)', tags, body: accountsRef('auth/empty-request'), response: { 200: accountsRef('auth/message-response'), ...errors(400, 401, 403, 409, 429, 503) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      if (!auth.user.email || auth.user.email_activated_at) throw new ApiError(409, 'There is no e-mail address waiting for activation');
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
    },
  );

  // Never registered in production (item 19 of issue 12): nothing under /__dev exists there.
  if (ctx.mode !== 'production') {
    app.get<{ Querystring: { to: string } }>(
      '/__dev/outbox',
      { schema: { summary: 'Development only: messages sent to an address, newest first', tags: ['development'], querystring: accountsRef('auth/outbox-query'), response: { 200: accountsRef('auth/outbox-response') } } },
      async (request, reply) => {
        const raw = request.query.to.trim();
        const to = raw.includes('@') ? raw.toLowerCase() : `+${raw.replace(/\D/g, '')}`;
        reply.header('cache-control', 'no-store');
        return { messages: await readOutbox(ctx.db, to) };
      },
    );
  }
}
