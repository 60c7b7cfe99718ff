import {
  disableTwoFactor,
  enableTwoFactor,
  requireRecentSession,
  sendTwoFactorSms,
  startTwoFactor,
  type AccountsContext,
} from '@tessera/server/accounts';
import { apiRoutes } from '@tessera/server/http';
import type { FastifyInstance } from 'fastify';

/** Two-factor authentication: QR code, SMS code, enable, disable; each needs a recent password (ADR 0206). */
export function twoFactorRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const routes = apiRoutes(app, { tags: ['account'] });
  routes.post('/officeapi/gettwofactorqrcodeurl', {
    summary: 'A new two-factor secret as a QR code and otpauth link (pending until enabled)',
    body: 'auth/empty-request',
    reply: 'account/two-factor-qr-response',
    errors: [400, 401, 403, 409],
    handler: async (request, reply) => {
      const started = await startTwoFactor(ctx, request, await requireRecentSession(ctx, request));
      reply.header('cache-control', 'no-store');
      return started;
    },
  });
  routes.post('/officeapi/sendSmsForTwoFactorActivation', {
    summary: 'Send the SMS code that two-factor enabling asks for',
    body: 'auth/empty-request',
    reply: 'auth/send-code-response',
    errors: [400, 401, 403, 409, 429, 503],
    handler: async (request) => sendTwoFactorSms(ctx, request, await requireRecentSession(ctx, request)),
  });
  routes.post('/officeapi/twofactorauthenable', {
    summary: 'Turn two-factor on with an app code (and the SMS code when the account has a phone)',
    body: 'account/two-factor-enable-request',
    reply: 'account/two-factor-enable-response',
    errors: [400, 401, 403, 409, 410, 422, 429],
    handler: async (request) => enableTwoFactor(ctx, request, await requireRecentSession(ctx, request), request.body),
  });
  routes.post('/officeapi/twofactorauthdisable', {
    summary: 'Turn two-factor off with the hash given when it was enabled',
    body: 'account/two-factor-disable-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 409, 422, 429],
    handler: async (request) =>
      disableTwoFactor(ctx, request, await requireRecentSession(ctx, request), request.body.hash),
  });
}
