import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { answering, type BettorContext } from '@tessera/server/bets';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import {
  handleDepositCallback,
  PaymentError,
  type DepositIntent,
  type PaymentProvider,
  type RatesProvider,
} from '@tessera/server/payments';
import type {
  BalanceResponse,
  CreateCurrencyAccountRequest,
  CurrencyAccountRequest,
  CurrencyAccountsResponse,
  DeduceDataResponse,
  DepositCallbackResponse,
  DepositChallengeRequest,
  DepositRequest,
  DepositResponse,
  PaymentsHistoryRequest,
  PaymentsHistoryResponse,
  PayoutCallbackResponse,
  TransferQuoteRequest,
  TransferQuoteResponse,
  TransferRequest,
  TransferResponse,
  WithdrawalEntry,
  WithdrawalRequest,
} from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { checkCashierGates, type CashierGate } from './cashier-gate';
import { playerCountry } from './player';
import { createCurrencyAccounts, type CurrencyAccount } from './currency-accounts.service';
import { cashierRefusal } from './cashier-errors';
import { paymentsHistory } from './payments-history';
import { ownDeposit, requireProvider, startDeposit, walletBalances } from './wallet.service';
import { createWithdrawals, type Withdrawal, type Withdrawals, type WithdrawalsLogger } from './withdrawals.service';

