/**
 * Feed API benchmark: GetSportsShortZip and Get1x2_VZip served from the read model of the real API process
 * (apps/api/src/main.ts: production mode, the demo brands, PGlite in a temporary folder, the simulator at
 * FEED_SPEED=1 by default, real-time odds churn, rate limiting and security hooks on), next to a hello-world Fastify route
 * in its own process measured the same way, for a machine-independent ratio.
 *
 *   npx tsx tools/bench/src/feed/feed-api.bench.ts [--duration 10] [--connections 50] [--rounds 3]
 *     [--log-level warn] [--feed-speed 1]
 *
 * Each target is measured `rounds` times, interleaved with the others, and the median round (by req/s) is
 * reported: on a shared machine one round can land on a burst of someone else's load. The load average at the
 * start is printed for the same reason.
 *
 * Both servers are child processes of this one and autocannon runs here, so load generation does not steal a
 * server's event loop (all share the machine's cores, as on one box). Targets from issue 3: at least 5,000
 * requests per second with p99 under 20 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../../../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

function positive(name: string, fallback: number): number {
  const value = Number(arg(name, String(fallback)));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

async function hello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, headers: Record<string, string>, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
): Promise<Row> {
  // A short warm-up so JIT and caches are in the same state for every target.
  await autocannon({ url, headers, duration: 2, connections });
  const r = await autocannon({ url, headers, duration, connections });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function main(): Promise<void> {
  if (process.argv.includes('--hello')) return hello();
  const duration = positive('duration', 10);
  const connections = positive('connections', 50);
  const rounds = positive('rounds', 3);
  const load = os.loadavg()[0]?.toFixed(1);
  const logLevel = arg('log-level', 'warn');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-pglite-'));
  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      PGLITE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      BRAND_OVERRIDE: 'off',
      // One client makes every request here; the production per-client limit would answer 429 after 600.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      FEED_SPEED: arg('feed-speed', '1'),
    },
  });
  const helloServer = spawn(process.execPath, ['--import', 'tsx', here, '--hello'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(helloPort) },
  });
  const feedUrl = `http://127.0.0.1:${apiPort}`;
  const helloUrl = `http://127.0.0.1:${helloPort}`;
  // Browsers always offer gzip; the identity row shows the same call for a client that does not.
  const host = { host: 'polar-bet.localhost', 'accept-encoding': 'gzip, deflate, br' };
  const identity = { host: 'polar-bet.localhost' };
  const rows: Row[] = [];
  try {
    await waitFor(`${feedUrl}/ready`, {}, api);
    await waitFor(`${helloUrl}/hello`, {}, helloServer);
    const targets: Array<[string, string, Record<string, string>]> = [
      ['hello-world', `${helloUrl}/hello`, {}],
      ['LineFeed/GetSportsShortZip', `${feedUrl}/service-api/LineFeed/GetSportsShortZip?lng=ru`, host],
      ['LineFeed/Get1x2_VZip', `${feedUrl}/service-api/LineFeed/Get1x2_VZip?lng=ru&count=50`, host],
      ['LiveFeed/Get1x2_VZip', `${feedUrl}/service-api/LiveFeed/Get1x2_VZip?lng=ru&count=50`, host],
      ['LineFeed/Get1x2_VZip identity', `${feedUrl}/service-api/LineFeed/Get1x2_VZip?lng=ru&count=50`, identity],
    ];
    const results = new Map<string, Row[]>();
    for (let round = 0; round < rounds; round++) {
      for (const [name, url, headers] of targets) {
        const r = await measure(name, url, headers, duration, connections);
        results.set(name, [...(results.get(name) ?? []), r]);
      }
    }
    for (const [name] of targets) {
      const sorted = [...(results.get(name) ?? [])].sort((a, b) => a.rps - b.rps);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (median) rows.push(median);
    }
  } finally {
    api.kill('SIGTERM');
    helloServer.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const helloRps = rows[0]?.rps ?? 1;
  console.log(
    `\nfeed API benchmark: ${connections} connections, ${duration} s per target, API log level ${logLevel}, median of ${rounds} rounds, node ${process.version}, ${os.cpus().length} cores, load average ${load} at start`,
  );
  console.log('target                          req/s    p50 ms  p99 ms  ratio  non-2xx  errors  verdict');
  for (const r of rows) {
    const verdict =
      r.name === 'hello-world' ? '' : r.rps >= 5000 && r.p99 < 20 ? 'meets 5,000 req/s, p99 < 20 ms' : 'BELOW TARGET';
    console.log(
      `${r.name.padEnd(30)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)}  ${(r.rps / helloRps).toFixed(2).padStart(5)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}  ${verdict}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
