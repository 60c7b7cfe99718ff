import path from 'node:path';
import { paymentProviderFrom, serverModeFrom } from '@tessera/server/brand-registry';
import type { AppMode } from './app';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from '@tessera/server/http';
import { DEFAULT_HASHING_NICE, DEFAULT_PASSWORD_HASHING, type PasswordHashingLimits } from '@tessera/server/accounts';
import { defaultBrandOverride, type BrandOverrideScope } from '@tessera/server/site-config';

/** The process settings main.ts reads from the environment. */
export interface ApiEnv {
  port: number;
  host: string;
  mode: AppMode;
  logLevel: string;
  databaseUrl: string | undefined;
  pgliteDataDir: string;
  brandsDir: string;
  platformLocalesDir: string | undefined;
  webDistDir: string;
  /** BRAND_OVERRIDE: on (any host), local (development hosts), off; default local in production, on elsewhere. */
  brandOverride: BrandOverrideScope;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  /** The built-in card payment provider to run (PAYMENT_PROVIDER): none or sandbox; default none in production. */
  paymentProvider: 'none' | 'sandbox';
  /**
   * The cross-operator activity file (DEGGL-PP-1) to ask (ACTIVITY_FILE): none or sandbox (the database sandbox);
   * default none in production, where a country whose jurisdiction asks for the file refuses stakes until one answers.
   */
  activityFile: 'none' | 'sandbox';
  /** HTTP_REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_IDLE_SOCKET_TIMEOUT_MS (libs/server/http/README.md). */
  timeouts: ServerTimeouts;
  /** API_DOCS: on serves /api-docs; default on outside production, off in production. */
  apiDocs: boolean;
  /** PUSH_CONNECTIONS_PER_ADDRESS: open live-feed WebSockets one client address may hold; default 20. */
  pushConnectionsPerAddress: number;
  /** CODE_RESEND_COOLDOWN_MS: a shorter resend cool-down for codes, test mode only (browser journeys); unset keeps 60 s. */
  resendCooldownMs?: number;
  /**
   * PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE and PASSWORD_HASH_NICE: argon2 hashes at once, waiting before 503,
   * and the hashing threads' nice value (libs/server/accounts/README.md).
   */
  passwordHashing: PasswordHashingLimits;
  /**
   * REDIS_URL and REDIS_KEY_PREFIX: shared mode, several servers behind a load balancer on one PostgreSQL and one
   * Redis (ADR 0365); needs DATABASE_URL. Unset, everything stays in this process.
   */
  shared?: SharedModeEnv;
}

/** Shared mode's settings: the Redis every server uses and the prefix of this deployment's keys. */
export interface SharedModeEnv {
  redisUrl: string;
  keyPrefix: string;
}

