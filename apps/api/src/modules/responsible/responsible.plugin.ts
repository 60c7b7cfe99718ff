import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { SESSION_COOKIE } from '@tessera/server/accounts';
import { apiRoutes } from '@tessera/server/http';
import {
  createResponsibleModule,
  type ResponsibleModule,
  type ResponsibleModuleOptions,
} from '@tessera/server/responsible';

/** What {@link registerResponsible} needs: player protection's settings (libs/server/responsible) but the logger. */
export type ResponsibleOptions = Omit<ResponsibleModuleOptions, 'log'>;

/**
 * Player protection's routes (`/web-api/responsible/...`: the overview, limits, locks and the reality-check session)
 * and, on a test-mode server with a movable clock, `POST /__dev/clock/advance`. Rules: `@tessera/server/responsible`.
 */
export function registerResponsible(app: FastifyInstance, options: ResponsibleOptions): ResponsibleModule {
  const responsible = createResponsibleModule({ ...options, log: app.log });
  const routes = apiRoutes(app, { tags: ['responsible'] });
  // A cached profile is dropped as soon as any server commits a change to its limits or locks (ADR 0430).
  let unwatch: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unwatch = await responsible.protection.watchProfiles();
  });
  app.addHook('onClose', async () => {
    await unwatch?.();
  });

  routes.get('/web-api/responsible', {
    summary: 'The limits, the lock in force and what this site offers the player',
    reply: 'responsible/responsible-overview-response',
    errors: [401],
    handler: (request) => responsible.overview(request),
  });
  routes.put('/web-api/responsible/limits', {
    summary: 'Set, lower, raise or remove a limit (raising and removing wait the cooling-off)',
    body: 'responsible/limit-change-request',
    reply: 'responsible/responsible-overview-response',
    errors: [400, 401, 403],
    handler: (request) => responsible.setLimit(request, request.body),
  });
  routes.post('/web-api/responsible/lock', {
    summary: 'Take a time-out, exclude yourself or press the panic button: at once, not reversible',
    body: 'responsible/lock-request',
    reply: 'responsible/responsible-overview-response',
    errors: [400, 401, 403],
    handler: (request) => responsible.lock(request, request.body),
  });
  routes.get('/web-api/responsible/session', {
    summary: 'The session clock: time played, wagered, net position and when the next reality check is due',
    reply: 'responsible/play-session-response',
    errors: [401],
    handler: (request) => responsible.playSession(request, false),
  });
  routes.post('/web-api/responsible/session/continue', {
    summary: 'The player answered a reality check with "continue": the next one is an interval from now',
    reply: 'responsible/play-session-response',
    errors: [401],
    handler: (request) => responsible.playSession(request, true),
  });

  const testClock = responsible.testClock;
  if (testClock) {
    // Each request runs on its session's clock, so moving one player's clock leaves other players' alone.
    app.addHook('onRequest', (request, _reply, done) => testClock.within(request.cookies[SESSION_COOKIE], done));
    app.post(
      '/__dev/clock/advance',
      {
        schema: {
          summary: 'Test mode only: move the server clock forward (cooling-off, reality checks)',
          tags: ['development'],
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['minutes'],
            properties: { minutes: { type: 'integer', minimum: 1, maximum: 525_600, description: 'Minutes to move.' } },
          },
          response: {
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['now'],
              properties: { now: { type: 'string', description: 'The server clock after the move.' } },
            },
          },
        },
      },
      async (request: FastifyRequest<{ Body: { minutes: number } }>) => {
        const session = request.cookies[SESSION_COOKIE];
        if (!session)
          throw new ApiError(401, 'Not signed in', { detail: 'The test clock moves for a signed-in session' });
        return { now: testClock.advance(request.body.minutes * 60_000, session).toISOString() };
      },
    );
  }

  return responsible;
}
