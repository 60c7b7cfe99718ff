import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import type { Database } from '@tessera/server/db';
import { SandboxExclusionRegister, SANDBOX_REGISTER_LISTINGS, type SandboxListing } from '@tessera/server/responsible';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import { Browser, registerByEmail } from '../../auth/testing/accounts-test-kit';
import { GAME_IDS, outcome, ScriptedFeed, SteppedScheduler } from '../../bets/testing/bets-test-kit';
import { TestClock } from '@tessera/server/responsible';

/**
 * guardbet: EUR; gb (default): every limit, time-out, self-exclusion, panic button, 24 h cooling-off, reality check
 * every 30 min, the register checked failing closed; de: 168 h cooling-off, no time-out, register failing open,
 * cross-operator deposit limit failing closed; kz: no limits page, self-exclusion or panic button, no register,
 * cross-operator limit failing open.
 */
export const guardBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** The test brand's host. */
export const GUARD_HOST = 'guardbet.example';

/** The app over guardbet with a scripted feed, stepped payments, a register the test can add people to. */
export async function buildGuardApp(db: Database): Promise<{
  app: FastifyInstance;
  feed: ScriptedFeed;
  scheduler: SteppedScheduler;
  clock: TestClock;
  listings: SandboxListing[];
}> {
  const feed = new ScriptedFeed();
  const control = new ControllableFeed(feed);
  const scheduler = new SteppedScheduler();
  const clock = new TestClock();
  const listings = [...SANDBOX_REGISTER_LISTINGS];
  const app = await buildTestApp(db, {
    brandsDir: guardBrandsDir,
    brandRegistry: await loadFixtureRegistry(guardBrandsDir),
    rateLimitPerMinute: 100_000,
    mode: 'test',
    // One clock for the whole app, so bets, deposits and sessions age with the limits (sessions here last 30 days).
    clock: clock.now,
    logger: process.env['GUARD_LOG'] ? { level: 'error' } : false,
    feed: { provider: control, flushIntervalMs: 60_000 },
    feedControl: control,
    payments: { sandbox: { scheduler, confirmDelayMs: 0 } },
    responsible: {
      testClock: clock,
      registers: { sandbox: new SandboxExclusionRegister(listings) },
      registerTimeoutMs: 150,
    },
  });
  await app.ready();
  return { app, feed, scheduler, clock, listings };
}

let counter = 0;

/** A new account on guardbet in a country, signed in; extra registration fields (names, birth date) as given. */
export async function signUpGuard(
  app: FastifyInstance,
  country: 'gb' | 'de' | 'kz' = 'gb',
  extra: Record<string, unknown> = {},
  email = `player${++counter}.${Date.now()}@example.com`,
): Promise<{ browser: Browser; userId: string; email: string }> {
  const browser = new Browser(app, GUARD_HOST);
  const res = await registerByEmail(app, browser, { email, country, currency: 'EUR', ...extra });
  return { browser, userId: (res.json() as { account_id: string }).account_id, email };
}

const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123' };

/** Starts a card deposit and lets the sandbox confirm it; answers the start's response. */
export async function deposit(browser: Browser, scheduler: SteppedScheduler, amount: number) {
  const res = await browser.post('/web-api/payments/deposit', { amount, card });
  await scheduler.runAll();
  return res;
}

let nextGame = 0;

/** A single on a game no other test bet on, at 2.00. */
export function single(summ: number) {
  const gameId = GAME_IDS[nextGame++ % GAME_IDS.length] as number;
  return {
    betGUID: crypto.randomUUID(),
    vid: 0,
    Summ: summ,
    Events: [{ gameId, outcomeId: outcome(gameId, 'home'), coef: 2 }],
  };
}

/** MakeBetWeb. */
export const MAKE_BET = '/service-api/LiveBet/Secure/MakeBetWeb';
