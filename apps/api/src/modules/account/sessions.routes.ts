import { ApiError } from '@tessera/server/api-errors';
import {
  clearSessionCookie,
  closeOtherSessions,
  closeSession,
  keepSessionAlive,
  liveSessionsOf,
  readSession,
  reauthenticate,
  requireSession,
  sessionLimitsView,
  signInRateLimit,
  type AccountsContext,
} from '@tessera/server/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import { errors, message, noBody, tags } from './account-route-kit';

/** Live sessions, closing them, re-authentication (ADR 0206) and the session's limits (libs/server/accounts README, "Idle sign-out and session lifetime"). */
export function sessionRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.post(
    '/officeapi/getusersessions',
    {
      schema: {
        summary: 'Live sessions of the account, newest first',
        tags,
        body: noBody,
        response: { 200: apiRef('account/sessions-response'), ...errors(400, 401) },
      },
    },
    async (request) => liveSessionsOf(ctx, await requireSession(ctx, request)),
  );

  const sessionId = async (request: FastifyRequest) => ({
    session_id: (await requireSession(ctx, request)).session.id,
  });
  const sessionIdSchema = {
    schema: {
      summary: "This request's session id",
      tags,
      response: { 200: apiRef('account/session-id-response'), ...errors(401) },
    },
  };
  app.get('/officeapi/getsessionid', sessionIdSchema, sessionId);
  app.post(
    '/officeapi/getsessionid',
    {
      schema: {
        ...sessionIdSchema.schema,
        body: noBody,
        response: { ...sessionIdSchema.schema.response, ...errors(400) },
      },
    },
    sessionId,
  );

  app.post<{ Body: ApiPayload<'account/close-session-request'> }>(
    '/officeapi/closesession',
    {
      schema: {
        summary: 'Close one session of the account',
        tags,
        body: apiRef('account/close-session-request'),
        response: { 200: message, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { closedCurrent } = await closeSession(
        ctx,
        request,
        await requireSession(ctx, request),
        request.body.session_id,
      );
      if (closedCurrent) clearSessionCookie(reply);
      return { message: 'The session was closed' };
    },
  );

  app.post(
    '/officeapi/disconnecteverywhere',
    {
      schema: {
        summary: 'Close every other session of the account (this one stays)',
        tags,
        body: noBody,
        response: { 200: message, ...errors(400, 401) },
      },
    },
    async (request) => closeOtherSessions(ctx, request, await requireSession(ctx, request)),
  );

  app.post<{ Body: ApiPayload<'account/reauth-request'> }>(
    '/web-api/user/reauth',
    {
      config: signInRateLimit(ctx),
      schema: {
        summary: 'Prove the password again: security changes are allowed for 5 minutes',
        tags,
        body: apiRef('account/reauth-request'),
        response: { 200: message, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => reauthenticate(ctx, request, await requireSession(ctx, request), request.body.password),
  );

  app.get(
    '/web-api/user/session/limits',
    {
      schema: {
        summary: 'When the session ends without further activity; looking does not count as activity',
        tags,
        response: { 200: apiRef('account/session-limits-response'), ...errors(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await readSession(ctx, request, { touch: false });
      if (!auth) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
      return sessionLimitsView(ctx, auth);
    },
  );

  app.post(
    '/web-api/user/session/touch',
    {
      schema: {
        summary: '"Stay signed in": counts as activity and answers the new limits',
        tags,
        body: noBody,
        response: { 200: apiRef('account/session-limits-response'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return keepSessionAlive(ctx, await requireSession(ctx, request));
    },
  );
}
