import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { DistSnapshot } from './build';
import { benchBrandsDir } from './bench-brands';

/** A free TCP port on the loopback interface (the OS picks it; the tiny race with other processes is acceptable). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const secrets = new Map<string, string>();

/** A random secret of this bench run, the same for every API it starts (a restart must read what was sealed). */
function benchSecret(name: string): string {
  let secret = secrets.get(name);
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    secrets.set(name, secret);
  }
  return secret;
}

/** Which database an API process runs on. */
export type Engine = 'pglite' | 'postgres';

/** How to start one API process from the bundle snapshot. */
export interface ApiStartOptions {
  engine: Engine;
  /** PostgreSQL URL (with the schema in `options`) for engine postgres. */
  databaseUrl?: string;
  /** PGlite data folder (default `memory://`): a folder lets a drill restart on the same data. */
  pgliteDataDir?: string;
  /** Reuse a port (a restart after a kill keeps the address the clients know). */
  port?: number;
  /** Extra environment (FEED_SPEED, ...). */
  env?: Record<string, string>;
  /** Log file for the process's output. */
  logFile: string;
  /**
   * Seconds to wait for /ready (default 300). The busy run of 2026-11-26 lost its whole vitals area to a 90 s default:
   * at load 25 (host index 539) the API took longer to start; readiness is not a figure here (the restart drill times it).
   */
  readyTimeoutSeconds?: number;
}

/** A running production API process, stopped by its own process id. */
export interface ApiProcess {
  engine: Engine;
  port: number;
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  options: ApiStartOptions;
  /** Graceful stop (SIGTERM), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL, as a crash would: no shutdown hook runs. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `url` until it answers 200 or the process exits or the time is up. */
export async function waitForOk(url: string, timeoutMs: number, child?: ChildProcess): Promise<number> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return Date.now() - started;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

/** Starts `node <snapshot>/api/main.mjs` in production mode on a loopback port and waits for /ready. */
export async function startApi(dist: DistSnapshot, root: string, options: ApiStartOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const out = fs.openSync(options.logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: dist.webDistDir,
    // The demo brands and the benchmark's load brand (bench-brands.ts).
    BRANDS_DIR: benchBrandsDir(root),
    // The API's per-client limit (600/min) would answer 429 to a load generator on one address: measure the server.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // Lets a load generator present many clients (X-Forwarded-For), as a load balancer in front would.
    TRUST_PROXY: 'true',
    // Production serves no API docs unless switched on; the api area and the bad-input drill walk the OpenAPI document.
    API_DOCS: 'on',
    // Production refuses to start without its secrets (docs/adr/0134); the bench names its own, and runs the sandbox
    // card provider as a staging deployment would, so deposits (and bet placement after them) can be measured.
    ACCOUNT_SECRET_KEY: benchSecret('account'),
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_CALLBACK_SECRET: benchSecret('payment-callback'),
    ...(options.engine === 'postgres'
      ? { DATABASE_URL: options.databaseUrl ?? '' }
      : { PGLITE_DATA_DIR: options.pgliteDataDir ?? 'memory://' }),
    ...options.env,
  };
  const child = spawn(process.execPath, [dist.apiEntry], { cwd: root, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the API process did not start');
  const baseUrl = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    engine: options.engine,
    port,
    baseUrl,
    pid,
    child,
    options: { ...options, port },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited(child);
    },
  };
  try {
    await waitForOk(`${baseUrl}/ready`, (options.readyTimeoutSeconds ?? 300) * 1000, child);
  } catch (error) {
    await api.kill();
    const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-8).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
  return api;
}
