import type { FastifyInstance } from 'fastify';
import { ref } from '@tessera/server/http';
import {
  finishSocialSignIn,
  startSocialSignIn,
  type AccountsContext,
  type ProviderLookup,
} from '@tessera/server/accounts';
import { apiRef, type OAuthCallbackQuery, type OAuthStartQuery } from '@tessera/shared/contract-api';

/** Social sign-in and registration: `GET /web-api/socauth/:provider/start`, then the provider's redirect back. */
export function socialRoutes(app: FastifyInstance, ctx: AccountsContext, providers: ProviderLookup): void {
  const tags = ['auth'];

  app.get<{ Params: { provider: string }; Querystring: OAuthStartQuery }>(
    '/web-api/socauth/:provider/start',
    {
      schema: {
        summary: 'Start social sign-in: redirects to the provider',
        tags,
        querystring: apiRef('auth/oauth-start-query'),
        response: { 404: ref('error'), 422: ref('error') },
      },
    },
    async (request, reply) => {
      const target = await startSocialSignIn(ctx, providers, request, reply, request.params.provider, request.query);
      reply.header('cache-control', 'no-store');
      return reply.redirect(target, 302);
    },
  );

  app.get<{ Params: { provider: string }; Querystring: OAuthCallbackQuery }>(
    '/web-api/socauth/:provider/callback',
    {
      schema: {
        summary: 'The provider redirects back here; signs in or registers, then redirects into the site',
        tags,
        querystring: apiRef('auth/oauth-callback-query'),
        response: { 400: ref('error'), 403: ref('error'), 404: ref('error'), 502: ref('error') },
      },
    },
    async (request, reply) => {
      const target = await finishSocialSignIn(ctx, providers, request, reply, request.params.provider, request.query);
      reply.header('cache-control', 'no-store');
      return reply.redirect(target, 302);
    },
  );
}
