import type { Database } from '@tessera/server/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { ref } from '@tessera/server/http';
import {
  createSandboxRatesProvider,
  type PaymentProvider,
  type PaymentScheduler,
  type RatesProvider,
} from '@tessera/server/payments';
import {
  choosePaymentProvider,
  createWalletCalls,
  type CashierGate,
  type WalletCalls,
  type Withdrawals,
} from '@tessera/server/wallet';
import { createBettorLookup } from '@tessera/server/bets';
import type {
  BalanceResponse,
  DepositCallbackRequest,
  DepositCallbackResponse,
  DepositChallengeRequest,
  DepositRequest,
  DepositResponse,
  PaymentsHistoryRequest,
  PaymentsHistoryResponse,
  CreateCurrencyAccountRequest,
  CurrencyAccountRequest,
  CurrencyAccountsResponse,
  DeduceDataResponse,
  TransferQuoteRequest,
  TransferQuoteResponse,
  TransferRequest,
  TransferResponse,
  PayoutCallbackRequest,
  PayoutCallbackResponse,
  WithdrawalEntry,
  WithdrawalRequest,
} from '@tessera/shared/contract-api';
import { betsRef } from '../bets/bets.schemas';
import type { BrandRegistry } from '../config/brand-registry.port';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerWallet} needs. */
export interface WalletOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  secretKey?: string;
  clock?: () => Date;
  /** The card payment provider; wins over {@link WalletOptions.provider}. */
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
   * before a withdrawal is reserved; an ApiError answer refuses with its code (libs/server/wallet README).
   */
  gates?: readonly CashierGate[];
  /**
   * How often withdrawals are swept (approved ones sent, sent ones re-queried from the provider), ms; default 10,000,
   * 0 for never (tests call `withdrawals.resume()`). The sweep also runs once at start-up.
   */
  withdrawalSweepMs?: number;
  /**
   * Exchange rates for transfers between a player's currency accounts: default the sandbox rates outside production,
   * none in production (transfers answer 503 rate_unavailable) unless one is passed.
   */
  rates?: RatesProvider | null;
}

const tags = ['wallet'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));

/**
 * The wallet calls (docs/contracts/bets-api.md): balance, deposits through the payment provider (credited by its
 * confirmed callback, once, through the ledger), and the payments history.
 */
