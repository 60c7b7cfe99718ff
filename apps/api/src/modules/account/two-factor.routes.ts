import {
  disableTwoFactor,
  enableTwoFactor,
  requireRecentSession,
  sendTwoFactorSms,
  startTwoFactor,
  type AccountsContext,
} from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import { errors, message, noBody, tags } from './account-route-kit';

/** Two-factor authentication: QR code, SMS code, enable, disable; each needs a recent password (ADR 0206). */
export function twoFactorRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.post(
    '/officeapi/gettwofactorqrcodeurl',
    {
      schema: {
        summary: 'A new two-factor secret as a QR code and otpauth link (pending until enabled)',
        tags,
        body: noBody,
        response: { 200: apiRef('account/two-factor-qr-response'), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const started = await startTwoFactor(ctx, request, await requireRecentSession(ctx, request));
      reply.header('cache-control', 'no-store');
      return started;
    },
  );

  app.post(
    '/officeapi/sendSmsForTwoFactorActivation',
    {
      schema: {
        summary: 'Send the SMS code that two-factor enabling asks for',
        tags,
        body: noBody,
        response: { 200: apiRef('auth/send-code-response'), ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => sendTwoFactorSms(ctx, request, await requireRecentSession(ctx, request)),
  );

  app.post<{ Body: ApiPayload<'account/two-factor-enable-request'> }>(
    '/officeapi/twofactorauthenable',
    {
      schema: {
        summary: 'Turn two-factor on with an app code (and the SMS code when the account has a phone)',
        tags,
        body: apiRef('account/two-factor-enable-request'),
        response: {
          200: apiRef('account/two-factor-enable-response'),
          ...errors(400, 401, 403, 409, 410, 422, 429),
        },
      },
    },
    async (request) => enableTwoFactor(ctx, request, await requireRecentSession(ctx, request), request.body),
  );

  app.post<{ Body: ApiPayload<'account/two-factor-disable-request'> }>(
    '/officeapi/twofactorauthdisable',
    {
      schema: {
        summary: 'Turn two-factor off with the hash given when it was enabled',
        tags,
        body: apiRef('account/two-factor-disable-request'),
        response: { 200: message, ...errors(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request) => disableTwoFactor(ctx, request, await requireRecentSession(ctx, request), request.body.hash),
  );
}
