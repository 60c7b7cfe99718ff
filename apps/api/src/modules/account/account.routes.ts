import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { ApiError } from '../../http/api-error';
import { ref } from '../../http/api-schemas';
import {
  addAttempts,

  countAttempts,
  dropUnprovenPhone,
  findUserByPhone,
  listLiveSessions,
  recordEvent,
  revokeSessions,
  updateUser,
  type UserRow,
} from '../auth/accounts.repository';
import { strictValidatorCompiler } from '../../http/strict-validation';
import { accountsApiSchemas, accountsRef } from '../auth/accounts.schemas';
import { CODE_LENGTH, checkCode, codeError, consumeCode, retryAfter, sendCode, tooMany } from '../auth/codes';
import { assertCaptcha } from '@tessera/server/captcha';
import { requestBrand, requestConfig, requestMeta, type AccountsContext } from '../auth/context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { normalisePhone, phoneRulesOf } from '../auth/phone';
import { assertDelivers } from '../auth/message-channels';
import { assertPlainText } from '../auth/plain-text';
import { claimLoginAttempt, loginKeys, readDevice, signInRateLimit } from '../auth/lockout';
import { clearSessionCookie, markReauthenticated, readSession, requireRecentAuth, requireSession, sessionDeadlines, sessionLimits, type Authenticated } from '../auth/sessions';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthLink } from '../auth/totp';
import { SECURE_QUESTIONS, hashAnswer, verifyAnswer } from './secure-questions';

/** Spec section 8: error_code 2 on two-factor enabling means a wrong SMS code. */
export const TWO_FACTOR_WRONG_SMS_CODE = 2;
/** Wrong answers, hashes, app codes or old passwords one account survives per 15 minutes. */
export const SECRET_FAILURES_PER_WINDOW = 5;
const windowMs = 15 * 60_000;

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const message = accountsRef('auth/message-response');
/** The body of calls without parameters: none or `{}` (schemas/api/auth/empty-request.schema.json). */
const noBody = accountsRef('auth/empty-request');

async function guard(ctx: AccountsContext, user: UserRow, what: string): Promise<string> {
  const key = `${what}:${user.id}`;
  const now = ctx.clock();
  const failures = await countAttempts(ctx.db, user.brand_id, key, new Date(now.getTime() - windowMs));
  if (failures.count >= SECRET_FAILURES_PER_WINDOW) throw tooMany(retryAfter(failures.oldest, windowMs, now), 'Too many wrong attempts. Try again later');
  return key;
}

async function fail(ctx: AccountsContext, user: UserRow, key: string): Promise<void> {
  await addAttempts(ctx.db, user.brand_id, [key], ctx.clock());
}

async function event(ctx: AccountsContext, request: FastifyRequest, auth: Authenticated, kind: string, detail: Record<string, unknown> = {}): Promise<void> {
  const meta = requestMeta(request);
  await recordEvent(ctx.db, { brandId: auth.user.brand_id, userId: auth.user.id, kind, ip: meta.ip, userAgent: meta.userAgent, detail: { session_id: auth.session.id, ...detail } }, ctx.clock());
}

function decodeBase64Field(value: string, field: string): string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: `data.attributes.${field}`, message: 'must be base64' }] });
  }
  return Buffer.from(value, 'base64').toString('utf8');
}

function secureQuestionText(user: UserRow): string | null {
  if (!user.secure_question) return null;
  if (user.secure_question_custom) return user.secure_question;
  return SECURE_QUESTIONS.find((q) => q.key === user.secure_question)?.text ?? null;
}

/** Checks the secure answer (when the account has one), with the lockout. */
async function checkAnswer(ctx: AccountsContext, user: UserRow, answer: string | undefined): Promise<void> {
  if (!user.secure_answer_hash) return;
  const key = await guard(ctx, user, 'answer');
  if (answer === undefined || !(await verifyAnswer(user.secure_answer_hash, answer))) {
    await fail(ctx, user, key);
    throw new ApiError(422, 'Wrong answer', { validation_errors: [{ field: 'user_answer', message: 'does not match your answer' }] });
  }
}

function phoneOf(user: UserRow): string {
  if (!user.phone || !user.phone_confirmed_at) throw new ApiError(409, 'No phone number is bound to the account', { detail: 'Add a phone number first' });
  return user.phone;
}

