import { gunzipSync } from 'node:zlib';
import { ApiError } from '@tessera/server/api-errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_LIMIT_BYTES,
  cachedAnswer,
  clientErrorHandler,
  frameworkErrorHandler,
  preRoutingSecurityHeaders,
  registerErrorHandling,
  registerOperatorAccess,
  registerRequestGuards,
  registerSecurity,
  requestId,
  requestValidatorFactory,
  requireOperator,
  responseSerializerFactory,
  sendCachedAnswer,
  serverTimeoutOptions,
  serverTimeouts,
  type CachedAnswer,
} from './index';

const OPERATOR_TOKEN = 'an-operator-token-of-thirty-two-characters';
const SITE_CONFIG = { iframe: { enabled: true, allowedParents: ['https://partner.example'] } };

/**
 * A server other than apps/api, composed of nothing but this library's pieces with explicit options: the pieces work
 * on their own, without apps/api's environment, brands or modules.
 */
async function buildServer(): Promise<FastifyInstance> {
  const preRouting = preRoutingSecurityHeaders(false);
  const app = Fastify({
    logger: false,
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeoutOptions(serverTimeouts({ requestMs: 5_000 })),
    frameworkErrors: frameworkErrorHandler(preRouting),
    clientErrorHandler: clientErrorHandler(preRouting),
    schemaController: {
      compilersFactory: {
        buildValidator: requestValidatorFactory({ lazy: true }),
        buildSerializer: responseSerializerFactory({ lazy: false }),
      },
    },
  });
  registerErrorHandling(app);
  await registerSecurity(app, { production: true, configFor: () => SITE_CONFIG });
  registerRequestGuards(app, { bodyLimitBytes: 64 });
  registerOperatorAccess(app, { token: OPERATOR_TOKEN, trustProxy: false });

  app.post(
    '/stake',
    {
      schema: {
        body: {
          type: 'object',
          required: ['amount'],
          additionalProperties: false,
          properties: { amount: { type: 'number' } },
        },
      },
    },
    async (request) => ({ received: request.body }),
  );
  app.get('/refused', async () => {
    throw new ApiError(409, 'Already placed', { error_code: 7 });
  });
  app.get('/fault', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  app.get('/operators', async (request) => {
    requireOperator(request);
    return { ok: true };
  });
  const small = cachedAnswer(JSON.stringify({ small: true }));
  let large: CachedAnswer | undefined;
  app.get('/cached/:size', async (request, reply) => {
    const { size } = request.params as { size: string };
    const answer = size === 'small' ? small : (large ??= cachedAnswer(JSON.stringify({ rows: 'x'.repeat(4096) })));
    return sendCachedAnswer(request, reply, answer);
  });
  await app.ready();
  return app;
}

describe('the HTTP plumbing composed on a bare Fastify app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer();
  });
  afterAll(() => app.close());

  it('validates bodies strictly: no coercion, no silently dropped property, 400 with validation_errors', async () => {
    const ok = await app.inject({ method: 'POST', url: '/stake', payload: { amount: 5 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: { amount: 5 } });

    const coerced = await app.inject({ method: 'POST', url: '/stake', payload: { amount: '5' } });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json()).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'amount', message: 'must be number' }],
    });

    const extra = await app.inject({ method: 'POST', url: '/stake', payload: { amount: 5, bonus: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().validation_errors).toEqual([
      { field: 'bonus', message: 'must NOT have additional properties' },
    ]);
  });

  it('answers every error in the error shape: ApiError as thrown, a fault as 500 with a reference, 404', async () => {
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Already placed', error_code: 7 });

    const fault = await app.inject({ method: 'GET', url: '/fault', headers: { 'x-request-id': 'req-1' } });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ message: 'Internal server error', detail: 'Reference req-1' });
    expect(fault.body).not.toContain('postgres');

    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('refuses a body over the given limit with 413 and a control character with 400, before the handler', async () => {
    const oversize = await app.inject({ method: 'POST', url: '/stake', payload: { amount: 5, pad: 'x'.repeat(100) } });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toEqual({
      message: 'Request body too large',
      detail: 'The largest accepted body is 64 bytes',
    });

    const control = await app.inject({ method: 'GET', url: '/refused?q=a%00b' });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({
      detail: 'Remove control characters',
      validation_errors: [{ field: 'q', message: 'must not contain control characters' }],
    });
  });

  it('sends the security headers with the policy of the configuration it is given, and the request id', async () => {
    const answer = await app.inject({ method: 'GET', url: '/refused', headers: { 'x-request-id': 'proxy-42' } });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self' https://partner.example");
    expect(answer.headers['x-request-id']).toBe('proxy-42');

    const injected = await app.inject({ method: 'GET', url: '/refused', headers: { 'x-request-id': 'a\nb' } });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a URL that cannot be decoded in the error shape with the pre-routing security headers', async () => {
    const answer = await app.inject({ method: 'GET', url: '/%ff' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'Invalid request', detail: 'The URL cannot be decoded' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a cross-site state-changing request with 403', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/stake',
      headers: { origin: 'https://evil.example', host: 'site.example' },
      payload: { amount: 5 },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      message: 'Cross-site request refused',
      detail: 'State-changing requests must come from the site itself',
    });
  });

  it('lets operators in by token or loopback, and answers others 401 naming how to authenticate', async () => {
    const remote = { remoteAddress: '203.0.113.5' };
    const stranger = await app.inject({ method: 'GET', url: '/operators', ...remote });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['www-authenticate']).toBe('Bearer');
    expect(stranger.json().message).toBe('Operators only');

    const wrong = await app.inject({
      method: 'GET',
      url: '/operators',
      headers: { authorization: 'Bearer not-the-token' },
      ...remote,
    });
    expect(wrong.statusCode).toBe(401);

    const withToken = await app.inject({
      method: 'GET',
      url: '/operators',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      ...remote,
    });
    expect(withToken.statusCode).toBe(200);

    const loopback = await app.inject({ method: 'GET', url: '/operators', remoteAddress: '127.0.0.1' });
    expect(loopback.statusCode).toBe(200);
  });

  it('serves a cached answer with its validator, 304 to a client that holds it, gzip only when large enough', async () => {
    const first = await app.inject({ method: 'GET', url: '/cached/small', headers: { 'accept-encoding': 'gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.json()).toEqual({ small: true });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);

    const again = await app.inject({ method: 'GET', url: '/cached/small', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const large = await app.inject({ method: 'GET', url: '/cached/large', headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['vary']).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString()).rows).toHaveLength(4096);
  });
});
