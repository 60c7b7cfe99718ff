import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestSchema,
  dropTestSchema,
  isTestPostgresReachable,
  testDatabaseUrl,
  type DatabaseEngine,
} from '@tessera/server/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(root, 'apps/api/src/testing/fixtures');

async function waitForHealth(base: string, child: ChildProcess, output: readonly string[]): Promise<void> {
  for (;;) {
    // What the server printed last says why it stopped (a CI run under load once saw only "exited with 1").
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('').split('\n').slice(-15).join('\n')}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A main.ts process serving over HTTP, what it printed, and the schema it runs in on PostgreSQL. */
interface RunningMain {
  child: ChildProcess;
  base: string;
  output: string[];
  schema?: string;
}

const started: RunningMain[] = [];

async function startMain(engine: DatabaseEngine): Promise<RunningMain> {
  let databaseUrl = '';
  let schema: string | undefined;
  if (engine === 'postgres') {
    // DATABASE_URL as an operator writes it; the options parameter keeps this run in a schema of its own.
    schema = await createTestSchema();
    const url = new URL(testDatabaseUrl());
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ACCOUNT_SECRET_KEY: 'main-test-account-secret-key-0123456789abcdef',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      BRANDS_DIR: path.join(fixtures, 'brands'),
      PLATFORM_LOCALES_DIR: path.join(fixtures, 'platform-locales'),
      WEB_DIST_DIR: path.join(fixtures, 'no-web-build'),
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: RunningMain = { child, base, output: [], schema };
  started.push(server);
  child.stdout?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  await waitForHealth(base, child, server.output);
  return server;
}

// Each server spends most of its start-up in tsx, the migrations and PostgreSQL's disk, one after the other; the
// engines' servers start side by side and each suite waits for its own (ADR 0450).
const engines: DatabaseEngine[] = isTestPostgresReachable() ? ['pglite', 'postgres'] : ['pglite'];
const starting = new Map<DatabaseEngine, Promise<RunningMain>>();
beforeAll(() => {
  for (const engine of engines) {
    const start = startMain(engine);
    // Its suite's beforeAll reports a failed start; until then it is not an unhandled rejection.
    start.catch(() => undefined);
    starting.set(engine, start);
  }
});
afterAll(async () => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(started.flatMap(({ schema }) => (schema ? [dropTestSchema(schema)] : [])));
});

// The real process over real HTTP: environment, migrations, brand loading, listening and graceful shutdown.
function describeMain(engine: DatabaseEngine): void {
  describe(`main.ts [${engine}]`, () => {
    let child: ChildProcess;
    let base: string;
    let output: string[];

    beforeAll(async () => {
      const start = starting.get(engine);
      if (!start) throw new Error(`no ${engine} server was started`);
      ({ child, base, output } = await start);
    }, 120_000);

    it('serves readiness over HTTP with the refused brands named', async () => {
      const res = await fetch(`${base}/ready`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        database: { engine: string };
        brands: { valid: { id: string }[]; refused: { id: string }[] };
      };
      expect(body.database.engine).toBe(engine);
      expect(body.brands.valid.map((b) => b.id)).toEqual(['northbet', 'sunplay']);
      expect(body.brands.refused.map((b) => b.id)).toEqual(['brokenbet', 'malformed']);
    });

    it('renders a brand page chosen by ?brand= and redirects / to the default language', async () => {
      const home = await fetch(`${base}/?brand=sunplay`, { redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/en/?brand=sunplay');
      const page = await fetch(`${base}/en/?brand=sunplay`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>SunPlay</h1>');
    });

    it('writes JSON log lines and stops cleanly on SIGTERM', async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = output.join('').split('\n').filter(Boolean);
      const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(messages).toContain('migrations done');
      expect(messages).toContain('brands loaded');
      expect(messages).toContain(
        'brand "brokenbet" refused, not served: apps/api/src/testing/fixtures/brands/brokenbet/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
      );
      expect(messages).toContain('shutting down: finishing requests in flight');
    });
  });
}

describe('main.ts in production without its secrets', () => {
  it('refuses to start, naming the missing variable, before opening the database', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ACCOUNT_SECRET_KEY: '',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_CALLBACK_SECRET: 'short',
        PORT: String(await freePort()),
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_URL: '',
        BRANDS_DIR: path.join(fixtures, 'brands'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    const text = output.join('');
    expect(text).toContain(
      'production needs its secrets: ACCOUNT_SECRET_KEY is not set; PAYMENT_CALLBACK_SECRET is shorter than 32 characters',
    );
    expect(text).not.toContain('database opened');
  }, 60_000);
});

for (const engine of engines) describeMain(engine);
