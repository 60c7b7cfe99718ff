import { spawn } from 'node:child_process';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { freePort, waitForOk } from '../harness/servers';

/** One load target: a request shape against a base URL. */
export interface LoadTarget {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh client address per request (X-Forwarded-For; the server must trust the proxy): per-client limits stay out of the figure. */
  distinctClients?: boolean;
  /** A line for the report about how the target was set up. */
  note?: string;
  /** Rewrites each request before it is sent (a fresh bet id, another signed-in account). */
  prepare?: (request: AutocannonRequest) => AutocannonRequest;
}

/** What one load run measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Answers other than 2xx by status code (what a failed answer was). */
  otherStatuses: Record<string, number>;
}

let clientCounter = 0;
/** A unique IPv4 address in 10.0.0.0/8 for each call (16M before repeating). */
export function nextClientAddress(): string {
  const n = clientCounter++ % 16_777_216;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs autocannon against `baseUrl + target.path` for `durationSeconds` after a one-second warm-up. */
export async function load(
  baseUrl: string,
  target: LoadTarget,
  durationSeconds: number,
  connections: number,
): Promise<LoadResult> {
  const request: AutocannonRequest = {
    method: target.method ?? 'GET',
    path: target.path,
    headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
    ...(target.body ? { body: target.body } : {}),
    setupRequest: (r: AutocannonRequest) => {
      const withClient = target.distinctClients
        ? { ...r, headers: { ...r.headers, 'x-forwarded-for': nextClientAddress() } }
        : r;
      return target.prepare ? target.prepare(withClient) : withClient;
    },
  };
  const options = { url: baseUrl, connections, requests: [request], timeout: 10 };
  // Warm-up: JIT, caches, connection pools; not measured.
  await autocannon({ ...options, duration: 1 });
  const r = await autocannon({ ...options, duration: durationSeconds });
  const otherStatuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {}))
    if (!code.startsWith('2')) otherStatuses[code] = stat.count;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    otherStatuses,
  };
}

/** A bare Fastify hello-world in a child process: the floor every route of this machine is compared with. */
export async function startHelloWorld(root: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseUrl}/hello`, 20_000, child);
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
