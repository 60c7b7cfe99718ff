import { changePassword, requireSession, type AccountsContext } from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import { errors, message, tags } from './account-route-kit';

/** The password change. */
export function passwordRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.put<{ Body: ApiPayload<'account/password-change-request'> }>(
    '/web-api/api/web/user/v1/password',
    {
      schema: {
        summary: 'Change the password (base64 fields), optionally ending every other session',
        tags,
        body: apiRef('account/password-change-request'),
        response: { 200: message, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => changePassword(ctx, request, await requireSession(ctx, request), request.body.data.attributes),
  );
}
