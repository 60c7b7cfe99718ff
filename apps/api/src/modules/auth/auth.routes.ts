import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { apiRoutes, errorAnswers } from '@tessera/server/http';
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

/** Registration, sign-in (password, SMS, second step), sign-out, service tokens, password reset, activation, dev outbox. */
export function authRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  // Reset messages go out after the answer (libs/server/accounts README, "Second-step lockout, proving the new phone"); closing the server waits for those still on their way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });
  const routes = apiRoutes(app, { tags: ['auth'] });

  routes.post('/web-api/user/registration/send-code', {
    summary: 'Send the SMS code of a phone registration',
    config: signInRateLimit(ctx),
    body: 'auth/registration-send-code-request',
    reply: 'auth/send-code-response',
    errors: [400, 403, 429, 503],
    handler: (request) => sendRegistrationCode(ctx, request, request.body),
  });
  app.post<{ Body: ApiPayload<'auth/registration-request'> }>(
    '/web-api/user/registration',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary:
          'Register (fast, phone, full or short variant): signs in (201), or with an e-mail address sends it a message and waits for its code (202)',
        tags: ['auth'],
        body: apiRef('auth/registration-request'),
        response: {
          201: apiRef('auth/registration-response'),
          202: apiRef('auth/registration-pending-response'),
          ...errorAnswers(400, 403, 410, 422, 429),
        },
      },
    },
    async (request, reply) => startRegistration(ctx, request, reply, request.body, { deliveries }),
  );
  routes.post('/web-api/user/registration/confirm', {
    summary: 'Finish a registration with the code from its e-mail: opens the account and signs in',
    config: signInRateLimit(ctx),
    body: 'auth/registration-confirm-request',
    reply: 'auth/registration-response',
    status: 201,
    errors: [400, 410, 422, 429],
    handler: (request, reply) => confirmRegistration(ctx, request, reply, request.body),
  });
  routes.post('/web-api/user/auth', {
    summary: 'Sign in with e-mail, phone or account id and password',
    config: signInRateLimit(ctx),
    body: 'auth/login-request',
    reply: 'auth/login-response',
    errors: [400, 401, 403, 428, 429],
    handler: (request, reply) => signIn(ctx, request, reply, request.body),
  });
  routes.post('/web-api/user/twoauth', {
    summary: 'Second sign-in step: the authenticator app code',
    config: signInRateLimit(ctx),
    body: 'auth/two-factor-login-request',
    reply: 'auth/login-response',
    errors: [400, 401, 410, 429],
    handler: (request, reply) => secondStepLogin(ctx, request, reply, requestBrand(request).id, request.body),
  });
  routes.post('/web-api/sms-auth/send-code', {
    summary: 'Send a sign-in code by SMS (same answer for unknown numbers)',
    config: signInRateLimit(ctx),
    body: 'auth/sms-send-code-request',
    reply: 'auth/send-code-response',
    errors: [400, 403, 429, 503],
    handler: (request) => sendSmsSignInCode(ctx, request, request.body),
  });
  routes.post('/web-api/sms-auth/check-code', {
    summary: 'Sign in with the SMS code',
    config: signInRateLimit(ctx),
    body: 'auth/sms-check-code-request',
    reply: 'auth/login-response',
    errors: [400, 403, 410, 422, 429],
    handler: (request, reply) => smsSignIn(ctx, request, reply, request.body),
  });
  routes.post('/web-api/user/disconnect', {
    summary: 'Sign out this session',
    body: 'auth/empty-request',
    reply: 'auth/message-response',
    errors: [400],
    handler: (request, reply) => signOut(ctx, request, reply),
  });
  routes.get('/web-api/user/session', {
    summary: 'Who is signed in',
    reply: 'auth/session-response',
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return sessionStatus(await readSession(ctx, request));
    },
  });
  routes.get('/web-api/api/mobile/v1/token/', {
    summary: 'The service user token of the signed-in session',
    reply: 'auth/token-response',
    errors: [403],
    handler: async (request, reply) => {
      const auth = await readSession(ctx, request);
      if (!auth) throw new ApiError(403, 'Not signed in');
      reply.header('cache-control', 'no-store');
      return userTokenAnswer(ctx, auth.session.id);
    },
  });
  routes.post('/web-api/api/mobile/v1/token/refresh', {
    summary: 'A fresh service user token (bearer: the current one)',
    body: 'auth/token-refresh-request',
    reply: 'auth/token-response',
    errors: [401],
    handler: async (request, reply) => {
      const auth = await requireSession(ctx, request);
      reply.header('cache-control', 'no-store');
      return userTokenAnswer(ctx, auth.session.id);
    },
  });
  routes.post('/web-api/api/internal/v1/user/passwordreset', {
    summary: 'Ask for a password reset (same answer for unknown logins), or set the new password with the token',
    config: signInRateLimit(ctx),
    body: 'auth/password-reset-request',
    reply: 'auth/message-response',
    errors: [400, 403, 410, 422, 429],
    handler: (request) => passwordResetStep(ctx, request, request.body.data.attributes, { deliveries }),
  });
  routes.get('/web-api/api/internal/v1/user/passwordreset', {
    summary: 'Whether a password reset token is still valid',
    querystring: 'auth/password-reset-query',
    reply: 'auth/message-response',
    errors: [400, 410],
    handler: (request) => checkResetToken(ctx, request, request.query.token),
  });
  routes.post('/web-api/api/internal/v1/user/activate', {
    summary: 'Confirm the e-mail address with the activation token',
    body: 'auth/activate-request',
    reply: 'auth/message-response',
    errors: [400, 410],
    handler: (request) => activateEmail(ctx, request, request.body.data.attributes.token),
  });
  routes.post('/web-api/user/sendActivationMail', {
    summary: 'Send the e-mail activation link again (3 an hour)',
    body: 'auth/empty-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 409, 429, 503],
    handler: async (request) => resendActivation(ctx, request, await requireSession(ctx, request)),
  });

  // Never registered in production (item 19 of issue 12): nothing under /__dev exists there.
  if (ctx.mode !== 'production') {
    routes.get('/__dev/outbox', {
      summary: 'Development only: messages sent to an address, newest first',
      tags: ['development'],
      querystring: 'auth/outbox-query',
      reply: 'auth/outbox-response',
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return devOutbox(ctx, request.query.to);
      },
    });
  }
}
