import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '@tessera/server/db';
import { getPaymentsHistory, getUserBalances, toAccountLists, type AccountEntry } from '@tessera/server/ledger';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { ref } from '../../http/api-schemas';
import {
  createSandboxPaymentProvider,
  handleDepositCallback,
  PaymentError,
  type DepositIntent,
  type PaymentProvider,
  type PaymentScheduler,
} from '@tessera/server/payments';
import { createBettorLookup, type BettorContext } from '../bets/bettor';
import { refusal } from '../bets/bets.errors';
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
    type: { type: 'string', enum: ['deposit.succeeded', 'deposit.declined', 'deposit.expired'], description: 'What happened.' },
    intent: {
      type: 'object',
      required: ['merchantReference'],
      properties: { merchantReference: { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' } },
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
    if (error.reason === 'validation') throw new ApiError(422, 'Deposit refused', { detail: `deposit_refused: ${error.message}`, error_code: 1040, ...(error.field ? { validation_errors: [{ field: error.field, message: error.message }] } : {}) });
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
export function registerWallet(app: FastifyInstance, options: WalletOptions): { provider: PaymentProvider | undefined } {
  const clock = options.clock ?? (() => new Date());
  const db = options.database;
  const lookup = createBettorLookup({ database: db, registry: options.registry, mode: options.mode, ...(options.secretKey ? { secretKey: options.secretKey } : {}), clock, log: app.log });
  let provider = options.paymentProvider;
  const builtIn = options.provider ?? (options.mode === 'production' ? 'none' : 'sandbox');
  if (!provider && builtIn === 'sandbox') {
    if (options.mode === 'production' && !options.callbackSecret) throw new Error('PAYMENT_CALLBACK_SECRET is required to run the sandbox payment provider in production');
    const callbackSecret = options.callbackSecret ?? createHash('sha256').update(`sandbox-callbacks:${options.secretKey ?? 'development'}`).digest('hex');
    const sandbox = createSandboxPaymentProvider({
      database: db,
      callbackSecret,
      // The sandbox calls the platform in-process, through the same signed-callback check an HTTP callback gets.
      deliver: async (callback) => {
        await handleDepositCallback(db, sandbox, callback.body, callback.signature);
      },
      clock,
      onError: (err) => app.log.error({ err }, 'sandbox payment provider'),
      ...(options.sandbox?.scheduler ? { scheduler: options.sandbox.scheduler } : {}),
      ...(options.sandbox?.confirmDelayMs !== undefined ? { confirmDelayMs: options.sandbox.confirmDelayMs } : {}),
    });
    provider = sandbox;
    app.addHook('onReady', async () => {
      await sandbox.resumePending();
    });
  }

  const balances = async ({ bettor }: BettorContext, request: FastifyRequest) => {
    void request;
    const brand = options.registry.get(bettor.brandId);
    const currencies = brand ? options.registry.resolve(brand.id, brand.defaultCountry, brand.defaultLanguage).config.global.currencies : undefined;
    const entries: AccountEntry[] = await getUserBalances(db, bettor.userId, { ...(currencies ? { currencies } : {}), activeCurrency: bettor.currency });
    if (!entries.some((e) => e.type === 'main' && e.iso === bettor.currency)) {
      // A new account has no ledger rows yet: it still has a wallet, at zero.
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
  };
  const balanceSchema = { summary: 'Balances of the signed-in account (spec account entries)', tags, response: { 200: betsRef('wallet/balance-response'), ...errors(401) } };
  app.get('/account-api/user/balance', { schema: balanceSchema }, async (request) => balances(await lookup.bettorOf(request), request));
  app.post('/web-api/user/balance', { schema: balanceSchema }, async (request) => balances(await lookup.bettorOf(request), request));

  const requireProvider = (): PaymentProvider => {
    if (!provider) throw refusal('payments_unavailable', 'no payment provider is configured');
    return provider;
  };

  app.post<{ Body: DepositBody }>(
    '/web-api/payments/deposit',
    { schema: { summary: 'Start a card deposit; the wallet is credited when the provider confirms', tags, body: betsRef('wallet/deposit-request'), response: { 202: betsRef('wallet/deposit-response'), ...errors(400, 401, 403, 409, 422, 503) } } },
    async (request, reply) => {
      const { bettor, config } = await lookup.bettorOf(request);
      // Compliance can switch deposits off per brand and country (office.pages.deposit); the office then hides the page.
      if (config.office.pages['deposit']?.enabled !== true) throw refusal('feature_disabled', 'deposits are switched off for this brand and country');
      const payments = requireProvider();
      const merchantReference = request.body.merchantReference ?? randomUUID();
      const existing = await payments.getDepositIntent(merchantReference);
      if (existing && (existing.metadata['userId'] !== bettor.userId || existing.metadata['brandId'] !== bettor.brandId)) {
        throw new ApiError(409, 'Conflict', { detail: 'This merchantReference belongs to another deposit' });
      }
      const intent = await payments
        .createDepositIntent({
          merchantReference,
          amount: toMinorUnits(request.body.amount),
          currency: bettor.currency,
          card: request.body.card,
          metadata: { brandId: bettor.brandId, userId: bettor.userId },
        })
        .catch(paymentRefusal);
      reply.code(202);
      return depositAnswer(intent);
    },
  );

  const ownIntent = async (request: FastifyRequest, merchantReference: string): Promise<DepositIntent> => {
    const { bettor } = await lookup.bettorOf(request);
    const intent = await requireProvider().getDepositIntent(merchantReference);
    if (!intent || intent.metadata['userId'] !== bettor.userId || intent.metadata['brandId'] !== bettor.brandId) throw new ApiError(404, 'Not found', { detail: 'No such deposit' });
    return intent;
  };

  const params = { type: 'object', additionalProperties: false, required: ['merchantReference'], properties: { merchantReference: { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' } } };
  app.get<{ Params: { merchantReference: string } }>(
    '/web-api/payments/deposit/:merchantReference',
    { schema: { summary: 'Where a deposit stands', tags, params, response: { 200: betsRef('wallet/deposit-response'), ...errors(400, 401, 404, 503) } } },
    async (request) => depositAnswer(await ownIntent(request, request.params.merchantReference)),
  );

  app.post<{ Params: { merchantReference: string }; Body: { code: string } }>(
    '/web-api/payments/deposit/:merchantReference/challenge',
    { schema: { summary: "Complete a deposit's 3-D Secure-like challenge", tags, params, body: betsRef('wallet/deposit-challenge-request'), response: { 200: betsRef('wallet/deposit-response'), ...errors(400, 401, 404, 409, 503) } } },
    async (request) => {
      await ownIntent(request, request.params.merchantReference);
      const intent = await requireProvider().completeChallenge(request.params.merchantReference, request.body.code).catch(paymentRefusal);
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
      { schema: { summary: 'Payment provider callback (signed); not for browsers', tags, body: callbackBody, response: { 200: { type: 'object', additionalProperties: false, required: ['outcome'], properties: { outcome: { type: 'string', description: 'credited, already_credited or not_credited' } } }, ...errors(400, 401, 404, 409, 503) } } },
      async (request) => {
        const signature = request.headers['x-sandbox-signature'];
        const raw = rawBodies.get(request) ?? '';
        const result = await handleDepositCallback(db, requireProvider(), raw, typeof signature === 'string' ? signature : undefined).catch(paymentRefusal);
        return { outcome: result.outcome };
      },
    );
  });

  app.post<{ Body: { is_include_archive?: boolean; page_number?: number } }>(
    '/officeapi/gethistorypaymentmainaccount',
    { schema: { summary: 'Payments history of the main account, newest first', tags, body: betsRef('wallet/payments-history-request'), response: { 200: betsRef('wallet/payments-history-response'), ...errors(400, 401) } } },
    async (request) => {
      const { bettor } = await lookup.bettorOf(request);
      const page = await getPaymentsHistory(db, bettor.userId, { isIncludeArchive: request.body.is_include_archive ?? false, pageNumber: request.body.page_number ?? 1, now: clock() });
      return { ...page, items: page.items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
    },
  );

  return { provider };
}
