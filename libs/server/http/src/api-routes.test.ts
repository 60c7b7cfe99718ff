import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRoutes,
  apiSchemas,
  registerErrorHandling,
  requestValidatorFactory,
  responseSerializerFactory,
} from './index';

/** A server with the schemas of schemas/api and two routes declared by their names. */
async function buildServer(seen: RouteOptions[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    schemaController: {
      compilersFactory: {
        buildValidator: requestValidatorFactory({ lazy: false }),
        buildSerializer: responseSerializerFactory({ lazy: false }),
      },
    },
  });
  for (const schema of apiSchemas()) app.addSchema(schema);
  registerErrorHandling(app);
  app.addHook('onRoute', (route) => void seen.push(route));
  const routes = apiRoutes(app, { tags: ['example'] });
  routes.post('/things/:id/done', {
    summary: 'Mark a thing done',
    params: { id: { type: 'string', pattern: '^[0-9]{1,4}$', description: 'The thing.' } },
    body: 'auth/empty-request',
    reply: 'auth/message-response',
    status: 201,
    errors: [400, 404],
    handler: (request) => ({ message: `thing ${request.params.id} done` }),
  });
  routes.get('/leaky', {
    summary: 'Answers more than its schema says',
    reply: 'auth/message-response',
    handler: () => ({ message: 'ok', secret: 'never sent' }) as { message: string },
  });
  await app.ready();
  return app;
}

describe('apiRoutes', () => {
  const seen: RouteOptions[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer(seen);
  });
  afterAll(() => app.close());

  it('answers with the declared status and the path parameters the handler read', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/12/done', payload: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'thing 12 done' });
  });

  it('refuses a body or a path its schemas do not allow, before the handler runs', async () => {
    const body = await app.inject({ method: 'POST', url: '/things/12/done', payload: { extra: 1 } });
    expect(body.statusCode).toBe(400);
    const param = await app.inject({ method: 'POST', url: '/things/abc/done', payload: {} });
    expect(param.statusCode).toBe(400);
  });

  it('sends only what the reply schema describes', async () => {
    const res = await app.inject({ url: '/leaky' });
    expect(res.json()).toEqual({ message: 'ok' });
  });

  it('documents the route by the schema names: summary, tags, body, answer and error answers', () => {
    const route = seen.find((r) => r.url === '/things/:id/done');
    expect(route?.schema).toMatchObject({
      summary: 'Mark a thing done',
      tags: ['example'],
      body: { $ref: 'https://tessera.local/schemas/api/auth/empty-request.schema.json#' },
      params: { required: ['id'] },
      response: {
        201: { $ref: 'https://tessera.local/schemas/api/auth/message-response.schema.json#' },
        400: { $ref: 'https://tessera.local/schemas/api/error.schema.json#' },
        404: { $ref: 'https://tessera.local/schemas/api/error.schema.json#' },
      },
    });
  });
});
