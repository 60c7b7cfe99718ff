import type { Database } from '@tessera/server/db';
import { getPaymentsHistory } from '@tessera/server/ledger';
import { fromMinorUnits } from '@tessera/shared/util-format';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { ref } from '@tessera/server/http';
import {
  handleDepositCallback,
  PaymentError,
  type DepositIntent,
  type PaymentProvider,
  type PaymentScheduler,
} from '@tessera/server/payments';
import {
  choosePaymentProvider,
  ownDeposit,
  requireProvider,
  startDeposit,
  walletBalances,
} from '@tessera/server/wallet';
import { createBettorLookup } from '../bets/bettor';
import { answering } from '../bets/bets.errors';
import { betsRef } from '../bets/bets.schemas';
import type { BrandRegistry } from '../config/brand-registry.port';

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
   * (ADR 0084) and none in production, where the sandbox runs only when configured (docs/adr/0134).
   */
  provider?: 'none' | 'sandbox';
  /** HMAC key of the sandbox's callbacks (PAYMENT_CALLBACK_SECRET); outside production derived from `secretKey`. */
  callbackSecret?: string;
  /** Sandbox only: how its asynchronous decisions are scheduled (tests step them) and how long they take. */
  sandbox?: { scheduler?: PaymentScheduler; confirmDelayMs?: number };
}

const tags = ['wallet'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));

interface DepositBody {
  amount: number;
  merchantReference?: string;
  card: { number: string; expiryMonth: number; expiryYear: number; cvc: string; holder?: string };
}

/** What every provider callback carries; a provider may add fields (the signed text is kept as sent). */
const callbackBody = {
  type: 'object',
  required: ['eventId', 'type', 'intent'],
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 200, description: "The provider's event id." },
    type: {
      type: 'string',
      enum: ['deposit.succeeded', 'deposit.declined', 'deposit.expired'],
      description: 'What happened.',
    },
    intent: {
      type: 'object',
      required: ['merchantReference'],
      properties: {
        merchantReference: { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' },
      },
      description: 'The deposit as the provider saw it; the platform reads its current state from the provider.',
    },
  },
  description: 'A signed deposit callback.',
};

function depositAnswer(intent: DepositIntent) {
  return {
    merchantReference: intent.merchantReference,
    status: intent.status,
    declineReason: intent.declineReason,
    nextAction: intent.nextAction,
    amount: fromMinorUnits(intent.amount),
    currency: intent.currency,
  };
}

function paymentRefusal(error: unknown): never {
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

/**
 * The wallet calls (docs/contracts/bets-api.md): balance, deposits through the payment provider (credited by its
 * confirmed callback, once, through the ledger), and the payments history.
 */
export function registerWallet(
  app: FastifyInstance,
  options: WalletOptions,
): { provider: PaymentProvider | undefined } {
  const clock = options.clock ?? (() => new Date());
  const db = options.database;
  const lookup = createBettorLookup({
    database: db,
    registry: options.registry,
    mode: options.mode,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    clock,
    log: app.log,
  });
  const { provider, resumePending } = choosePaymentProvider({
    database: db,
    mode: options.mode,
    clock,
    onError: (err) => app.log.error({ err }, 'sandbox payment provider'),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.callbackSecret ? { callbackSecret: options.callbackSecret } : {}),
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
  if (resumePending) app.addHook('onReady', resumePending);

  const balanceSchema = {
    summary: 'Balances of the signed-in account (spec account entries)',
    tags,
    response: { 200: betsRef('wallet/balance-response'), ...errors(401) },
  };
  app.get('/account-api/user/balance', { schema: balanceSchema }, async (request) =>
    walletBalances(db, options.registry, (await lookup.bettorOf(request)).bettor),
  );
  app.post('/web-api/user/balance', { schema: balanceSchema }, async (request) =>
    walletBalances(db, options.registry, (await lookup.bettorOf(request)).bettor),
  );

  app.post<{ Body: DepositBody }>(
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
      const { bettor, config } = await lookup.bettorOf(request);
      const intent = await answering(() => startDeposit(provider, bettor, config, request.body)).catch(paymentRefusal);
      reply.code(202);
      return depositAnswer(intent);
    },
  );

  const ownIntent = async (request: FastifyRequest, merchantReference: string): Promise<DepositIntent> => {
    const { bettor } = await lookup.bettorOf(request);
    return answering(() => ownDeposit(provider, bettor, merchantReference));
  };

  const params = {
    type: 'object',
    additionalProperties: false,
    required: ['merchantReference'],
    properties: { merchantReference: { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' } },
  };
  app.get<{ Params: { merchantReference: string } }>(
    '/web-api/payments/deposit/:merchantReference',
    {
      schema: {
        summary: 'Where a deposit stands',
        tags,
        params,
        response: { 200: betsRef('wallet/deposit-response'), ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => depositAnswer(await ownIntent(request, request.params.merchantReference)),
  );

  app.post<{ Params: { merchantReference: string }; Body: { code: string } }>(
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
    async (request) => {
      await ownIntent(request, request.params.merchantReference);
      const intent = await answering(async () => requireProvider(provider))
        .then((payments) => payments.completeChallenge(request.params.merchantReference, request.body.code))
        .catch(paymentRefusal);
      return depositAnswer(intent);
    },
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
    scope.post<{ Body: unknown }>(
      '/web-api/payments/callback/sandbox',
      {
        schema: {
          summary: 'Payment provider callback (signed); not for browsers',
          tags,
          body: callbackBody,
          response: {
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['outcome'],
              properties: { outcome: { type: 'string', description: 'credited, already_credited or not_credited' } },
            },
            ...errors(400, 401, 404, 409, 503),
          },
        },
      },
      async (request) => {
        const signature = request.headers['x-sandbox-signature'];
        const raw = rawBodies.get(request) ?? '';
        const payments = await answering(async () => requireProvider(provider));
        const result = await handleDepositCallback(
          db,
          payments,
          raw,
          typeof signature === 'string' ? signature : undefined,
        ).catch(paymentRefusal);
        return { outcome: result.outcome };
      },
    );
  });

  app.post<{ Body: { is_include_archive?: boolean; page_number?: number } }>(
    '/officeapi/gethistorypaymentmainaccount',
    {
      schema: {
        summary: 'Payments history of the main account, newest first',
        tags,
        body: betsRef('wallet/payments-history-request'),
        response: { 200: betsRef('wallet/payments-history-response'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { bettor } = await lookup.bettorOf(request);
      const page = await getPaymentsHistory(db, bettor.userId, {
        isIncludeArchive: request.body.is_include_archive ?? false,
        pageNumber: request.body.page_number ?? 1,
        now: clock(),
      });
      return { ...page, items: page.items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
    },
  );

  return { provider };
}
