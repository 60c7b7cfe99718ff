import {
  checkPhoneChangeAnswer,
  checkPhoneChangeCode,
  confirmPhoneAdd,
  confirmPhoneChange,
  requestPhoneChange,
  requireRecentSession,
  sendPhoneChangeCode,
  startPhoneAdd,
  type AccountsContext,
} from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import { errors, message, noBody, tags } from './account-route-kit';

/** Phone add (an account without a proven phone) and phone change (spec section 4); each step needs a recent password. */
export function phoneRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.post<{ Body: ApiPayload<'account/phone-create-request'> }>(
    '/web-api/api/internal/v2/phone-actions/create-phone-number',
    {
      schema: {
        summary: 'Bind a phone to an account without one: sends a code to it',
        tags,
        body: apiRef('account/phone-create-request'),
        response: { 200: apiRef('account/phone-send-code-response'), ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => startPhoneAdd(ctx, request, await requireRecentSession(ctx, request), request.body),
  );

  app.post<{ Body: ApiPayload<'account/phone-create-confirm-request'> }>(
    '/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm',
    {
      schema: {
        summary: 'Confirm the added phone with its code',
        tags,
        body: apiRef('account/phone-create-confirm-request'),
        response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) },
      },
    },
    async (request) => confirmPhoneAdd(ctx, request, await requireRecentSession(ctx, request), request.body),
  );

  app.post(
    '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode',
    {
      schema: {
        summary: 'Phone change, step 1: a code to the current phone',
        tags,
        body: noBody,
        response: { 200: apiRef('account/phone-send-code-response'), ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => sendPhoneChangeCode(ctx, request, await requireRecentSession(ctx, request)),
  );

  // Steps 2 and 3 spend tries of the code and of the answer: POSTs, so the CSRF check guards them (ADR 0205).
  app.post<{ Body: ApiPayload<'account/phone-check-code-request'> }>(
    '/web-api/api/internal/v3/phone-number/update/check-confirm-code',
    {
      schema: {
        summary: 'Phone change, step 2: check the code (it stays valid for the last step)',
        tags,
        body: apiRef('account/phone-check-code-request'),
        response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) },
      },
    },
    async (request) => checkPhoneChangeCode(ctx, await requireRecentSession(ctx, request), request.body.confirm_code),
  );

  app.post<{ Body: ApiPayload<'account/phone-check-answer-request'> }>(
    '/web-api/api/internal/v3/phone-number/update/check-user-answer',
    {
      schema: {
        summary: 'Phone change, step 3: check the secure answer',
        tags,
        body: apiRef('account/phone-check-answer-request'),
        response: { 200: message, ...errors(400, 401, 403, 422, 429) },
      },
    },
    async (request) => checkPhoneChangeAnswer(ctx, await requireRecentSession(ctx, request), request.body.user_answer),
  );

  app.post<{ Body: ApiPayload<'account/phone-update-request'> }>(
    '/web-api/api/internal/v2/phone-actions/update-phone-number',
    {
      schema: {
        summary: 'Phone change, step 4: the new number, with the code and the answer; sends a code to the new number',
        tags,
        body: apiRef('account/phone-update-request'),
        response: {
          200: apiRef('account/phone-send-code-response'),
          ...errors(400, 401, 403, 409, 410, 422, 429, 503),
        },
      },
    },
    async (request) => requestPhoneChange(ctx, request, await requireRecentSession(ctx, request), request.body),
  );

  app.post<{ Body: ApiPayload<'account/phone-change-confirm-request'> }>(
    '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm',
    {
      schema: {
        summary: 'Phone change, step 5: the code sent to the new number; the number is changed',
        tags,
        body: apiRef('account/phone-change-confirm-request'),
        response: { 200: message, ...errors(400, 401, 403, 409, 410, 422) },
      },
    },
    async (request) =>
      confirmPhoneChange(ctx, request, await requireRecentSession(ctx, request), request.body.confirm_code),
  );
}
