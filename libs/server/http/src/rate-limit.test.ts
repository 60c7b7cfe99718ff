import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';
import { registerRateLimit, type RateLimitStore } from './rate-limit';

// This machine's Redis (TEST_REDIS_URL, default db 2); the keys of this file carry a prefix of their own.
const redisUrl = process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379/2';

async function limitedApp(perMinute: number, store?: RateLimitStore): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerRateLimit(app, perMinute, store);
  app.get('/thing', async () => ({ ok: true }));
  app.get('/health', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const ask = (app: FastifyInstance, url = '/thing', remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'GET', url, remoteAddress });

describe('registerRateLimit with the shared Redis store', () => {
  let redis: Redis;
  const keyPrefix = `test:rate-limit:${randomBytes(4).toString('hex')}:`;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    // No skipping: the shared store is what this suite is about, so a missing Redis fails it here.
    redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: 2_000 });
    await redis.connect();
    apps.push(await limitedApp(3, { redis, keyPrefix }), await limitedApp(3, { redis, keyPrefix }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two apps count one address together, answering 429 in the error shape past the budget', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const codes = [(await ask(a)).statusCode, (await ask(b)).statusCode, (await ask(a)).statusCode];
    expect(codes).toEqual([200, 200, 200]);
    const refused = await ask(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many requests',
      detail: expect.stringMatching(/^Try again in/),
    });
    // Other addresses and the probes are not touched.
    expect((await ask(a, '/thing', '10.9.0.2')).statusCode).toBe(200);
    expect((await ask(b, '/health')).statusCode).toBe(200);
    expect(await redis.get(`${keyPrefix}rate-limit:10.9.0.1`)).toBe('4');
  });

  it('lets requests through, uncounted, while Redis does not answer', async () => {
    // A port nothing listens on: every command fails at once (no offline queue), as while Redis is down.
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    away.on('error', () => undefined);
    const app = await limitedApp(1, { redis: away, keyPrefix });
    try {
      const codes = [(await ask(app)).statusCode, (await ask(app)).statusCode, (await ask(app)).statusCode];
      expect(codes).toEqual([200, 200, 200]);
    } finally {
      await app.close();
      away.disconnect();
    }
  });

  it('without a store each app counts alone (the default of one process)', async () => {
    const [a, b] = [await limitedApp(1), await limitedApp(1)];
    try {
      expect([(await ask(a)).statusCode, (await ask(b)).statusCode]).toEqual([200, 200]);
      expect([(await ask(a)).statusCode, (await ask(b)).statusCode]).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
