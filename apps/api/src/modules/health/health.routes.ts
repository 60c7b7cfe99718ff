import type { Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { ref } from '@tessera/server/http';
import type { BrandRegistry } from '../config/brand-registry.port';
import { checkReadiness } from '@tessera/server/site-config';
import type { HealthResponse } from '@tessera/shared/contract-api';

/**
 * GET /health (liveness) and GET /ready (readiness). The details of readiness (database engine, the brands served and
 * refused, with their issues) are for operators only (`request.isOperator`); everyone else learns ready or not.
 */
export function healthRoutes(
  app: FastifyInstance,
  db: Database,
  registry: BrandRegistry,
  feed?: () => HealthResponse['feed'],
): void {
  app.get(
    '/health',
    {
      schema: { summary: 'Liveness: the process answers', tags: ['health'], response: { 200: ref('health-response') } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // The feed's state is informational: a server with stale odds still serves (liveness stays ok).
      const feedState = feed?.();
      return { status: 'ok' as const, ...(feedState ? { feed: feedState } : {}) };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        summary:
          'Readiness: database reachable and at least one brand valid; to operators, the database and the refused brands',
        tags: ['health'],
        response: { 200: ref('ready-response'), 503: ref('ready-response') },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(db, registry);
      reply.header('cache-control', 'no-store');
      return reply
        .status(readiness.status === 'ready' ? 200 : 503)
        .send(request.isOperator ? readiness : { status: readiness.status });
    },
  );
}
