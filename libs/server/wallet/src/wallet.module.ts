import type { AccountsLogger } from '@tessera/server/accounts';
import { createBettorLookup, type BettorLookup } from '@tessera/server/bets';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import {
  createSandboxRatesProvider,
  type PaymentProvider,
  type PaymentScheduler,
  type RatesProvider,
} from '@tessera/server/payments';
import type { CashierGate } from './cashier-gate';
import { createWalletCalls, type WalletCalls } from './wallet-calls.service';
import { choosePaymentProvider } from './wallet.service';
import type { Withdrawals } from './withdrawals.service';

/** What {@link createWalletModule} needs: the server's parts and the payment settings of `buildApp`. */
export interface WalletModuleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The server key sessions are read with (ACCOUNT_SECRET_KEY). */
  secretKey?: string;
  clock?: () => Date;
  log: AccountsLogger;
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
  /** The card payment provider; wins over {@link WalletModuleOptions.provider}. */
  paymentProvider?: PaymentProvider;
  /**
   * Which built-in provider to run when none is passed (PAYMENT_PROVIDER): default the sandbox outside production
   * (libs/server/payments README) and none in production, where the sandbox runs only when configured (docs/adr/0134).
   */
  provider?: 'none' | 'sandbox';
  /** HMAC key of the sandbox's callbacks (PAYMENT_CALLBACK_SECRET); outside production derived from `secretKey`. */
  callbackSecret?: string;
  /** Sandbox only: how its asynchronous decisions are scheduled (tests step them) and how long they take. */
  sandbox?: { scheduler?: PaymentScheduler; confirmDelayMs?: number };
  /**
   * Checks other areas plug into the cashier (responsible gambling, verification): asked before a deposit starts and
   * before a withdrawal is reserved; an ApiError answer refuses with its code (README, "Cashier gates").
   */
  gates?: readonly CashierGate[];
  /**
   * How often withdrawals are swept (approved ones sent, sent ones re-queried from the provider), ms; default 10,000,
   * 0 for never (tests call `withdrawals.resume()`). The sweep also runs once at start-up.
   */
  withdrawalSweepMs?: number;
  /**
   * The server's job queue: the periodic sweep runs as its job `wallet.withdrawal-sweep`, one run per interval on one
   * of the servers sharing the database (ADR 0366); without it, or for an interval under a second (a test's fast
   * sweep), a timer in this process runs it.
   */
  jobs?: Pick<JobQueue, 'every'>;
  /**
   * Exchange rates for transfers between a player's currency accounts: default the sandbox rates outside production,
   * none in production (transfers answer 503 rate_unavailable) unless one is passed.
   */
  rates?: RatesProvider | null;
}

/** The job kind of the periodic withdrawal sweep (its queue: migration 0810). */
export const WITHDRAWAL_SWEEP_JOB = 'wallet.withdrawal-sweep';

/** The wallet of a server: what its routes call, and its start-up and shutdown. */
export interface WalletModule {
  /** The wallet calls (docs/contracts/bets-api.md), each answering the contract's type or throwing an `ApiError`. */
  calls: WalletCalls;
  /** The signed-in bettor of a request (401 without a session). */
  bettorOf: BettorLookup['bettorOf'];
  /** The card payment provider this server takes deposits through, or none (the platform switches payments off). */
  provider: PaymentProvider | undefined;
  withdrawals: Withdrawals;
  /** Once the server is ready: the sandbox's pending decisions, then the withdrawal sweep once and every interval. */
  start(): Promise<void>;
  /** Stops the sweep. */
  stop(): void;
}

/**
 * Builds the wallet from the server's settings: the payment provider (`choosePaymentProvider`), the exchange rates,
 * the calls with the cashier gates, and the withdrawal sweep that takes up approved and unanswered withdrawals.
 */
export function createWalletModule(options: WalletModuleOptions): WalletModule {
  const clock = options.clock ?? (() => new Date());
  const { database: db, log } = options;
  const lookup = createBettorLookup({
    database: db,
    registry: options.registry,
    mode: options.mode,
    secretKey: options.secretKey,
    clock,
    log,
    countryCookie: options.countryCookie,
  });
  // The sandbox calls the withdrawals back in-process; they exist once the provider does (a throw is retried).
  const late: { calls?: WalletCalls } = {};
  const { provider, resumePending } = choosePaymentProvider({
    database: db,
    deliverPayout: async (callback) => {
      if (!late.calls) throw new Error('the wallet is not ready for payout callbacks');
      await late.calls.payoutCallback(callback.body, callback.signature);
    },
    mode: options.mode,
    clock,
    onError: (err) => log.error({ err }, 'sandbox payment provider'),
    paymentProvider: options.paymentProvider,
    provider: options.provider,
    callbackSecret: options.callbackSecret,
    secretKey: options.secretKey,
    sandbox: options.sandbox,
  });
  const rates =
    options.rates === undefined
      ? options.mode === 'production'
        ? undefined
        : createSandboxRatesProvider({ clock })
      : (options.rates ?? undefined);
  const calls = createWalletCalls({
    db,
    registry: options.registry,
    clock,
    provider,
    log,
    gates: options.gates,
    rates,
  });
  late.calls = calls;
  const sweep = () => calls.withdrawals.resume().catch((err: unknown) => log.error({ err }, 'withdrawal sweep failed'));
  let timer: ReturnType<typeof setInterval> | undefined;
  const every = options.withdrawalSweepMs ?? 10_000;
  // Several servers on one database: one of them sweeps per interval, never all at once (ADR 0366).
  const sweepAsJob = options.jobs !== undefined && every >= 1_000 && provider !== undefined;
  if (sweepAsJob) options.jobs?.every(WITHDRAWAL_SWEEP_JOB, every, () => calls.withdrawals.resume());
  return {
    calls,
    bettorOf: lookup.bettorOf,
    provider,
    withdrawals: calls.withdrawals,
    async start() {
      if (resumePending) await resumePending();
      // Start-up recovery: withdrawals approved but not sent, or sent without an answer, are taken up again.
      await sweep();
      if (every > 0 && provider && !sweepAsJob) {
        timer = setInterval(() => void sweep(), every);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
