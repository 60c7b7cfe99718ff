import { createProviderServer, parseFaultList } from './provider-server';

/**
 * The sandbox casino game provider as its own process (README): `node --import tsx tools/casino-provider/src/main.ts`.
 * CASINO_PROVIDER_PORT (default 4201), CASINO_PROVIDER_HOST (default 127.0.0.1), PLATFORM_URL (where callbacks go,
 * default http://127.0.0.1:4200), CASINO_PROVIDER_SECRET (the callbacks' HMAC key; required in production),
 * PROVIDER_ALLOWED_PARENTS (origins that may frame the games, comma-separated; CSP patterns), PROVIDER_TIMEOUT_MS,
 * PROVIDER_ATTEMPTS, PROVIDER_BACKOFF_MS, PROVIDER_RESEND_MS, PROVIDER_FAULTS (bet:drop-answer:1,...),
 * PROVIDER_DEV_CONTROLS (1: /__dev/* also in production), PROVIDER_GAME_COUNT (games published: its 3 variants, then
 * generated ones up to this count).
 */
const env = process.env;
const production = env['NODE_ENV'] === 'production';

function int(name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, found ${raw}`);
  return value;
}

const secret = env['CASINO_PROVIDER_SECRET'] || (production ? '' : 'tessera-development-casino-provider-secret');
if (secret.length < 32) throw new Error('CASINO_PROVIDER_SECRET must be set to at least 32 characters');
const platformUrl = (env['PLATFORM_URL'] ?? 'http://127.0.0.1:4200').replace(/\/+$/, '');
const port = int('CASINO_PROVIDER_PORT', 4201, 1, 65_535);
const host = env['CASINO_PROVIDER_HOST'] || '127.0.0.1';
const platformOrigin = new URL(platformUrl).origin;
const allowedParents = (env['PROVIDER_ALLOWED_PARENTS'] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (allowedParents.length === 0) {
  allowedParents.push(platformOrigin);
  // Development: the platform is reached as localhost or 127.0.0.1 on any port (brands by ?brand=).
  if (!production) allowedParents.push('http://localhost:*', 'http://127.0.0.1:*');
}

const provider = createProviderServer({
  platformUrl,
  slug: env['PROVIDER_SLUG'] || 'northlight',
  secret,
  allowedParents,
  timeoutMs: int('PROVIDER_TIMEOUT_MS', 3_000, 50, 60_000),
  attempts: int('PROVIDER_ATTEMPTS', 3, 1, 20),
  backoffMs: int('PROVIDER_BACKOFF_MS', 250, 0, 60_000),
  resendIntervalMs: int('PROVIDER_RESEND_MS', 5_000, 100, 3_600_000),
  devControls: !production || env['PROVIDER_DEV_CONTROLS'] === '1',
  faults: parseFaultList(env['PROVIDER_FAULTS']),
  gameCount: int('PROVIDER_GAME_COUNT', 3, 3, 100_000),
  log: (line) => process.stdout.write(`[casino-provider] ${line}\n`),
});

provider.server.listen(port, host, () => {
  process.stdout.write(
    `[casino-provider] Northlight Games sandbox (${provider.games.size} games) on http://${host}:${port} -> ${platformUrl}\n`,
  );
});
const stop = () => {
  provider.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
