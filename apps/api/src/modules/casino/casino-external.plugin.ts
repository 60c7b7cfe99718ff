import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, type PathParam } from '@tessera/server/http';
import { EXTERNAL_SIGNATURE_HEADER, type CasinoModule } from '@tessera/server/casino';

const gameId: PathParam = { type: 'string', pattern: '^[a-z0-9-]{1,64}$', description: 'The game id.' };

/**
 * External game providers (ADR 0345, libs/server/casino README "External providers"):
 * - `POST /web-api/casino/games/:gameId/external-launch` (the player's browser): the provider's launch URL with a
 *   short-lived session token, for the game page's frame;
 * - `POST /casino-provider-api/:provider/(balance|bet|win|rollback)` (the provider's servers): the seamless wallet's
 *   callbacks, signed over the raw body and answered in the industry's shape (`{ status: "OK" | "ERROR", ... }`), not
 *   the platform's error shape, so they are plain routes; the provider retries them, so they are not rate limited.
 */
export function registerCasinoExternal(app: FastifyInstance, casino: CasinoModule): void {
  const routes = apiRoutes(app, { tags: ['casino'] });
  routes.post('/web-api/casino/games/:gameId/external-launch', {
    summary: "Open an external provider's game: its launch URL with a session token bound to the player and game",
    params: { gameId },
    reply: 'casino/external-launch-response',
    errors: [401, 403, 404],
    handler: (request) => casino.externalLaunch(request, request.params.gameId),
  });

  const wallet = casino.external?.wallet;
  if (!wallet) return;
  app.register(async (scope) => {
    // The signature covers the raw text: it is kept as sent, and parsed by the wallet after the signature is checked.
    const rawBodies = new WeakMap<FastifyRequest, string>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, typeof body === 'string' ? body : body.toString('utf8'));
      done(null, undefined);
    });
    scope.post<{ Params: { provider: string; action: string } }>(
      '/casino-provider-api/:provider/:action',
      {
        config: { rateLimit: false },
        schema: { hide: true },
      },
      async (request, reply) => {
        const signature = request.headers[EXTERNAL_SIGNATURE_HEADER];
        const answer = await wallet.handle(
          request.params.provider,
          request.params.action,
          rawBodies.get(request) ?? '',
          typeof signature === 'string' ? signature : undefined,
        );
        if (answer.body.status === 'ERROR')
          request.log.warn(
            { provider: request.params.provider, action: request.params.action, code: answer.body.code },
            'casino provider callback refused',
          );
        return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
      },
    );
  });
}
