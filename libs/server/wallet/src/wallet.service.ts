import { createHash, randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { BetRefusal, type Bettor } from '@tessera/server/bets';
import type { BrandRegistry, ResolvedBrand } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import { depositKey, getUserBalances, toAccountLists, type AccountEntry } from '@tessera/server/ledger';
import {
  createSandboxPaymentProvider,
  handleDepositCallback,
  type DepositIntent,
  type PaymentProvider,
  type PaymentScheduler,
  type SignedCallback,
} from '@tessera/server/payments';
import type { BalanceResponse, DepositRequest } from '@tessera/shared/contract-api';
import { toMinorUnits } from '@tessera/shared/util-format';

/** How a server chooses its card payment provider. */
export interface PaymentProviderSettings {
  database: Database;
  mode: 'development' | 'test' | 'production';
  /** The card payment provider; wins over `provider`. */
  paymentProvider?: PaymentProvider;
  /**
   * Which built-in provider to run when none is passed (PAYMENT_PROVIDER): default the sandbox outside production
   * (libs/server/payments README, "Why the sandbox behaves like a real acquirer") and none in production, where the sandbox runs only when configured (docs/adr/0134).
   */
  provider?: 'none' | 'sandbox';
  /** HMAC key of the sandbox's callbacks (PAYMENT_CALLBACK_SECRET); outside production derived from `secretKey`. */
  callbackSecret?: string;
  secretKey?: string;
  clock: () => Date;
  /** Sandbox only: how its asynchronous decisions are scheduled (tests step them) and how long they take. */
  sandbox?: { scheduler?: PaymentScheduler; confirmDelayMs?: number };
  onError: (error: unknown) => void;
  /** Sandbox only: where its signed payout callbacks go (the withdrawals' callback handler, in-process). */
  deliverPayout?: (callback: SignedCallback) => Promise<void>;
}

/**
 * The provider this server takes deposits through, or none; with the sandbox, `resumePending` picks up its work after
 * a restart (call it once the server is ready).
 */
export function choosePaymentProvider(settings: PaymentProviderSettings): {
  provider: PaymentProvider | undefined;
  resumePending?: () => Promise<void>;
} {
  if (settings.paymentProvider) return { provider: settings.paymentProvider };
  const builtIn = settings.provider ?? (settings.mode === 'production' ? 'none' : 'sandbox');
  if (builtIn !== 'sandbox') return { provider: undefined };
  if (settings.mode === 'production' && !settings.callbackSecret)
    throw new Error('PAYMENT_CALLBACK_SECRET is required to run the sandbox payment provider in production');
  const callbackSecret =
    settings.callbackSecret ??
    createHash('sha256')
      .update(`sandbox-callbacks:${settings.secretKey ?? 'development'}`)
      .digest('hex');
  const db = settings.database;
  const sandbox = createSandboxPaymentProvider({
    database: db,
    callbackSecret,
    // The sandbox calls the platform in-process, through the same signed-callback check an HTTP callback gets.
    deliver: async (callback) => {
      await handleDepositCallback(db, sandbox, callback.body, callback.signature);
    },
    ...(settings.deliverPayout ? { deliverPayout: settings.deliverPayout } : {}),
    clock: settings.clock,
    onError: settings.onError,
    ...(settings.sandbox?.scheduler ? { scheduler: settings.sandbox.scheduler } : {}),
    ...(settings.sandbox?.confirmDelayMs !== undefined ? { confirmDelayMs: settings.sandbox.confirmDelayMs } : {}),
  });
  return {
    provider: sandbox,
    resumePending: async () => {
      await sandbox.resumePending();
    },
  };
}

/** The bettor's accounts (spec account entries): a new account without ledger rows still has a main wallet, at zero. */
export async function walletBalances(db: Database, registry: BrandRegistry, bettor: Bettor): Promise<BalanceResponse> {
  const brand = registry.get(bettor.brandId);
  const currencies = brand
    ? registry.resolve(brand.id, brand.defaultCountry, brand.defaultLanguage).config.global.currencies
    : undefined;
  const entries: AccountEntry[] = await getUserBalances(db, bettor.userId, {
    ...(currencies ? { currencies } : {}),
    activeCurrency: bettor.currency,
  });
  if (!entries.some((e) => e.type === 'main' && e.iso === bettor.currency)) {
    const info = currencies?.[bettor.currency];
    const symbol = info?.symbol ?? bettor.currency;
    entries.unshift({
      id: 0,
      idBonus: null,
      type: 'main',
      money: 0,
      name: info?.name ?? bettor.currency,
      iso: bettor.currency,
      symbol,
      isActive: true,
      currencyId: info?.id ?? null,
      amountOfUnplacedBets: 0,
      points: 0,
      isBonusAccount: false,
      isPointsTypeBalance: false,
      label: `${info?.name ?? bettor.currency} (${symbol})`,
    });
  }
  return toAccountLists(entries);
}

/** The provider, or the refusal of a server that has none (503, payments_unavailable). */
export function requireProvider(provider: PaymentProvider | undefined): PaymentProvider {
  if (!provider) throw new BetRefusal('payments_unavailable', 'no payment provider is configured');
  return provider;
}

/** A card deposit as the bettor asks for it (the generated contract's DepositRequest). */
export type DepositInput = DepositRequest;

/**
 * Starts a card deposit: deposits must be on for the bettor's brand and country (office.pages.deposit, compliance's
 * switch), a provider configured, and a given merchantReference not another bettor's. A provider's refusal is its
 * PaymentError.
 */
export async function startDeposit(
  provider: PaymentProvider | undefined,
  bettor: Bettor,
  config: ResolvedBrand['config'],
  input: DepositInput,
): Promise<DepositIntent> {
  if (config.office.pages['deposit']?.enabled !== true)
    throw new BetRefusal('feature_disabled', 'deposits are switched off for this brand and country');
  const payments = requireProvider(provider);
  const merchantReference = input.merchantReference ?? randomUUID();
  const existing = await payments.getDepositIntent(merchantReference);
  if (existing && !ownedBy(existing, bettor)) {
    throw new ApiError(409, 'Conflict', { detail: 'This merchantReference belongs to another deposit' });
  }
  return payments.createDepositIntent({
    merchantReference,
    amount: toMinorUnits(input.amount),
    currency: bettor.currency,
    card: input.card,
    metadata: { brandId: bettor.brandId, userId: bettor.userId },
    refusedFunding: config.cashier.deposits.refusedCardTypes,
  });
}

/** The bettor's own deposit, or 404 (another bettor's deposit is not theirs to see). */
export async function ownDeposit(
  provider: PaymentProvider | undefined,
  bettor: Bettor,
  merchantReference: string,
): Promise<DepositIntent> {
  const intent = await requireProvider(provider).getDepositIntent(merchantReference);
  if (!intent || !ownedBy(intent, bettor)) throw new ApiError(404, 'Not found', { detail: 'No such deposit' });
  return intent;
}

/**
 * Whether a deposit may still be credited: the provider has it under way (processing, waiting for its challenge), or
 * it succeeded and its credit is not in the ledger yet. Player protection asks it of the deposits it let through, so
 * that deposits in flight count against deposit limits (libs/server/responsible README, "What counts").
 */
export async function depositInFlight(db: Database, provider: PaymentProvider, reference: string): Promise<boolean> {
  const intent = await provider.getDepositIntent(reference);
  if (!intent) return false;
  if (intent.status === 'processing' || intent.status === 'requires_action') return true;
  if (intent.status !== 'succeeded') return false;
  const credited = await db.query(`select 1 from ledger_transactions where idempotency_key = $1`, [
    depositKey(provider.id, reference),
  ]);
  return credited.rows.length === 0;
}

function ownedBy(intent: DepositIntent, bettor: Bettor): boolean {
  return intent.metadata['userId'] === bettor.userId && intent.metadata['brandId'] === bettor.brandId;
}
