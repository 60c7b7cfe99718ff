import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';

/** The machine's Redis the tests share (TEST_REDIS_URL overrides; database 2, as apps/api's shared-mode tests); each test file uses a key prefix of its own. */
export function testRedisUrl(): string {
  return process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379/2';
}

/** A unique key prefix for one test file's keys. */
export function testKeyPrefix(name: string): string {
  return `test:${name}:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
}

/** Fails loudly (never skips) when the test Redis does not answer. */
export async function requireRedis(url = testRedisUrl()): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis at ${url} is needed by this test and does not answer: ${String(err)}`);
  } finally {
    redis.disconnect();
  }
}

/** Deletes the keys of a prefix (after a test). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A redis-server of the test's own (never the machine's), on a free port, without persistence: stopping it loses its
 * data, as a restarted cache would. `stop()` and `start()` again on the same port.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;
  private constructor(readonly port: number) {}

  static async start(port?: number): Promise<OwnRedis> {
    const own = new OwnRedis(port ?? (await freePort()));
    await own.start();
    return own;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const until = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server on ${this.port} exited with ${child.exitCode}`);
      try {
        await requireRedis(this.url);
        return;
      } catch (err) {
        if (Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
