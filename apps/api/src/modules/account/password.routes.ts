import { changePassword, requireSession, type AccountsContext } from '@tessera/server/accounts';
import { apiRoutes } from '@tessera/server/http';
import type { FastifyInstance } from 'fastify';

/** The password change. */
export function passwordRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  apiRoutes(app, { tags: ['account'] }).put('/web-api/api/web/user/v1/password', {
    summary: 'Change the password (base64 fields), optionally ending every other session',
    body: 'account/password-change-request',
    reply: 'auth/message-response',
    errors: [400, 401, 422, 429],
    handler: async (request) =>
      changePassword(ctx, request, await requireSession(ctx, request), request.body.data.attributes),
  });
}
