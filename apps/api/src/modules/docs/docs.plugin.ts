import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Component name of a schema of schemas/api in the OpenAPI document: its title (ApiError, ReadyResponse, ...). */
function componentName(json: { title?: unknown; $id?: unknown }, index: number): string {
  return typeof json.title === 'string' ? json.title : `def-${index}`;
}

/**
 * The OpenAPI document, generated from the route schemas, which are the JSON Schemas of schemas/api: served at
 * /api-docs/openapi.json, browsable at /api-docs (Swagger UI's files come from the installed package, no CDN).
 * Must be registered before the routes it describes.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera platform API',
        description:
          'Site configuration, health and the platform API of every brand. Errors follow schemas/api/error.schema.json.',
        version: '0.1.0',
      },
      tags: [
        { name: 'health', description: 'Liveness and readiness' },
        { name: 'config', description: 'Resolved brand configuration' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => componentName(json, i) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs', uiConfig: { deepLinking: false } });
  app.get('/api-docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
