// Exits 0 when the Redis at the URL (argv[2]) answers PING within 2 s.
import { Redis } from 'ioredis';

const redis = new Redis(process.argv[2], {
  lazyConnect: true,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
redis.on('error', () => undefined);
try {
  await redis.connect();
  process.exit((await redis.ping()) === 'PONG' ? 0 : 1);
} catch {
  process.exit(1);
}
