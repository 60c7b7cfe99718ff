import { ApiError } from '@tessera/server/api-errors';
import { answering, type BettorContext } from '@tessera/server/bets';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import { getPaymentsHistory } from '@tessera/server/ledger';
import {
  handleDepositCallback,
  PaymentError,
  type DepositIntent,
  type PaymentProvider,
} from '@tessera/server/payments';
import type {
  BalanceResponse,
  DepositCallbackResponse,
  DepositChallengeRequest,
  DepositRequest,
  DepositResponse,
  PaymentsHistoryRequest,
  PaymentsHistoryResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { checkCashierGates, type CashierGate } from './cashier-gate';
import { playerCountry } from './player';
import { ownDeposit, requireProvider, startDeposit, walletBalances } from './wallet.service';

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
}

/** The wallet calls over a provider (or none): balance, deposits, the provider's callback, the payments history. */
export function createWalletCalls(deps: WalletCallsDependencies): WalletCalls {
  const { db, provider } = deps;
  const ownIntent = ({ bettor }: WalletBettor, merchantReference: string) =>
    answering(() => ownDeposit(provider, bettor, merchantReference));
  return {
    balances: ({ bettor }) => walletBalances(db, deps.registry, bettor),
    async deposit({ bettor, config }, body) {
      await checkCashierGates(deps.gates, {
        accountId: bettor.userId,
        brandId: bettor.brandId,
        country: await playerCountry(db, bettor.userId),
        currency: bettor.currency,
        amountMinor: toMinorUnits(body.amount),
        kind: 'deposit',
      });
      const intent = await answering(() => startDeposit(provider, bettor, config, body)).catch(paymentRefusal);
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
    async paymentsHistory({ bettor }, body) {
      const page = await getPaymentsHistory(db, bettor.userId, {
        isIncludeArchive: body.is_include_archive ?? false,
        pageNumber: body.page_number ?? 1,
        now: deps.clock(),
      });
      return { ...page, items: page.items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
    },
  };
}