export function registerWallet(
  app: FastifyInstance,
  options: WalletOptions,
): { provider: PaymentProvider | undefined; withdrawals: Withdrawals } {
  const clock = options.clock ?? (() => new Date());
  const db = options.database;
  const lookup = createBettorLookup({
    database: db,
    registry: options.registry,
    mode: options.mode,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    clock,
    log: app.log,
    countryCookie: COUNTRY_COOKIE,
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
    onError: (err) => app.log.error({ err }, 'sandbox payment provider'),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.callbackSecret ? { callbackSecret: options.callbackSecret } : {}),
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
  const rates =
    options.rates === undefined
      ? options.mode === 'production'
        ? undefined
        : createSandboxRatesProvider({ clock })
      : (options.rates ?? undefined);
  const wallet = createWalletCalls({
    db,
    registry: options.registry,
    clock,
    provider,
    log: app.log,
    ...(options.gates ? { gates: options.gates } : {}),
    ...(rates ? { rates } : {}),
  });
  late.calls = wallet;
  const sweep = () =>
    wallet.withdrawals.resume().catch((err: unknown) => app.log.error({ err }, 'withdrawal sweep failed'));
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    if (resumePending) await resumePending();
    // Start-up recovery: withdrawals approved but not sent, or sent without an answer, are taken up again.
    await sweep();
    const every = options.withdrawalSweepMs ?? 10_000;
    if (every > 0 && provider) {
      timer = setInterval(() => void sweep(), every);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  const balanceSchema = {
    summary: 'Balances of the signed-in account (spec account entries)',
    tags,
    response: { 200: betsRef('wallet/balance-response'), ...errors(401) },
  };
  app.get<{ Reply: BalanceResponse }>('/account-api/user/balance', { schema: balanceSchema }, async (request) =>
    wallet.balances(await lookup.bettorOf(request)),
  );
  app.post<{ Reply: BalanceResponse }>('/web-api/user/balance', { schema: balanceSchema }, async (request) =>
    wallet.balances(await lookup.bettorOf(request)),
  );

  app.post<{ Body: DepositRequest; Reply: DepositResponse }>(
    '/web-api/payments/deposit',
    {
      schema: {
        summary: 'Start a card deposit; the wallet is credited when the provider confirms',
        tags,
        body: betsRef('wallet/deposit-request'),
        response: { 202: betsRef('wallet/deposit-response'), ...errors(400, 401, 403, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const answer = await wallet.deposit(await lookup.bettorOf(request), request.body);
      reply.code(202);
      return answer;
    },
  );

  const params = {
    type: 'object',
    additionalProperties: false,
    required: ['merchantReference'],
    properties: { merchantReference: { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' } },
  };
  app.get<{ Params: { merchantReference: string }; Reply: DepositResponse }>(
    '/web-api/payments/deposit/:merchantReference',
    {
      schema: {
        summary: 'Where a deposit stands',
        tags,
        params,
        response: { 200: betsRef('wallet/deposit-response'), ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => wallet.depositStatus(await lookup.bettorOf(request), request.params.merchantReference),
  );

  app.post<{ Params: { merchantReference: string }; Body: DepositChallengeRequest; Reply: DepositResponse }>(
    '/web-api/payments/deposit/:merchantReference/challenge',
    {
      schema: {
        summary: "Complete a deposit's 3-D Secure-like challenge",
        tags,
        params,
        body: betsRef('wallet/deposit-challenge-request'),
        response: { 200: betsRef('wallet/deposit-response'), ...errors(400, 401, 404, 409, 503) },
      },
    },
    async (request) =>
      wallet.completeChallenge(await lookup.bettorOf(request), request.params.merchantReference, request.body),
  );

  // The provider's signed callback. The raw text is what was signed, so it is kept beside the parsed body; the body
  // is checked against its schema (400) before the signature, the provider or the database are asked anything.
  app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      try {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        rawBodies.set(request, text);
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError(400, 'Invalid request', { detail: 'The body is not JSON' }), undefined);
      }
    });
    scope.post<{ Body: DepositCallbackRequest; Reply: DepositCallbackResponse }>(
      '/web-api/payments/callback/sandbox',
      {
        schema: {
          summary: 'Payment provider callback (signed); not for browsers',
          tags,
          body: betsRef('wallet/deposit-callback-request'),
          response: { 200: betsRef('wallet/deposit-callback-response'), ...errors(400, 401, 404, 409, 503) },
        },
      },
      async (request) => {
        const signature = request.headers['x-sandbox-signature'];
        return wallet.depositCallback(
          rawBodies.get(request) ?? '',
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
    scope.post<{ Body: PayoutCallbackRequest; Reply: PayoutCallbackResponse }>(
      '/web-api/payments/payout-callback/sandbox',
      {
        schema: {
          summary: 'Payment provider payout callback (signed); not for browsers',
          tags,
          body: betsRef('wallet/payout-callback-request'),
          response: { 200: betsRef('wallet/payout-callback-response'), ...errors(400, 401, 503) },
        },
      },
      async (request) => {
        const signature = request.headers['x-sandbox-signature'];
        return wallet.payoutCallback(
          rawBodies.get(request) ?? '',
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });

  app.get<{ Reply: DeduceDataResponse }>(
    '/officeapi/getdeducedata',
    {
      schema: {
        summary: 'What the player may withdraw and why, where to, the rules that apply and their withdrawals',
        tags,
        response: { 200: betsRef('wallet/deduce-data-response'), ...errors(401) },
      },
    },
    async (request) => wallet.deduceData(await lookup.bettorOf(request)),
  );

  app.post<{ Body: WithdrawalRequest; Reply: WithdrawalEntry }>(
    '/web-api/payments/withdrawal',
    {
      schema: {
        summary: 'Request a withdrawal: reserved at once, paid back to a deposit card once approved',
        tags,
        body: betsRef('wallet/withdrawal-request'),
        response: { 202: betsRef('wallet/withdrawal-entry'), ...errors(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const answer = await wallet.withdraw(await lookup.bettorOf(request), request.body);
      reply.code(202);
      return answer;
    },
  );

  const withdrawalParams = {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$', description: 'The withdrawal id.' } },
  };
  app.get<{ Params: { id: string }; Reply: WithdrawalEntry }>(
    '/web-api/payments/withdrawal/:id',
    {
      schema: {
        summary: 'Where a withdrawal stands',
        tags,
        params: withdrawalParams,
        response: { 200: betsRef('wallet/withdrawal-entry'), ...errors(400, 401, 404) },
      },
    },
    async (request) => wallet.withdrawal(await lookup.bettorOf(request), request.params.id),
  );
  app.post<{ Params: { id: string }; Reply: WithdrawalEntry }>(
    '/web-api/payments/withdrawal/:id/cancel',
    {
      schema: {
        summary: 'Cancel a withdrawal not yet sent to the payment provider; the reserve goes back to the main account',
        tags,
        params: withdrawalParams,
        response: { 200: betsRef('wallet/withdrawal-entry'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => wallet.cancelWithdrawal(await lookup.bettorOf(request), request.params.id),
  );

  const accountsReply = { 200: betsRef('wallet/currency-accounts-response') };
  app.get<{ Reply: CurrencyAccountsResponse }>(
    '/web-api/user/currency-accounts',
    {
      schema: {
        summary: "The player's currency accounts and the currencies the brand offers",
        tags,
        response: { ...accountsReply, ...errors(401) },
      },
    },
    async (request) => wallet.currencyAccounts(await lookup.bettorOf(request)),
  );
  app.post<{ Body: CreateCurrencyAccountRequest; Reply: CurrencyAccountsResponse }>(
    '/web-api/user/createCurrencyAccount',
    {
      schema: {
        summary: 'Open an account in another currency the brand offers',
        tags,
        body: betsRef('wallet/create-currency-account-request'),
        response: { ...accountsReply, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => wallet.createCurrencyAccount(await lookup.bettorOf(request), request.body),
  );
  app.post<{ Body: CurrencyAccountRequest; Reply: CurrencyAccountsResponse }>(
    '/web-api/user/deleteCurrencyAccount',
    {
      schema: {
        summary: 'Delete an empty account that is neither the active nor the last one',
        tags,
        body: betsRef('wallet/currency-account-request'),
        response: { ...accountsReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => wallet.deleteCurrencyAccount(await lookup.bettorOf(request), request.body),
  );
  app.post<{ Body: CurrencyAccountRequest; Reply: CurrencyAccountsResponse }>(
    '/web-api/user/setActiveCurrencyAccount',
    {
      schema: {
        summary: 'Make an account the active one: bets and deposits use it',
        tags,
        body: betsRef('wallet/currency-account-request'),
        response: { ...accountsReply, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => wallet.setActiveCurrencyAccount(await lookup.bettorOf(request), request.body),
  );
  app.post<{ Body: TransferQuoteRequest; Reply: TransferQuoteResponse }>(
    '/web-api/payments/transfer/quote',
    {
      schema: {
        summary: 'The rate and the amount credited for a transfer between own accounts, good for a short time',
        tags,
        body: betsRef('wallet/transfer-quote-request'),
        response: { 200: betsRef('wallet/transfer-quote-response'), ...errors(400, 401, 403, 404, 422, 503) },
      },
    },
    async (request) => wallet.transferQuote(await lookup.bettorOf(request), request.body),
  );
  app.post<{ Body: TransferRequest; Reply: TransferResponse }>(
    '/web-api/payments/transfer',
    {
      schema: {
        summary: 'Make a quoted transfer between own accounts (one balanced ledger transaction)',
        tags,
        body: betsRef('wallet/transfer-request'),
        response: { 200: betsRef('wallet/transfer-response'), ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => wallet.transfer(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: PaymentsHistoryRequest; Reply: PaymentsHistoryResponse }>(
    '/officeapi/gethistorypaymentmainaccount',
    {
      schema: {
        summary: 'Payments history of the main account, newest first',
        tags,
        body: betsRef('wallet/payments-history-request'),
        response: { 200: betsRef('wallet/payments-history-response'), ...errors(400, 401) },
      },
    },
    async (request) => wallet.paymentsHistory(await lookup.bettorOf(request), request.body),
  );

  return { provider, withdrawals: wallet.withdrawals };
}