/** The security area: password, two-factor, sessions, secure question, phone add and phone change. */
export function accountRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const tags = ['account'];

  app.put<{ Body: { data: { attributes: { old_password: string; password: string; password_confirmation: string; end_other_sessions?: boolean } } } }>(
    '/web-api/api/web/user/v1/password',
    { schema: { summary: 'Change the password (base64 fields), optionally ending every other session', tags, body: accountsRef('account/password-change-request'), response: { 200: message, ...errors(400, 401, 422, 429) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await assertCaptcha(ctx, request, requestConfig(ctx, request), 'passwordChange');
      const a = request.body.data.attributes;
      const oldPassword = decodeBase64Field(a.old_password, 'old_password');
      const password = decodeBase64Field(a.password, 'password');
      const confirmation = decodeBase64Field(a.password_confirmation, 'password_confirmation');
      assertPlainText({ 'data.attributes.password': password, 'data.attributes.password_confirmation': confirmation });
      const site = requestConfig(ctx, request).config.global;
      await assertStrongPassword(password, 'data.attributes.password', [oldPassword, auth.user.email, auth.user.phone, auth.user.first_name, auth.user.last_name, auth.user.id, site.brandName, ...site.domains]);
      if (password !== confirmation) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'data.attributes.password_confirmation', message: 'does not match the password' }] });
      const key = await guard(ctx, auth.user, 'password-change');
      if (!(await verifyPassword(auth.user.password_hash, oldPassword))) {
        await fail(ctx, auth.user, key);
        throw new ApiError(422, 'Wrong current password', { validation_errors: [{ field: 'data.attributes.old_password', message: 'is not your current password' }] });
      }
      if (password === oldPassword) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'data.attributes.password', message: 'must differ from the current password' }] });
      const now = ctx.clock();
      const hashed = await hashPassword(password);
      const ended = await ctx.db.transaction(async (tx) => {
        await updateUser(tx, auth.user.id, { password_hash: hashed }, now);
        return a.end_other_sessions ? revokeSessions(tx, auth.user.id, 'password_changed', now, { exceptId: auth.session.id }) : [];
      });
      await event(ctx, request, auth, 'password_changed', { ended_sessions: ended.length });
      return { message: 'The password was changed' };
    },
  );

  // ---- two-factor ----
  app.post(
    '/officeapi/gettwofactorqrcodeurl',
    { schema: { summary: 'A new two-factor secret as a QR code and otpauth link (pending until enabled)', tags, body: noBody, response: { 200: accountsRef('account/two-factor-qr-response'), ...errors(400, 401, 403, 409) } } },
    async (request, reply) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      if (auth.user.two_factor_enabled_at) throw new ApiError(409, 'Two-factor authentication is already on');
      const secret = base32Encode(newTotpSecret());
      await updateUser(ctx.db, auth.user.id, { two_factor_pending_secret: ctx.secrets.seal(secret) }, ctx.clock());
      const link = otpauthLink(secret, requestBrand(request).name, auth.user.id);
      reply.header('cache-control', 'no-store');
      return { qr_code_url: await QRCode.toDataURL(link), qr_link: link, code: secret, sms_required: auth.user.phone_confirmed_at !== null };
    },
  );

  app.post(
    '/officeapi/sendSmsForTwoFactorActivation',
    { schema: { summary: 'Send the SMS code that two-factor enabling asks for', tags, body: noBody, response: { 200: accountsRef('auth/send-code-response'), ...errors(400, 401, 403, 409, 429, 503) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      assertDelivers(ctx, 'sms', 'The SMS code of two-factor authentication');
      const phone = phoneOf(auth.user);
      const brand = requestBrand(request);
      const sent = await sendCode(ctx, { brandId: brand.id, purpose: 'two-factor-enable', recipient: phone, ip: request.ip, userId: auth.user.id, message: { channel: 'sms', text: (code) => `${brand.name}: code to turn on two-factor authentication: ${code}` } });
      return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  app.post<{ Body: { app_code: string; sms_code?: string } }>(
    '/officeapi/twofactorauthenable',
    { schema: { summary: 'Turn two-factor on with an app code (and the SMS code when the account has a phone)', tags, body: accountsRef('account/two-factor-enable-request'), response: { 200: accountsRef('account/two-factor-enable-response'), ...errors(400, 401, 403, 409, 410, 422, 429) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      const user = auth.user;
      if (user.two_factor_enabled_at) throw new ApiError(409, 'Two-factor authentication is already on');
      if (!user.two_factor_pending_secret) throw new ApiError(409, 'Request a QR code first');
      const smsRequired = user.phone_confirmed_at !== null;
      if (smsRequired && request.body.sms_code === undefined) {
        throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'sms_code', message: 'required' }], error_code: TWO_FACTOR_WRONG_SMS_CODE });
      }
      const key = await guard(ctx, user, 'two-factor-enable');
      const secret = ctx.secrets.open(user.two_factor_pending_secret);
      const step = matchTotp(base32Decode(secret), request.body.app_code.trim(), ctx.clock().getTime());
      if (step === undefined) {
        await fail(ctx, user, key);
        throw new ApiError(422, 'Wrong app code', { validation_errors: [{ field: 'app_code', message: 'is not the current code of your app' }] });
      }
      let smsCodeId: string | undefined;
      if (smsRequired) {
        const check = await checkCode(ctx, { brandId: user.brand_id, purpose: 'two-factor-enable', recipient: user.phone ?? '', code: request.body.sms_code ?? '', consume: false });
        if (!check.ok) {
          const error = codeError(check, 'sms_code');
          throw new ApiError(error.statusCode, check.reason === 'wrong' ? 'Wrong SMS code' : error.message, { ...error.extra, error_code: TWO_FACTOR_WRONG_SMS_CODE });
        }
        smsCodeId = check.id;
      }
      if (smsCodeId && !(await consumeCode(ctx, smsCodeId))) {
        throw new ApiError(410, 'The code has expired or was already used', { detail: 'Request a new code', error_code: TWO_FACTOR_WRONG_SMS_CODE });
      }
      const disableHash = base32Encode(randomBytes(15));
      const now = ctx.clock();
      await updateUser(ctx.db, user.id, {
        two_factor_secret: user.two_factor_pending_secret,
        two_factor_pending_secret: null,
        two_factor_enabled_at: now,
        two_factor_disable_hash: ctx.secrets.keyedHash('two-factor-disable', user.id, disableHash),
        two_factor_last_step: step,
      }, now);
      await event(ctx, request, auth, 'two_factor_enabled');
      return { message: 'Two-factor authentication is on', hash: disableHash };
    },
  );

  app.post<{ Body: { hash: string } }>(
    '/officeapi/twofactorauthdisable',
    { schema: { summary: 'Turn two-factor off with the hash given when it was enabled', tags, body: accountsRef('account/two-factor-disable-request'), response: { 200: message, ...errors(400, 401, 403, 409, 422, 429) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      const user = auth.user;
      if (!user.two_factor_enabled_at || !user.two_factor_disable_hash) throw new ApiError(409, 'Two-factor authentication is off');
      const key = await guard(ctx, user, 'two-factor-disable');
      const given = ctx.secrets.keyedHash('two-factor-disable', user.id, request.body.hash.trim().toUpperCase());
      if (given !== user.two_factor_disable_hash) {
        await fail(ctx, user, key);
        throw new ApiError(422, 'Wrong hash', { validation_errors: [{ field: 'hash', message: 'is not the hash given when two-factor was turned on' }] });
      }
      await updateUser(ctx.db, user.id, { two_factor_secret: null, two_factor_pending_secret: null, two_factor_enabled_at: null, two_factor_disable_hash: null, two_factor_last_step: null }, ctx.clock());
      await event(ctx, request, auth, 'two_factor_disabled');
      return { message: 'Two-factor authentication is off' };
    },
  );

  // ---- sessions ----
  app.post(
    '/officeapi/getusersessions',
    { schema: { summary: 'Live sessions of the account, newest first', tags, body: noBody, response: { 200: accountsRef('account/sessions-response'), ...errors(400, 401) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      const sessions = await listLiveSessions(ctx.db, auth.user.id, ctx.clock());
      return {
        sessions: sessions.map((s) => ({
          session_id: s.id,
          user_agent: s.user_agent,
          ip: s.ip,
          created_at: new Date(s.created_at).toISOString(),
          last_seen_at: new Date(s.last_seen_at).toISOString(),
          current: s.id === auth.session.id,
        })),
      };
    },
  );

  const sessionId = async (request: FastifyRequest) => ({ session_id: (await requireSession(ctx, request)).session.id });
  const sessionIdSchema = { schema: { summary: "This request's session id", tags, response: { 200: accountsRef('account/session-id-response'), ...errors(401) } } };
  app.get('/officeapi/getsessionid', sessionIdSchema, sessionId);
  app.post('/officeapi/getsessionid', { schema: { ...sessionIdSchema.schema, body: noBody, response: { ...sessionIdSchema.schema.response, ...errors(400) } } }, sessionId);

  app.post<{ Body: { session_id: string } }>(
    '/officeapi/closesession',
    { schema: { summary: 'Close one session of the account', tags, body: accountsRef('account/close-session-request'), response: { 200: message, ...errors(400, 401, 404) } } },
    async (request, reply: FastifyReply) => {
      const auth = await requireSession(ctx, request);
      const closed = await revokeSessions(ctx.db, auth.user.id, 'closed', ctx.clock(), { onlyId: request.body.session_id });
      if (closed.length === 0) throw new ApiError(404, 'No such session');
      await event(ctx, request, auth, 'session_closed', { closed_session_id: request.body.session_id });
      if (request.body.session_id === auth.session.id) clearSessionCookie(reply);
      return { message: 'The session was closed' };
    },
  );

  app.post(
    '/officeapi/disconnecteverywhere',
    { schema: { summary: 'Close every other session of the account (this one stays)', tags, body: noBody, response: { 200: message, ...errors(400, 401) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      const closed = await revokeSessions(ctx.db, auth.user.id, 'disconnect_everywhere', ctx.clock(), { exceptId: auth.session.id });
      await event(ctx, request, auth, 'sessions_closed', { count: closed.length });
      return { message: `${closed.length} other session(s) closed` };
    },
  );

  // ---- recent authentication and session limits (ADRs 0206, 0207) ----
  app.post<{ Body: { password: string } }>(
    '/web-api/user/reauth',
    { config: signInRateLimit(ctx), schema: { summary: 'Prove the password again: security changes are allowed for 5 minutes', tags, body: accountsRef('account/reauth-request'), response: { 200: message, ...errors(400, 401, 422, 429) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      // Counted like a sign-in, before the password is checked (ADR 0200): a stolen session cannot guess the password
      // faster than the sign-in form allows. There is no captcha in the dialog: the slow-down and the lock bound it.
      const attempt = await claimLoginAttempt(ctx, auth.user.brand_id, {
        keys: loginKeys('reauth', auth.user.id, request.ip),
        userId: auth.user.id,
        device: readDevice(ctx, request, auth.user.brand_id),
        captchaPassed: false,
        captchaAvailable: false,
      });
      if (!(await verifyPassword(auth.user.password_hash, request.body.password))) {
        await event(ctx, request, auth, 'reauth_failed');
        throw new ApiError(422, 'Wrong password', { validation_errors: [{ field: 'password', message: 'is not your current password' }] });
      }
      await attempt.forgive();
      const now = ctx.clock();
      await markReauthenticated(ctx, auth.session, now);
      await event(ctx, request, auth, 'reauthenticated');
      return { message: 'Password confirmed' };
    },
  );

  const limitsOf = (auth: Authenticated) => {
    const limits = sessionLimits(ctx, auth.user);
    const deadlines = sessionDeadlines(limits, auth.session);
    return {
      now: ctx.clock().toISOString(),
      idle_timeout_seconds: limits.idleMs === undefined ? null : limits.idleMs / 1000,
      idle_ends_at: deadlines.idleEndsAt?.toISOString() ?? null,
      ends_at: deadlines.endsAt.toISOString(),
    };
  };

  app.get(
    '/web-api/user/session/limits',
    { schema: { summary: 'When the session ends without further activity; looking does not count as activity', tags, response: { 200: accountsRef('account/session-limits-response'), ...errors(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await readSession(ctx, request, { touch: false });
      if (!auth) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
      return limitsOf(auth);
    },
  );

  app.post(
    '/web-api/user/session/touch',
    { schema: { summary: '"Stay signed in": counts as activity and answers the new limits', tags, body: noBody, response: { 200: accountsRef('account/session-limits-response'), ...errors(400, 401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireSession(ctx, request);
      const now = ctx.clock();
      await ctx.db.query('update accounts_sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2', [auth.session.id, now]);
      return limitsOf({ ...auth, session: { ...auth.session, last_seen_at: now } });
    },
  );

  // ---- secure question ----
  app.get(
    '/officeapi/getsecurequestions',
    { schema: { summary: 'Secure questions to choose from', tags, response: { 200: accountsRef('account/secure-questions-response') } } },
    async () => ({ questions: SECURE_QUESTIONS.map((q) => ({ ...q })) }),
  );

  app.post(
    '/officeapi/getUserSecureQuestion',
    { schema: { summary: "The account's secure question", tags, body: noBody, response: { 200: accountsRef('account/user-secure-question-response'), ...errors(400, 401) } } },
    async (request) => ({ secure_question: secureQuestionText((await requireSession(ctx, request)).user) }),
  );

  // The answers are stored: their bodies are taken as sent, never coerced or stripped into shape.
  const strict = strictValidatorCompiler(accountsApiSchemas());
  const setAnswer = async (request: FastifyRequest, question: { key: string; custom: boolean }, body: { answer: string; answer_repeat: string; password?: string }) => {
    const auth = await requireSession(ctx, request);
    // The answer is hashed, but a custom question is stored and shown again: both are free text a person types.
    assertPlainText({ ...(question.custom ? { question: question.key } : {}), answer: body.answer, answer_repeat: body.answer_repeat });
    if (body.answer.trim() !== body.answer_repeat.trim()) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'answer_repeat', message: 'does not match the answer' }] });
    // Replacing the answer would bypass the phone change's check: it needs the password. A password that is sent is
    // checked even for a first answer: a wrong one is refused, never ignored.
    if (auth.user.secure_answer_hash || body.password !== undefined) {
      const key = await guard(ctx, auth.user, 'password-change');
      if (body.password === undefined || !(await verifyPassword(auth.user.password_hash, body.password))) {
        await fail(ctx, auth.user, key);
        throw new ApiError(403, 'Enter your current password to change the secure question', { validation_errors: [{ field: 'password', message: 'is not your current password' }] });
      }
    }
    await updateUser(ctx.db, auth.user.id, { secure_question: question.key, secure_question_custom: question.custom, secure_answer_hash: await hashAnswer(body.answer) }, ctx.clock());
    await event(ctx, request, auth, 'secure_question_set', { custom: question.custom });
    return { message: 'The secure question was saved' };
  };

  app.post<{ Body: { question_id: number; answer: string; answer_repeat: string; password?: string } }>(
    '/officeapi/setanswertosecurequestion',
    { validatorCompiler: strict, schema: { summary: 'Choose a secure question and answer it', tags, body: accountsRef('account/secure-answer-request'), response: { 200: message, ...errors(400, 401, 403, 422, 429) } } },
    async (request) => {
      const question = SECURE_QUESTIONS.find((q) => q.id === request.body.question_id);
      if (!question) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'question_id', message: 'is not one of the questions' }] });
      return setAnswer(request, { key: question.key, custom: false }, request.body);
    },
  );

  app.post<{ Body: { question: string; answer: string; answer_repeat: string; password?: string } }>(
    '/officeapi/setanswertocustomsecurequestion',
    { validatorCompiler: strict, schema: { summary: 'Write an own secure question and answer it', tags, body: accountsRef('account/custom-secure-answer-request'), response: { 200: message, ...errors(400, 401, 403, 422, 429) } } },
    async (request) => setAnswer(request, { key: request.body.question.trim(), custom: true }, request.body),
  );

  // ---- phone add ----
  app.post<{ Body: { phone_number: string; country_code?: string } }>(
    '/web-api/api/internal/v2/phone-actions/create-phone-number',
    { schema: { summary: 'Bind a phone to an account without one: sends a code to it', tags, body: accountsRef('account/phone-create-request'), response: { 200: accountsRef('account/phone-send-code-response'), ...errors(400, 401, 403, 409, 429, 503) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      assertDelivers(ctx, 'sms', 'Adding a phone number');
      if (auth.user.phone_confirmed_at) throw new ApiError(409, 'A phone number is already bound', { detail: 'Use the phone change instead' });
      const phone = normalisePhone(request.body.phone_number, request.body.country_code, phoneRulesOf(requestConfig(ctx, request).config), 'phone_number');
      const brand = requestBrand(request);
      const sent = await sendCode(ctx, { brandId: brand.id, purpose: 'phone-add', recipient: phone, ip: request.ip, userId: auth.user.id, message: { channel: 'sms', text: (code) => `${brand.name}: code to add this phone to your account: ${code}` } });
      return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  app.post<{ Body: { phone_number: string; country_code?: string; confirm_code: string; is_send_sms_to_apps?: boolean } }>(
    '/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm',
    { schema: { summary: 'Confirm the added phone with its code', tags, body: accountsRef('account/phone-create-confirm-request'), response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      if (auth.user.phone_confirmed_at) throw new ApiError(409, 'A phone number is already bound', { detail: 'Use the phone change instead' });
      const phone = normalisePhone(request.body.phone_number, request.body.country_code, phoneRulesOf(requestConfig(ctx, request).config), 'phone_number');
      const check = await checkCode(ctx, { brandId: auth.user.brand_id, purpose: 'phone-add', recipient: phone, code: request.body.confirm_code, consume: false });
      if (!check.ok || check.userId !== auth.user.id) throw codeError(check.ok ? { reason: 'wrong' } : check);
      await bindPhone(ctx, auth, phone, check.id);
      await event(ctx, request, auth, 'phone_added');
      return { message: 'The phone number was added' };
    },
  );

  // ---- phone change: send code, check code, answer the secure question, change ----
  app.post(
    '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode',
    { schema: { summary: 'Phone change, step 1: a code to the current phone', tags, body: noBody, response: { 200: accountsRef('account/phone-send-code-response'), ...errors(400, 401, 403, 409, 429, 503) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      assertDelivers(ctx, 'sms', 'Changing the phone number');
      await assertCaptcha(ctx, request, requestConfig(ctx, request), 'phoneChange');
      const phone = phoneOf(auth.user);
      const brand = requestBrand(request);
      const sent = await sendCode(ctx, { brandId: brand.id, purpose: 'phone-change', recipient: phone, ip: request.ip, userId: auth.user.id, message: { channel: 'sms', text: (code) => `${brand.name}: code to change your phone number: ${code}. If it was not you, change your password.` } });
      return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  // Steps 2 and 3 spend tries of the code and of the answer: POSTs, so the CSRF check guards them (ADR 0205).
  app.post<{ Body: { confirm_code: string } }>(
    '/web-api/api/internal/v3/phone-number/update/check-confirm-code',
    { schema: { summary: 'Phone change, step 2: check the code (it stays valid for the last step)', tags, body: accountsRef('account/phone-check-code-request'), response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      const check = await checkCode(ctx, { brandId: auth.user.brand_id, purpose: 'phone-change', recipient: phoneOf(auth.user), code: request.body.confirm_code, consume: false });
      if (!check.ok) throw codeError(check);
      return { message: 'The code is correct' };
    },
  );

  app.post<{ Body: { user_answer: string } }>(
    '/web-api/api/internal/v3/phone-number/update/check-user-answer',
    { schema: { summary: 'Phone change, step 3: check the secure answer', tags, body: accountsRef('account/phone-check-answer-request'), response: { 200: message, ...errors(400, 401, 403, 422, 429) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      await checkAnswer(ctx, auth.user, request.body.user_answer);
      return { message: auth.user.secure_answer_hash ? 'The answer is correct' : 'No secure question is set' };
    },
  );

  app.post<{ Body: { phone_number: string; country_code?: string; confirm_code: string; user_answer?: string } }>(
    '/web-api/api/internal/v2/phone-actions/update-phone-number',
    { schema: { summary: 'Phone change, step 4: the new number, with the code and the answer; sends a code to the new number', tags, body: accountsRef('account/phone-update-request'), response: { 200: accountsRef('account/phone-send-code-response'), ...errors(400, 401, 403, 409, 410, 422, 429, 503) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      assertDelivers(ctx, 'sms', 'Changing the phone number');
      const current = phoneOf(auth.user);
      const phone = normalisePhone(request.body.phone_number, request.body.country_code, phoneRulesOf(requestConfig(ctx, request).config), 'phone_number');
      const check = await checkCode(ctx, { brandId: auth.user.brand_id, purpose: 'phone-change', recipient: current, code: request.body.confirm_code, consume: false });
      if (!check.ok) throw codeError(check);
      await checkAnswer(ctx, auth.user, request.body.user_answer);
      if (phone === current) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'phone_number', message: 'is your current number' }] });
      const owner = await findUserByPhone(ctx.db, auth.user.brand_id, phone);
      if (owner && owner.id !== auth.user.id) throw new ApiError(409, 'This phone number is used by another account');
      // Each new-number code is an SMS to a number the bettor typed: a few per window, beside the sending limits.
      const key = await guard(ctx, auth.user, 'phone-change-new-number');
      const now = ctx.clock();
      // Only the newest number asked for can be confirmed.
      await ctx.db.query(
        `update accounts_codes set expires_at = $3 where brand_id = $1 and purpose = 'phone-change-new' and user_id = $2 and consumed_at is null and expires_at > $3`,
        [auth.user.brand_id, auth.user.id, now],
      );
      const brand = requestBrand(request);
      const sent = await sendCode(ctx, {
        brandId: brand.id,
        purpose: 'phone-change-new',
        recipient: phone,
        ip: request.ip,
        userId: auth.user.id,
        payload: { from: current, old_code_id: check.id },
        message: { channel: 'sms', text: (code) => `${brand.name}: code to make this the phone number of your account: ${code}` },
      });
      await fail(ctx, auth.user, key);
      await event(ctx, request, auth, 'phone_change_requested', { to: phone.slice(-4) });
      return { message: 'The code was sent to the new number', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
    },
  );

  app.post<{ Body: { confirm_code: string } }>(
    '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm',
    { schema: { summary: 'Phone change, step 5: the code sent to the new number; the number is changed', tags, body: accountsRef('account/phone-change-confirm-request'), response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) } } },
    async (request) => {
      const auth = await requireSession(ctx, request);
      await requireRecentAuth(ctx, auth);
      const current = phoneOf(auth.user);
      const { rows } = await ctx.db.query<{ recipient: string }>(
        `select recipient from accounts_codes where brand_id = $1 and purpose = 'phone-change-new' and user_id = $2 order by created_at desc, id limit 1`,
        [auth.user.brand_id, auth.user.id],
      );
      const phone = rows[0]?.recipient;
      if (!phone) throw codeError({ reason: 'spent' });
      const check = await checkCode(ctx, { brandId: auth.user.brand_id, purpose: 'phone-change-new', recipient: phone, code: request.body.confirm_code, consume: false });
      if (!check.ok || check.userId !== auth.user.id) throw codeError(check.ok ? { reason: 'wrong' } : check);
      const oldCodeId = check.payload?.['old_code_id'];
      // The phone this change started from must still be the account's: otherwise its proof is about another number.
      if (check.payload?.['from'] !== current || typeof oldCodeId !== 'string') throw codeError({ reason: 'spent' });
      await bindPhone(ctx, auth, phone, check.id, oldCodeId);
      await event(ctx, request, auth, 'phone_changed', { from: current.slice(-4), to: phone.slice(-4) });
      return { message: 'The phone number was changed' };
    },
  );
}

/**
 * Binds a proven phone and spends its code (and, for a phone change, the old phone's code) in one transaction; a
 * number taken on the brand answers 409, a code already spent 410, and neither leaves anything written.
 */
async function bindPhone(ctx: AccountsContext, auth: Authenticated, phone: string, codeId: string, oldPhoneCodeId?: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const owner = await findUserByPhone(tx, auth.user.brand_id, phone);
    if (owner && owner.id !== auth.user.id) throw new ApiError(409, 'This phone number is used by another account');
    for (const id of oldPhoneCodeId ? [codeId, oldPhoneCodeId] : [codeId]) {
      const { rowCount } = await tx.query('update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null', [id, now]);
      if (rowCount !== 1) throw new ApiError(410, 'The code has expired or was already used', { detail: 'Request a new code' });
    }
    await updateUser(tx, auth.user.id, { phone, phone_confirmed_at: now }, now);
    // Proven here, so no other account keeps it unproven (ADR 0201).
    await dropUnprovenPhone(tx, { brandId: auth.user.brand_id, phone, provenBy: auth.user.id, ip: auth.session.ip, userAgent: auth.session.user_agent }, now);
  });
}
