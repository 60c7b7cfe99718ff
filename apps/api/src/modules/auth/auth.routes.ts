import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { ref } from '@tessera/server/http';
import {
  type AccountsContext,
  activateEmail,
  checkResetToken,
  confirmRegistration,
  devOutbox,
  passwordResetStep,
  readSession,
  requestBrand,
  requireSession,
  resendActivation,
  secondStepLogin,
  sendRegistrationCode,
  sendSmsSignInCode,
  sessionStatus,
  signIn,
  signInRateLimit,
  signOut,
  smsSignIn,
  startRegistration,
  userTokenAnswer,
} from '@tessera/server/accounts';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const tags = ['auth'];

/** Registration, sign-in (password, SMS, second step), sign-out, service tokens, password reset, activation, dev outbox. */
export function authRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  // Reset messages go out after the answer (libs/server/accounts README, "Second-step lockout, proving the new phone"); closing the server waits for those still on their way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });

  app.post<{ Body: ApiPayload<'auth/registration-send-code-request'> }>(
    '/web-api/user/registration/send-code',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Send the SMS code of a phone registration',
        tags,
        body: apiRef('auth/registration-send-code-request'),
        response: { 200: apiRef('auth/send-code-response'), ...errors(400, 403, 429, 503) },
      },
    },
    async (request) => sendRegistrationCode(ctx, request, request.body),
  );

  app.post<{ Body: ApiPayload<'auth/registration-request'> }>(
    '/web-api/user/registration',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary:
          'Register (fast, phone, full or short variant): signs in (201), or with an e-mail address sends it a message and waits for its code (202)',
        tags,
        body: apiRef('auth/registration-request'),
        response: {
          201: apiRef('auth/registration-response'),
          202: apiRef('auth/registration-pending-response'),
          ...errors(400, 403, 410, 422, 429),
        },
      },
    },
    async (request, reply) => startRegistration(ctx, request, reply, request.body, { deliveries }),
  );

  app.post<{ Body: ApiPayload<'auth/registration-confirm-request'> }>(
    '/web-api/user/registration/confirm',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Finish a registration with the code from its e-mail: opens the account and signs in',
        tags,
        body: apiRef('auth/registration-confirm-request'),
        response: { 201: apiRef('auth/registration-response'), ...errors(400, 410, 422, 429) },
      },
    },
    async (request, reply) => confirmRegistration(ctx, request, reply, request.body),
  );

  app.post<{ Body: ApiPayload<'auth/login-request'> }>(
    '/web-api/user/auth',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Sign in with e-mail, phone or account id and password',
        tags,
        body: apiRef('auth/login-request'),
        response: { 200: apiRef('auth/login-response'), ...errors(400, 401, 403, 428, 429) },
      },
    },
    async (request, reply) => signIn(ctx, request, reply, request.body),
  );

  app.post<{ Body: ApiPayload<'auth/two-factor-login-request'> }>(
    '/web-api/user/twoauth',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Second sign-in step: the authenticator app code',
        tags,
        body: apiRef('auth/two-factor-login-request'),
        response: { 200: apiRef('auth/login-response'), ...errors(400, 401, 410, 429) },
      },
    },
    async (request, reply) => secondStepLogin(ctx, request, reply, requestBrand(request).id, request.body),
  );

  app.post<{ Body: ApiPayload<'auth/sms-send-code-request'> }>(
    '/web-api/sms-auth/send-code',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Send a sign-in code by SMS (same answer for unknown numbers)',
        tags,
        body: apiRef('auth/sms-send-code-request'),
        response: { 200: apiRef('auth/send-code-response'), ...errors(400, 403, 429, 503) },
      },
    },
    async (request) => sendSmsSignInCode(ctx, request, request.body),
  );

  app.post<{ Body: ApiPayload<'auth/sms-check-code-request'> }>(
    '/web-api/sms-auth/check-code',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Sign in with the SMS code',
        tags,
        body: apiRef('auth/sms-check-code-request'),
        response: { 200: apiRef('auth/login-response'), ...errors(400, 403, 410, 422, 429) },
      },
    },
    async (request, reply) => smsSignIn(ctx, request, reply, request.body),
  );

  app.post(
    '/web-api/user/disconnect',
    {
      schema: {
        summary: 'Sign out this session',
        tags,
        body: apiRef('auth/empty-request'),
        response: { 200: apiRef('auth/message-response'), ...errors(400) },
      },
    },
    async (request, reply) => signOut(ctx, request, reply),
  );

  app.get(
    '/web-api/user/session',
    { schema: { summary: 'Who is signed in', tags, response: { 200: apiRef('auth/session-response') } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return sessionStatus(await readSession(ctx, request));
    },
  );

  app.get(
    '/web-api/api/mobile/v1/token/',
    {
      schema: {
        summary: 'The service user token of the signed-in session',
        tags,
        response: { 200: apiRef('auth/token-response'), ...errors(403) },
      },
    },
    async (request, reply) => {
      const auth = await readSession(ctx, request);
      if (!auth) throw new ApiError(403, 'Not signed in');
      reply.header('cache-control', 'no-store');
      return userTokenAnswer(ctx, auth.session.id);
    },
  );

  app.post(
    '/web-api/api/mobile/v1/token/refresh',
    {
      schema: {
        summary: 'A fresh service user token (bearer: the current one)',
        tags,
        body: apiRef('auth/token-refresh-request'),
        response: { 200: apiRef('auth/token-response'), ...errors(401) },
      },
    },
    async (request, reply) => {
      const auth = await requireSession(ctx, request);
      reply.header('cache-control', 'no-store');
      return userTokenAnswer(ctx, auth.session.id);
    },
  );

  app.post<{ Body: ApiPayload<'auth/password-reset-request'> }>(
    '/web-api/api/internal/v1/user/passwordreset',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Ask for a password reset (same answer for unknown logins), or set the new password with the token',
        tags,
        body: apiRef('auth/password-reset-request'),
        response: { 200: apiRef('auth/message-response'), ...errors(400, 403, 410, 422, 429) },
      },
    },
    async (request) => passwordResetStep(ctx, request, request.body.data.attributes, { deliveries }),
  );

  app.get<{ Querystring: ApiPayload<'auth/password-reset-query'> }>(
    '/web-api/api/internal/v1/user/passwordreset',
    {
      schema: {
        summary: 'Whether a password reset token is still valid',
        tags,
        querystring: apiRef('auth/password-reset-query'),
        response: { 200: apiRef('auth/message-response'), ...errors(400, 410) },
      },
    },
    async (request) => checkResetToken(ctx, request, request.query.token),
  );

  app.post<{ Body: ApiPayload<'auth/activate-request'> }>(
    '/web-api/api/internal/v1/user/activate',
    {
      schema: {
        summary: 'Confirm the e-mail address with the activation token',
        tags,
        body: apiRef('auth/activate-request'),
        response: { 200: apiRef('auth/message-response'), ...errors(400, 410) },
      },
    },
    async (request) => activateEmail(ctx, request, request.body.data.attributes.token),
  );

  app.post(
    '/web-api/user/sendActivationMail',
    {
      schema: {
        summary: 'Send the e-mail activation link again (3 an hour)',
        tags,
        body: apiRef('auth/empty-request'),
        response: { 200: apiRef('auth/message-response'), ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => resendActivation(ctx, request, await requireSession(ctx, request)),
  );

  // Never registered in production (item 19 of issue 12): nothing under /__dev exists there.
  if (ctx.mode !== 'production') {
    app.get<{ Querystring: ApiPayload<'auth/outbox-query'> }>(
      '/__dev/outbox',
      {
        schema: {
          summary: 'Development only: messages sent to an address, newest first',
          tags: ['development'],
          querystring: apiRef('auth/outbox-query'),
          response: { 200: apiRef('auth/outbox-response') },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return devOutbox(ctx, request.query.to);
      },
    );
  }
}
