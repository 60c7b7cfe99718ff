import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to port 4200 on all interfaces, PGlite under .data/pglite, brands/ and the override on', () => {
    const env = readEnv({}, '/srv/tessera');
    expect(env).toMatchObject({
      port: 4200,
      host: '0.0.0.0',
      mode: 'development',
      databaseUrl: undefined,
      pgliteDataDir: path.join('/srv/tessera', '.data', 'pglite'),
      brandsDir: path.join('/srv/tessera', 'brands'),
      webDistDir: path.join('/srv/tessera', 'dist', 'apps', 'web'),
      brandOverride: 'any-host',
      rateLimitPerMinute: 600,
    });
  });

  it('reads PORT, DATABASE_URL, BRANDS_DIR, BRAND_OVERRIDE=off and an in-memory PGlite', () => {
    const env = readEnv(
      {
        PORT: '4310',
        DATABASE_URL: 'postgres://db/x',
        BRANDS_DIR: '/tmp/b',
        BRAND_OVERRIDE: 'off',
        PGLITE_DATA_DIR: 'memory://',
        NODE_ENV: 'production',
      },
      '/srv',
    );
    expect(env).toMatchObject({
      port: 4310,
      databaseUrl: 'postgres://db/x',
      brandsDir: '/tmp/b',
      brandOverride: 'off',
      pgliteDataDir: 'memory://',
      mode: 'production',
    });
  });

  it('refuses a value that cannot work, naming the variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('PORT must be a whole number between 1 and 65535, got "eighty"');
    expect(() => readEnv({ BRAND_OVERRIDE: 'maybe' })).toThrow('BRAND_OVERRIDE must be on, local or off, got "maybe"');
  });

  it('honours ?brand= only on development hosts in production unless BRAND_OVERRIDE says otherwise', () => {
    expect(readEnv({ NODE_ENV: 'production' }).brandOverride).toBe('development-hosts');
    expect(readEnv({ NODE_ENV: 'production', BRAND_OVERRIDE: 'on' }).brandOverride).toBe('any-host');
    expect(readEnv({ NODE_ENV: 'production', BRAND_OVERRIDE: 'off' }).brandOverride).toBe('off');
    expect(readEnv({ NODE_ENV: 'test' }).brandOverride).toBe('any-host');
    expect(readEnv({ BRAND_OVERRIDE: 'LOCAL' }).brandOverride).toBe('development-hosts');
  });

  it('chooses the payment provider: sandbox by default outside production, none in production unless set', () => {
    expect(readEnv({}).paymentProvider).toBe('sandbox');
    expect(readEnv({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(readEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(() => readEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'PAYMENT_PROVIDER must be none or sandbox, got "stripe"',
    );
  });

  it('chooses the activity file: the sandbox by default outside production, none in production unless set', () => {
    expect(readEnv({}).activityFile).toBe('sandbox');
    expect(readEnv({ NODE_ENV: 'production' }).activityFile).toBe('none');
    expect(readEnv({ NODE_ENV: 'production', ACTIVITY_FILE: 'sandbox' }).activityFile).toBe('sandbox');
    expect(() => readEnv({ ACTIVITY_FILE: 'lugas' })).toThrow('ACTIVITY_FILE must be none or sandbox, got "lugas"');
  });
});

describe('readEnv: the server itself (issue 12, items 16, 17, 19)', () => {
  it('serves API docs outside production, and in production only with API_DOCS=on', () => {
    expect(readEnv({}).apiDocs).toBe(true);
    expect(readEnv({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => readEnv({ API_DOCS: 'maybe' })).toThrow('API_DOCS must be on or off, got "maybe"');
  });

  it('reads the timeouts, the push connection cap and the hashing limits, with their defaults', () => {
    expect(readEnv({})).toMatchObject({
      timeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 10_000, idleSocketMs: 60_000 },
      pushConnectionsPerAddress: 20,
      passwordHashing: { concurrency: 2, maxQueue: 128, nice: 10 },
    });
    const env = readEnv({
      HTTP_REQUEST_TIMEOUT_MS: '5000',
      PUSH_CONNECTIONS_PER_ADDRESS: '5',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '10',
      PASSWORD_HASH_NICE: '19',
    });
    expect(env.timeouts.requestMs).toBe(5000);
    expect(env.pushConnectionsPerAddress).toBe(5);
    expect(env.passwordHashing).toEqual({ concurrency: 1, maxQueue: 10, nice: 19 });
    expect(() => readEnv({ PASSWORD_HASH_NICE: '20' })).toThrow(
      'PASSWORD_HASH_NICE must be a whole number between 0 and 19',
    );
    expect(() => readEnv({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow('HTTP_REQUEST_TIMEOUT_MS must be a whole number');
  });

  it('shortens the code resend cool-down on a test server only', () => {
    expect(readEnv({ NODE_ENV: 'test', CODE_RESEND_COOLDOWN_MS: '3000' }).resendCooldownMs).toBe(3000);
    expect(readEnv({ NODE_ENV: 'test' }).resendCooldownMs).toBeUndefined();
    expect(() => readEnv({ NODE_ENV: 'production', CODE_RESEND_COOLDOWN_MS: '3000' })).toThrow(
      'CODE_RESEND_COOLDOWN_MS is for test servers only (NODE_ENV=test), not production',
    );
    expect(() => readEnv({ CODE_RESEND_COOLDOWN_MS: '3000' })).toThrow(
      'CODE_RESEND_COOLDOWN_MS is for test servers only',
    );
  });
});

describe('readEnv: shared mode (issue 18, ADR 0365)', () => {
  const pg = 'postgres://postgres@127.0.0.1:5432/tessera';
  it('stays in one process without REDIS_URL', () => {
    expect(readEnv({ DATABASE_URL: pg }).shared).toBeUndefined();
  });

  it('shares through Redis with REDIS_URL and DATABASE_URL, under the default or a chosen key prefix', () => {
    expect(readEnv({ DATABASE_URL: pg, REDIS_URL: 'redis://127.0.0.1:6379/1' }).shared).toEqual({
      redisUrl: 'redis://127.0.0.1:6379/1',
      keyPrefix: 'tessera:',
    });
    expect(
      readEnv({ DATABASE_URL: pg, REDIS_URL: 'rediss://cache.internal:6380', REDIS_KEY_PREFIX: 'staging:' }).shared,
    ).toEqual({ redisUrl: 'rediss://cache.internal:6380', keyPrefix: 'staging:' });
  });

  it('refuses Redis without the shared database, a URL that is not Redis, and a prefix with spaces', () => {
    expect(() => readEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      'REDIS_URL needs DATABASE_URL: servers that share Redis must share one PostgreSQL database',
    );
    expect(() => readEnv({ DATABASE_URL: pg, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
    expect(() => readEnv({ DATABASE_URL: pg, REDIS_URL: 'redis://r', REDIS_KEY_PREFIX: 'a b' })).toThrow(
      'REDIS_KEY_PREFIX must be 1-64 letters',
    );
  });
});
