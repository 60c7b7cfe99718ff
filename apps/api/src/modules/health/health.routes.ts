import type { Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { ref } from '../../http/api-schemas';
import type { BrandRegistry } from '../config/brand-registry.port';
import { checkReadiness } from './health.service';

/** GET /health (liveness) and GET /ready (readiness with the brand validation report). */
export function healthRoutes(app: FastifyInstance, db: Database, registry: BrandRegistry): void {
  app.get(
    '/health',
    {
      schema: { summary: 'Liveness: the process answers', tags: ['health'], response: { 200: ref('health-response') } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        summary: 'Readiness: database reachable and at least one brand valid; names refused brands',
        tags: ['health'],
        response: { 200: ref('ready-response'), 503: ref('ready-response') },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(db, registry);
      reply.header('cache-control', 'no-store');
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
}
