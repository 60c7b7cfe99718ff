import { Redis } from 'ioredis';

/** What a server shares with the others of its deployment (ADR 0365): one Redis and the prefix of its keys. */
export interface SharedMode {
  /** The connection for short commands (rate-limit counters): no offline queue, a short timeout. */
  redis: Redis;
  /** Prefix of every key this deployment writes (REDIS_KEY_PREFIX, default `tessera:`). */
  keyPrefix: string;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** Options of {@link openSharedMode}. */
export interface SharedModeOptions {
  redisUrl: string;
  keyPrefix: string;
  /** Longest wait for one Redis command (ms); default 250. */
  commandTimeoutMs?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/**
 * Connects to the deployment's Redis. A Redis that goes away must not hold requests: commands fail at once while it
 * is down (no offline queue) and after `commandTimeoutMs` when it hangs, and their callers carry on without it
 * (the rate limit lets requests through uncounted); the client reconnects by itself, backing off to 2 s.
 */
export async function openSharedMode(options: SharedModeOptions): Promise<SharedMode> {
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? 250,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) options.log?.warn({ err: err.message }, 'redis unreachable: shared counters paused until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) options.log?.info({}, 'redis reachable again');
    down = false;
  });
  // The first connection is required: a server that starts without its Redis would count alone without saying so.
  await redis.connect();
  return {
    redis,
    keyPrefix: options.keyPrefix,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