/** A withdrawal as the wallet calls answer it (amounts in major units). */
export function withdrawalAnswer(w: Withdrawal, playerMayCancel: boolean): WithdrawalEntry {
  return {
    id: w.id,
    amount: fromMinorUnits(w.amount),
    currency: w.currency,
    state: w.state,
    reason: w.reason,
    methodLast4: w.methodLast4,
    cancellable: playerMayCancel && (w.state === 'requested' || w.state === 'approved'),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** A deposit as the wallet calls answer it (amounts in major units). */
export function depositAnswer(intent: DepositIntent): DepositResponse {
  return {
    merchantReference: intent.merchantReference,
    status: intent.status,
    declineReason: intent.declineReason,
    nextAction: intent.nextAction,
    amount: fromMinorUnits(intent.amount),
    currency: intent.currency,
  };
}

/**
 * The payment provider's refusal as an answer: an invalid card or amount 422 (deposit_refused, 1040, with the field),
 * an unknown deposit 404, a bad callback signature 401, anything else 409. Other errors pass through.
 */
export function paymentRefusal(error: unknown): never {
  if (error instanceof PaymentError) {
    if (error.reason === 'validation')
      throw new ApiError(422, 'Deposit refused', {
        detail: `deposit_refused: ${error.message}`,
        error_code: 1040,
        ...(error.field ? { validation_errors: [{ field: error.field, message: error.message }] } : {}),
      });
    if (error.reason === 'not_found') throw new ApiError(404, 'Not found', { detail: error.message });
    if (error.reason === 'signature') throw new ApiError(401, 'Invalid signature');
    throw new ApiError(409, 'Conflict', { detail: error.message });
  }
  throw error;
}

/** What {@link createWalletCalls} needs. */
export interface WalletCallsDependencies {
  db: Database;
  registry: BrandRegistry;
  clock: () => Date;
  /** The card payment provider, or none (deposits answer 503). */
  provider: PaymentProvider | undefined;
  /** Checks other areas plug in (responsible gambling, verification), asked before a deposit starts. */
  gates?: readonly CashierGate[];
  /** Where background withdrawal work (sends, recovery) logs what it cannot answer to anyone. */
  log?: WithdrawalsLogger;
  /** Exchange rates for transfers between a player's currency accounts; without one transfers answer 503. */
  rates?: RatesProvider;
}

/** The bettor a wallet call is for. */
export type WalletBettor = Pick<BettorContext, 'bettor' | 'config'>;

/** The wallet calls (docs/contracts/bets-api.md), each answering in the contract's shape or throwing an `ApiError`. */
export interface WalletCalls {
  balances(who: WalletBettor): Promise<BalanceResponse>;
  /** Starts a card deposit; the wallet is credited when the provider confirms. */
  deposit(who: WalletBettor, body: DepositRequest): Promise<DepositResponse>;
  /** The bettor's own deposit (404 for another's). */
  depositStatus(who: WalletBettor, merchantReference: string): Promise<DepositResponse>;
  /** Completes the bettor's own deposit's 3-D Secure-like challenge. */
  completeChallenge(
    who: WalletBettor,
    merchantReference: string,
    body: DepositChallengeRequest,
  ): Promise<DepositResponse>;
  /** The provider's signed callback: the raw text as signed and its signature header; credits once through the ledger. */
  depositCallback(raw: string, signature: string | undefined): Promise<DepositCallbackResponse>;
  paymentsHistory(who: WalletBettor, body: PaymentsHistoryRequest): Promise<PaymentsHistoryResponse>;
  /** What the player may withdraw and why, where to, the rules and their withdrawals (getdeducedata). */
  deduceData(who: WalletBettor): Promise<DeduceDataResponse>;
  /** Requests a withdrawal: reserved in the ledger at once, approved at once under the brand's threshold. */
  withdraw(who: WalletBettor, body: WithdrawalRequest): Promise<WithdrawalEntry>;
  /** The player's own withdrawal (404 for another's). */
  withdrawal(who: WalletBettor, id: string): Promise<WithdrawalEntry>;
  /** Cancels the player's withdrawal not yet sent, where the brand lets players cancel. */
  cancelWithdrawal(who: WalletBettor, id: string): Promise<WithdrawalEntry>;
  /** The provider's signed payout callback. */
  payoutCallback(raw: string, signature: string | undefined): Promise<PayoutCallbackResponse>;
  /** The withdrawal service itself (start-up recovery, the sweep, the operators' command). */
  readonly withdrawals: Withdrawals;
  currencyAccounts(who: WalletBettor): Promise<CurrencyAccountsResponse>;
  createCurrencyAccount(who: WalletBettor, body: CreateCurrencyAccountRequest): Promise<CurrencyAccountsResponse>;
  deleteCurrencyAccount(who: WalletBettor, body: CurrencyAccountRequest): Promise<CurrencyAccountsResponse>;
  setActiveCurrencyAccount(who: WalletBettor, body: CurrencyAccountRequest): Promise<CurrencyAccountsResponse>;
  transferQuote(who: WalletBettor, body: TransferQuoteRequest): Promise<TransferQuoteResponse>;
  transfer(who: WalletBettor, body: TransferRequest): Promise<TransferResponse>;
}

/** The wallet calls over a provider (or none): balance, deposits, the provider's callback, the payments history. */
export function createWalletCalls(deps: WalletCallsDependencies): WalletCalls {
  const { db, provider } = deps;
  const withdrawals = createWithdrawals({
    db,
    provider,
    clock: deps.clock,
    ...(deps.gates ? { gates: deps.gates } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  const accounts = createCurrencyAccounts({
    db,
    rates: deps.rates,
    clock: deps.clock,
    ...(deps.gates ? { gates: deps.gates } : {}),
  });
  const accountsAnswer = (who: WalletBettor, list: CurrencyAccount[]): CurrencyAccountsResponse => {
    const currencies = who.config.global.currencies;
    const held = new Set(list.map((a) => a.currency));
    const settings = who.config.cashier.currencyAccounts;
    return {
      enabled: settings.enabled,
      quoteSeconds: settings.quoteSeconds,
      accounts: list.map((a) => ({
        id: a.id,
        currency: a.currency,
        currencyId: currencies[a.currency]?.id ?? null,
        name: currencies[a.currency]?.name ?? a.currency,
        symbol: currencies[a.currency]?.symbol ?? a.currency,
        balance: fromMinorUnits(a.balance),
        active: a.active,
      })),
      offered: settings.enabled
        ? Object.entries(currencies)
            .filter(([code, c]) => !held.has(code) && c.hide !== true)
            .map(([code, c]) => ({ currencyId: c.id, currency: code, name: c.name, symbol: c.symbol }))
        : [],
    };
  };
  const mayCancel = (who: WalletBettor) => who.config.cashier.withdrawals.playerMayCancel;
  const ownIntent = ({ bettor }: WalletBettor, merchantReference: string) =>
    answering(() => ownDeposit(provider, bettor, merchantReference));
  return {
    withdrawals,
    currencyAccounts: async (who) => accountsAnswer(who, await accounts.list(who.bettor, who.config)),
    async createCurrencyAccount(who, body) {
      const entry = Object.entries(who.config.global.currencies).find(([, c]) => c.id === body.currency_id);
      if (!entry)
        throw cashierRefusal('currency_not_offered', 'This currency is not offered on this site', 'currency_id');
      return accountsAnswer(who, await accounts.create(who.bettor, who.config, entry[0]));
    },
    deleteCurrencyAccount: async (who, body) =>
      accountsAnswer(who, await accounts.remove(who.bettor, who.config, body.account_id)),
    async setActiveCurrencyAccount(who, body) {
      const list = await accounts.activate(who.bettor, who.config, body.account_id);
      return accountsAnswer(who, list);
    },
    async transferQuote(who, body) {
      const q = await accounts.quote(who.bettor, who.config, {
        fromAccountId: body.from_account_id,
        toAccountId: body.to_account_id,
        amount: body.amount,
      });
      return {
        quoteId: q.id,
        fromCurrency: q.fromCurrency,
        toCurrency: q.toCurrency,
        fromAmount: fromMinorUnits(q.fromAmount),
        toAmount: fromMinorUnits(q.toAmount),
        rate: q.rate,
        rateAsOf: q.rateAsOf.toISOString(),
        expiresAt: q.expiresAt.toISOString(),
      };
    },
    async transfer(who, body) {
      const t = await accounts.transfer(who.bettor, who.config, body.quote_id);
      return {
        id: t.id,
        fromCurrency: t.fromCurrency,
        toCurrency: t.toCurrency,
        fromAmount: fromMinorUnits(t.fromAmount),
        toAmount: fromMinorUnits(t.toAmount),
        rate: t.rate,
        createdAt: t.createdAt.toISOString(),
      };
    },
    async deduceData(who) {
      const { bettor, config } = who;
      const settings = config.cashier.withdrawals;
      const [money, methods, list] = await Promise.all([
        withdrawals.withdrawable(bettor),
        withdrawals.methods(bettor),
        withdrawals.list(bettor),
      ]);
      return {
        currency: bettor.currency,
        main: fromMinorUnits(money.main),
        bonus: fromMinorUnits(money.bonus),
        advanceHeld: fromMinorUnits(money.advanceHeld),
        reserved: fromMinorUnits(money.reserved),
        withdrawable: fromMinorUnits(money.withdrawable),
        minAmount: settings.minAmount[bettor.currency] ?? 1,
        autoApproveMax: settings.autoApproveMax[bettor.currency] ?? null,
        playerMayCancel: settings.playerMayCancel,
        methods: methods.map((m) => ({ reference: m.reference, last4: m.last4 })),
        withdrawals: list.map((w) => withdrawalAnswer(w, settings.playerMayCancel)),
      };
    },
    async withdraw(who, body) {
      const w = await answering(() => withdrawals.request(who, body)).catch(paymentRefusal);
      return withdrawalAnswer(w, mayCancel(who));
    },
    withdrawal: async (who, id) => withdrawalAnswer(await withdrawals.own(who.bettor, id), mayCancel(who)),
    cancelWithdrawal: async (who, id) => withdrawalAnswer(await withdrawals.cancel(who, id), mayCancel(who)),
    async payoutCallback(raw, signature) {
      await answering(async () => requireProvider(provider));
      return withdrawals.handleCallback(raw, signature).catch(paymentRefusal);
    },
    balances: ({ bettor }) => walletBalances(db, deps.registry, bettor),
    async deposit({ bettor, config }, body) {
      const merchantReference = body.merchantReference ?? randomUUID();
      await checkCashierGates(deps.gates, {
        accountId: bettor.userId,
        brandId: bettor.brandId,
        country: await playerCountry(db, bettor.userId),
        currency: bettor.currency,
        amountMinor: toMinorUnits(body.amount),
        kind: 'deposit',
        reference: merchantReference,
      });
      const intent = await answering(() =>
        startDeposit(provider, bettor, config, { ...body, merchantReference }),
      ).catch(paymentRefusal);
      return depositAnswer(intent);
    },
    depositStatus: async (who, merchantReference) => depositAnswer(await ownIntent(who, merchantReference)),
    async completeChallenge(who, merchantReference, body) {
      await ownIntent(who, merchantReference);
      const intent = await answering(async () => requireProvider(provider))
        .then((payments) => payments.completeChallenge(merchantReference, body.code))
        .catch(paymentRefusal);
      return depositAnswer(intent);
    },
    async depositCallback(raw, signature) {
      const payments = await answering(async () => requireProvider(provider));
      const result = await handleDepositCallback(db, payments, raw, signature).catch(paymentRefusal);
      return { outcome: result.outcome };
    },
    paymentsHistory: ({ bettor }, body) => paymentsHistory(db, bettor.userId, body, { now: deps.clock() }),
  };
}