/** REDIS_URL turns on shared mode, which only makes sense with the one database every server shares. */
function sharedModeFrom(env: NodeJS.ProcessEnv): { shared?: SharedModeEnv } {
  const redisUrl = env['REDIS_URL'];
  if (redisUrl === undefined || redisUrl === '') return {};
  if (!/^rediss?:\/\//.test(redisUrl))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
  if (!env['DATABASE_URL'])
    throw new Error('REDIS_URL needs DATABASE_URL: servers that share Redis must share one PostgreSQL database');
  const keyPrefix = env['REDIS_KEY_PREFIX'] || 'tessera:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(keyPrefix))
    throw new Error(`REDIS_KEY_PREFIX must be 1-64 letters, digits or :_.-, got "${keyPrefix}"`);
  return { shared: { redisUrl, keyPrefix } };
}

function activityFileFrom(raw: string | undefined, mode: AppMode): 'none' | 'sandbox' {
  if (raw === undefined || raw === '') return mode === 'production' ? 'none' : 'sandbox';
  const value = raw.toLowerCase();
  if (value !== 'none' && value !== 'sandbox') throw new Error(`ACTIVITY_FILE must be none or sandbox, got "${raw}"`);
  return value;
}

function positiveInt(name: string, raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number between 1 and ${max}, got "${raw}"`);
  }
  return value;
}

/** CODE_RESEND_COOLDOWN_MS, honoured by a test-mode server only: anywhere else setting it stops the start-up. */
function testCooldown(raw: string | undefined, mode: AppMode): { resendCooldownMs?: number } {
  if (raw === undefined || raw === '') return {};
  if (mode !== 'test') throw new Error(`CODE_RESEND_COOLDOWN_MS is for test servers only (NODE_ENV=test), not ${mode}`);
  return { resendCooldownMs: positiveInt('CODE_RESEND_COOLDOWN_MS', raw, 60_000, 60_000) };
}

/** A nice value, 0 (normal priority) to 19 (lowest); unset takes the hashing threads' default. */
function niceValue(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_HASHING_NICE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 19) {
    throw new Error(`PASSWORD_HASH_NICE must be a whole number between 0 and 19, got "${raw}"`);
  }
  return value;
}

// Unset, the registry uses the dictionaries util-i18n ships (imported, wherever BRANDS_DIR points); a folder replaces them.
function platformLocales(raw: string | undefined, cwd: string): string | undefined {
  return raw ? path.resolve(cwd, raw) : undefined;
}

/**
 * Reads the environment; relative paths are taken from `cwd` (the workspace root, where the start script runs).
 * Fails fast with the variable's name on a value that cannot work.
 */
export function readEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ApiEnv {
  // NODE_ENV and PAYMENT_PROVIDER are read by the brand registry's functions, which `tessera config explain` shares to
  // know which services this server has (tools/cli README, "Why explain and show apply the server's overrides").
  const mode: AppMode = serverModeFrom(env['NODE_ENV']);
  const pgliteDataDir = env['PGLITE_DATA_DIR'] || path.join('.data', 'pglite');
  return {
    port: positiveInt('PORT', env['PORT'], 4200, 65535),
    host: env['HOST'] || '0.0.0.0',
    mode,
    logLevel: env['LOG_LEVEL'] || 'info',
    databaseUrl: env['DATABASE_URL'] || undefined,
    pgliteDataDir: pgliteDataDir.startsWith('memory://') ? pgliteDataDir : path.resolve(cwd, pgliteDataDir),
    brandsDir: path.resolve(cwd, env['BRANDS_DIR'] || 'brands'),
    platformLocalesDir: platformLocales(env['PLATFORM_LOCALES_DIR'], cwd),
    webDistDir: path.resolve(cwd, env['WEB_DIST_DIR'] || path.join('dist', 'apps', 'web')),
    brandOverride: brandOverrideFrom(env['BRAND_OVERRIDE'], mode),
    trustProxy: ['true', '1', 'on'].includes((env['TRUST_PROXY'] ?? '').toLowerCase()),
    rateLimitPerMinute: positiveInt('RATE_LIMIT_PER_MINUTE', env['RATE_LIMIT_PER_MINUTE'], 600),
    paymentProvider: paymentProviderFrom(env['PAYMENT_PROVIDER'], mode),
    activityFile: activityFileFrom(env['ACTIVITY_FILE'], mode),
    ...testCooldown(env['CODE_RESEND_COOLDOWN_MS'], mode),
    timeouts: {
      requestMs: positiveInt(
        'HTTP_REQUEST_TIMEOUT_MS',
        env['HTTP_REQUEST_TIMEOUT_MS'],
        DEFAULT_SERVER_TIMEOUTS.requestMs,
      ),
      headersMs: positiveInt(
        'HTTP_HEADERS_TIMEOUT_MS',
        env['HTTP_HEADERS_TIMEOUT_MS'],
        DEFAULT_SERVER_TIMEOUTS.headersMs,
      ),
      keepAliveMs: positiveInt(
        'HTTP_KEEP_ALIVE_TIMEOUT_MS',
        env['HTTP_KEEP_ALIVE_TIMEOUT_MS'],
        DEFAULT_SERVER_TIMEOUTS.keepAliveMs,
      ),
      idleSocketMs: positiveInt(
        'HTTP_IDLE_SOCKET_TIMEOUT_MS',
        env['HTTP_IDLE_SOCKET_TIMEOUT_MS'],
        DEFAULT_SERVER_TIMEOUTS.idleSocketMs,
      ),
    },
    apiDocs: onOff('API_DOCS', env['API_DOCS'], mode !== 'production'),
    pushConnectionsPerAddress: positiveInt(
      'PUSH_CONNECTIONS_PER_ADDRESS',
      env['PUSH_CONNECTIONS_PER_ADDRESS'],
      20,
      10_000,
    ),
    passwordHashing: {
      concurrency: positiveInt(
        'PASSWORD_HASH_CONCURRENCY',
        env['PASSWORD_HASH_CONCURRENCY'],
        DEFAULT_PASSWORD_HASHING.concurrency,
        64,
      ),
      maxQueue: positiveInt(
        'PASSWORD_HASH_QUEUE',
        env['PASSWORD_HASH_QUEUE'],
        DEFAULT_PASSWORD_HASHING.maxQueue,
        100_000,
      ),
      nice: niceValue(env['PASSWORD_HASH_NICE']),
    },
    ...sharedModeFrom(env),
  };
}

/** An on/off switch: on/true/1 or off/false/0; unset takes the fallback. */
function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase();
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  throw new Error(`${name} must be on or off, got "${raw}"`);
}

/** BRAND_OVERRIDE: on/true/1 any host, local only development hosts, off/false/0 nowhere; unset follows the mode. */
function brandOverrideFrom(raw: string | undefined, mode: AppMode): BrandOverrideScope {
  if (raw === undefined || raw === '') return defaultBrandOverride(mode);
  const value = raw.toLowerCase();
  if (['on', 'true', '1'].includes(value)) return 'any-host';
  if (value === 'local') return 'development-hosts';
  if (['off', 'false', '0'].includes(value)) return 'off';
  throw new Error(`BRAND_OVERRIDE must be on, local or off, got "${raw}"`);
}
