import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate, openDatabase } from '@tessera/server/db';
import { FeedSimulator, SimClock } from '@tessera/server/feed-simulator';
import pino from 'pino';
import { buildApp } from './app';
import { loggerOptions } from '@tessera/server/http';
import { ControllableFeed } from '@tessera/server/bets';
import { readEnv } from './env';
import { openSharedMode } from './cluster/shared-mode';
import { startSharedSimulator } from './modules/feed/shared-simulator';
import { readSecrets } from '@tessera/server/secrets';
import { readExternalProvidersEnv } from '@tessera/server/casino';
import { fallbackRender } from '@tessera/server/pages';
import { readMessagingEnv } from '@tessera/server/messaging';
import { TestClock } from '@tessera/server/responsible';
import type { RenderFunction } from '@tessera/shared/contract-api';

const env = readEnv(process.env);
const log = pino({ level: env.logLevel, name: 'tessera-api' });

async function loadRender(webDistDir: string): Promise<RenderFunction> {
  const entry = path.join(webDistDir, 'server', 'entry-server.js');
  if (!fs.existsSync(entry)) {
    log.warn({ entry }, 'SSR bundle not found: pages use the fallback render (run npm run build)');
    return fallbackRender;
  }
  const mod = (await import(pathToFileURL(entry).href)) as { render?: RenderFunction };
  if (typeof mod.render !== 'function') throw new Error(`${entry} does not export render()`);
  return mod.render;
}

/**
 * The built-in odds feed: FEED_SPEED simulated seconds per wall second (default 1), FEED_SEED its world, FEED_START the
 * simulated instant it starts at (ISO 8601; default now). A fixed start, seed and speed 0 give the same games, odds and
 * scores on every start: the browser tests' screenshots (e2e README, "Visual regression").
 */
function startSimulator(): FeedSimulator {
  const speed = Number(process.env['FEED_SPEED'] ?? '1');
  const seed = Number(process.env['FEED_SEED'] ?? '1');
  const startText = process.env['FEED_START'];
  const start = startText ? Date.parse(startText) : Date.now();
  if (!(speed >= 0 && speed <= 3600))
    throw new Error(`FEED_SPEED must be a number from 0 to 3600, found ${process.env['FEED_SPEED']}`);
  if (!Number.isInteger(seed)) throw new Error(`FEED_SEED must be an integer, found ${process.env['FEED_SEED']}`);
  if (!Number.isFinite(start)) throw new Error(`FEED_START must be an ISO 8601 instant, found ${startText}`);
  const simulator = new FeedSimulator({ seed, clock: new SimClock({ start, speed }) });
  simulator.start();
  return simulator;
}

async function start(): Promise<void> {
  // Before anything opens: a production server without its secrets must not start at all.
  const secrets = readSecrets(process.env, env);
  log.info({ paymentProvider: env.paymentProvider }, 'payment provider');
  // The real gateways (SMTP, HTTP SMS); a half-configured one stops the start-up, naming the variable. Held apart from
  // ApiEnv like the secrets, since they carry credentials.
  const messageGateways = readMessagingEnv(process.env);
  // External casino providers: a half-configured one stops the start-up, naming the variable.
  const casinoProviders = readExternalProvidersEnv(process.env, env.mode === 'production');
  log.info(
    {
      email: messageGateways.smtp ? 'smtp' : env.mode === 'production' ? 'none' : 'development outbox',
      sms: messageGateways.sms ? 'http gateway' : env.mode === 'production' ? 'none' : 'development outbox',
    },
    'message gateways',
  );
  const database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDataDir: env.pgliteDataDir });
  log.info({ engine: database.engine }, 'database opened');
  const migrations = await migrate(database);
  log.info({ applied: migrations.applied, alreadyApplied: migrations.alreadyApplied.length }, 'migrations done');
  // Shared mode (REDIS_URL): per-address counters in the deployment's Redis (ADR 0365).
  const shared = env.shared
    ? await openSharedMode({ redisUrl: env.shared.redisUrl, keyPrefix: env.shared.keyPrefix, log })
    : undefined;
  log.info({ mode: shared ? 'shared' : 'single', keyPrefix: shared?.keyPrefix }, 'server mode');

  // Outside production the feed can be told to finish games (POST /__dev/feed/finish), for browser tests.
  // Shared mode: every server plays the cluster's one simulated world and one of them leads the feed (ADR 0360); the
  // development finish control would change only one server's world, so it is off there.
  const simulator = shared ? await startSharedSimulator(database, process.env) : startSimulator();
  const feedControl = env.mode === 'production' || shared ? undefined : new ControllableFeed(simulator);
  const app = await buildApp({
    brandsDir: env.brandsDir,
    ...(env.platformLocalesDir ? { platformLocalesDir: env.platformLocalesDir } : {}),
    database,
    render: await loadRender(env.webDistDir),
    clientDir: path.join(env.webDistDir, 'client'),
    mode: env.mode,
    logger: loggerOptions(env.mode === 'test' ? 'development' : env.mode, env.logLevel),
    brandOverride: env.brandOverride,
    trustProxy: env.trustProxy,
    rateLimitPerMinute: env.rateLimitPerMinute,
    ...(shared ? { shared: { redis: shared.redis, keyPrefix: shared.keyPrefix } } : {}),
    // Secrets stay out of ApiEnv (which is logged and tested as plain settings).
    ...(secrets.accountSecretKey ? { accountSecretKey: secrets.accountSecretKey } : {}),
    messageGateways,
    payments: {
      provider: env.paymentProvider,
      ...(secrets.paymentCallbackSecret ? { callbackSecret: secrets.paymentCallbackSecret } : {}),
    },
    // The sandbox game provider (tools/casino-provider) when CASINO_PROVIDER_URL names it (ADR 0345).
    ...(casinoProviders.length > 0 ? { casinoExternal: { providers: casinoProviders } } : {}),
    feed: {
      provider: feedControl ?? simulator,
      pushConnectionsPerAddress: env.pushConnectionsPerAddress,
      ...(env.shared && env.databaseUrl ? { shared: { ...env.shared, databaseUrl: env.databaseUrl } } : {}),
    },
    timeouts: env.timeouts,
    apiDocs: env.apiDocs,
    passwordHashing: env.passwordHashing,
    ...(env.resendCooldownMs !== undefined ? { resendCooldownMs: env.resendCooldownMs } : {}),
    ...(secrets.operatorToken ? { operatorToken: secrets.operatorToken } : {}),
    ...(feedControl ? { feedControl } : {}),
    // Test mode: browser tests move player protection's clock through cooling-off (POST /__dev/clock/advance).
    // ACTIVITY_FILE=sandbox: production asks the database sandbox of the activity file too (the demo, start.sh).
    responsible: {
      ...(env.mode === 'test' ? { testClock: new TestClock() } : {}),
      ...(env.activityFile === 'sandbox' ? { sandboxActivityFile: true } : {}),
    },
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck connection must not keep a stopped deployment alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await shared?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  await app.listen({ port: env.port, host: env.host });
}

start().catch((error: unknown) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
