/** The shared mode's settings: where Redis and PostgreSQL are, and the Redis key prefix. */
export interface FeedClusterEnv {
  redisUrl: string;
  databaseUrl: string;
  keyPrefix: string;
}

const prefixPattern = /^[A-Za-z0-9:_.-]{0,64}$/;

/**
 * Shared mode (ADR 0360) when REDIS_URL is set: then DATABASE_URL must be too (the embedded database cannot be shared)
 * and REDIS_KEY_PREFIX (default `tessera:`) names the keys. Without REDIS_URL: undefined, everything in process.
 */
export function readFeedClusterEnv(env: Readonly<Record<string, string | undefined>>): FeedClusterEnv | undefined {
  const redisUrl = env['REDIS_URL']?.trim();
  if (!redisUrl) return undefined;
  if (!/^rediss?:\/\//.test(redisUrl))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, found ${redisUrl}`);
  const databaseUrl = env['DATABASE_URL']?.trim();
  if (!databaseUrl)
    throw new Error('REDIS_URL is set but DATABASE_URL is not: servers that share a feed share a PostgreSQL database');
  const keyPrefix = env['REDIS_KEY_PREFIX'] ?? 'tessera:';
  if (!prefixPattern.test(keyPrefix))
    throw new Error(`REDIS_KEY_PREFIX may hold up to 64 letters, digits and : _ . -, found ${keyPrefix}`);
  return { redisUrl, databaseUrl, keyPrefix };
}
