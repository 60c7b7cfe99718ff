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
import { apiRoutes } from '@tessera/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Live sessions, closing them, re-authentication (ADR 0206) and the session's limits (libs/server/accounts README, "Idle sign-out and session lifetime"). */
export function sessionRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const routes = apiRoutes(app, { tags: ['account'] });
  routes.post('/officeapi/getusersessions', {
    summary: 'Live sessions of the account, newest first',
    body: 'auth/empty-request',
    reply: 'account/sessions-response',
    errors: [400, 401],
    handler: async (request) => liveSessionsOf(ctx, await requireSession(ctx, request)),
  });

  const sessionId = {
    summary: "This request's session id",
    reply: 'account/session-id-response',
    handler: async (request: FastifyRequest) => ({ session_id: (await requireSession(ctx, request)).session.id }),
  } as const;
  routes.get('/officeapi/getsessionid', { ...sessionId, errors: [401] });
  routes.post('/officeapi/getsessionid', { ...sessionId, body: 'auth/empty-request', errors: [400, 401] });

  routes.post('/officeapi/closesession', {
    summary: 'Close one session of the account',
    body: 'account/close-session-request',
    reply: 'auth/message-response',
    errors: [400, 401, 404],
    handler: async (request, reply) => {
      const auth = await requireSession(ctx, request);
      const { closedCurrent } = await closeSession(ctx, request, auth, request.body.session_id);
      if (closedCurrent) clearSessionCookie(reply);
      return { message: 'The session was closed' };
    },
  });
  routes.post('/officeapi/disconnecteverywhere', {
    summary: 'Close every other session of the account (this one stays)',
    body: 'auth/empty-request',
    reply: 'auth/message-response',
    errors: [400, 401],
    handler: async (request) => closeOtherSessions(ctx, request, await requireSession(ctx, request)),
  });
  routes.post('/web-api/user/reauth', {
    summary: 'Prove the password again: security changes are allowed for 5 minutes',
    config: signInRateLimit(ctx),
    body: 'account/reauth-request',
    reply: 'auth/message-response',
    errors: [400, 401, 422, 429],
    handler: async (request) => reauthenticate(ctx, request, await requireSession(ctx, request), request.body.password),
  });
  routes.get('/web-api/user/session/limits', {
    summary: 'When the session ends without further activity; looking does not count as activity',
    reply: 'account/session-limits-response',
    errors: [401],
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await readSession(ctx, request, { touch: false });
      if (!auth) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
      return sessionLimitsView(ctx, auth);
    },
  });
  routes.post('/web-api/user/session/touch', {
    summary: '"Stay signed in": counts as activity and answers the new limits',
    body: 'auth/empty-request',
    reply: 'account/session-limits-response',
    errors: [400, 401],
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return keepSessionAlive(ctx, await requireSession(ctx, request));
    },
  });
}
