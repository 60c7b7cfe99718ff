import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import type { Database } from '@tessera/server/db';
import type { CashierGate } from '@tessera/server/wallet';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import type { Browser } from '../../auth/testing/accounts-test-kit';
import { ScriptedFeed, SteppedScheduler } from '../../bets/testing/bets-test-kit';

/**
 * betbet as the bets tests know it (same host and currencies), with cashier settings: EUR withdrawals from 5.00,
 * approved at once up to 100.00; pl: every withdrawal waits for a person and players may not cancel; de: withdrawals
 * switched off. Advance bets on.
 */
export const walletBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** The app over the wallet test brand with a stepped payment scheduler; no withdrawal sweep timer unless asked. */
export async function buildWalletApp(
  db: Database,
  overrides: { gates?: CashierGate[]; clock?: () => Date; withdrawalSweepMs?: number } = {},
): Promise<{ app: FastifyInstance; scheduler: SteppedScheduler }> {
  const scheduler = new SteppedScheduler();
  const feed = new ControllableFeed(new ScriptedFeed());
  const app = await buildTestApp(db, {
    brandsDir: walletBrandsDir,
    brandRegistry: await loadFixtureRegistry(walletBrandsDir),
    rateLimitPerMinute: 100_000,
    mode: 'test',
    logger: false,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    feed: { provider: feed, flushIntervalMs: 60_000 },
    payments: {
      sandbox: { scheduler, confirmDelayMs: 0 },
      withdrawalSweepMs: overrides.withdrawalSweepMs ?? 0,
      ...(overrides.gates ? { gates: overrides.gates } : {}),
    },
  });
  await app.ready();
  return { app, scheduler };
}

const card = (number: string) => ({ number, expiryMonth: 12, expiryYear: 2035, cvc: '123' });

/** Deposits through the sandbox and waits for its callback: the card becomes a withdrawal method. */
export async function deposit(
  browser: Browser,
  scheduler: SteppedScheduler,
  amount: number,
  number = '4242424242424242',
): Promise<string> {
  const res = await browser.post('/web-api/payments/deposit', { amount, card: card(number) });
  if (res.statusCode !== 202) throw new Error(`deposit answered ${res.statusCode}: ${res.body}`);
  await scheduler.runAll();
  return (res.json() as { merchantReference: string }).merchantReference;
}
