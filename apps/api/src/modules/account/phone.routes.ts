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
import { apiRoutes } from '@tessera/server/http';
import type { FastifyInstance } from 'fastify';

/** Phone add (an account without a proven phone) and phone change (spec section 4); each step needs a recent password. */
export function phoneRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const routes = apiRoutes(app, { tags: ['account'] });
  const recent = (request: Parameters<typeof requireRecentSession>[1]) => requireRecentSession(ctx, request);

  routes.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
    summary: 'Bind a phone to an account without one: sends a code to it',
    body: 'account/phone-create-request',
    reply: 'account/phone-send-code-response',
    errors: [400, 401, 403, 409, 429, 503],
    handler: async (request) => startPhoneAdd(ctx, request, await recent(request), request.body),
  });
  routes.post('/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm', {
    summary: 'Confirm the added phone with its code',
    body: 'account/phone-create-confirm-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 409, 410, 422],
    handler: async (request) => confirmPhoneAdd(ctx, request, await recent(request), request.body),
  });
  routes.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode', {
    summary: 'Phone change, step 1: a code to the current phone',
    body: 'auth/empty-request',
    reply: 'account/phone-send-code-response',
    errors: [400, 401, 403, 409, 429, 503],
    handler: async (request) => sendPhoneChangeCode(ctx, request, await recent(request)),
  });
  // Steps 2 and 3 spend tries of the code and of the answer: POSTs, so the CSRF check guards them (ADR 0205).
  routes.post('/web-api/api/internal/v3/phone-number/update/check-confirm-code', {
    summary: 'Phone change, step 2: check the code (it stays valid for the last step)',
    body: 'account/phone-check-code-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 409, 410, 422],
    handler: async (request) => checkPhoneChangeCode(ctx, await recent(request), request.body.confirm_code),
  });
  routes.post('/web-api/api/internal/v3/phone-number/update/check-user-answer', {
    summary: 'Phone change, step 3: check the secure answer',
    body: 'account/phone-check-answer-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 422, 429],
    handler: async (request) => checkPhoneChangeAnswer(ctx, await recent(request), request.body.user_answer),
  });
  routes.post('/web-api/api/internal/v2/phone-actions/update-phone-number', {
    summary: 'Phone change, step 4: the new number, with the code and the answer; sends a code to the new number',
    body: 'account/phone-update-request',
    reply: 'account/phone-send-code-response',
    errors: [400, 401, 403, 409, 410, 422, 429, 503],
    handler: async (request) => requestPhoneChange(ctx, request, await recent(request), request.body),
  });
  routes.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm', {
    summary: 'Phone change, step 5: the code sent to the new number; the number is changed',
    body: 'account/phone-change-confirm-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 409, 410, 422],
    handler: async (request) => confirmPhoneChange(ctx, request, await recent(request), request.body.confirm_code),
  });
}
