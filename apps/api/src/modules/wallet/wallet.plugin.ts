import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { apiRoutes, type PathParam } from '@tessera/server/http';
import { createWalletModule, type WalletModule, type WalletModuleOptions } from '@tessera/server/wallet';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerWallet} needs: the wallet's settings (libs/server/wallet) but the request-side ones. */
export type WalletOptions = Omit<WalletModuleOptions, 'log' | 'countryCookie'>;

const merchantReference: PathParam = { type: 'string', pattern: '^[\\w.:-]{1,100}$', description: 'The deposit id.' };
const withdrawalId: PathParam = { type: 'string', pattern: '^[0-9a-fA-F-]{36}$', description: 'The withdrawal id.' };

/**
 * The wallet calls (docs/contracts/bets-api.md): balance, deposits, withdrawals, currency accounts and transfers, the
 * payments history and the provider's signed callbacks. The rules are `@tessera/server/wallet`'s.
 */
export function registerWallet(app: FastifyInstance, options: WalletOptions): WalletModule {
  const wallet = createWalletModule({ ...options, log: app.log, countryCookie: COUNTRY_COOKIE });
  const { calls, bettorOf } = wallet;
  app.addHook('onReady', () => wallet.start());
  app.addHook('onClose', async () => wallet.stop());
  const routes = apiRoutes(app, { tags: ['wallet'] });

  const balance = {
    summary: 'Balances of the signed-in account (spec account entries)',
    reply: 'wallet/balance-response',
    errors: [401],
    handler: async (request: FastifyRequest) => calls.balances(await bettorOf(request)),
  } as const;
  routes.get('/account-api/user/balance', balance);
  routes.post('/web-api/user/balance', balance);

  routes.post('/web-api/payments/deposit', {
    summary: 'Start a card deposit; the wallet is credited when the provider confirms',
    body: 'wallet/deposit-request',
    reply: 'wallet/deposit-response',
    status: 202,
    errors: [400, 401, 403, 409, 422, 503],
    handler: async (request) => calls.deposit(await bettorOf(request), request.body),
  });
  routes.get('/web-api/payments/deposit/:merchantReference', {
    summary: 'Where a deposit stands',
    params: { merchantReference },
    reply: 'wallet/deposit-response',
    errors: [400, 401, 404, 503],
    handler: async (request) => calls.depositStatus(await bettorOf(request), request.params.merchantReference),
  });
  routes.post('/web-api/payments/deposit/:merchantReference/challenge', {
    summary: "Complete a deposit's 3-D Secure-like challenge",
    params: { merchantReference },
    body: 'wallet/deposit-challenge-request',
    reply: 'wallet/deposit-response',
    errors: [400, 401, 404, 409, 503],
    handler: async (request) =>
      calls.completeChallenge(await bettorOf(request), request.params.merchantReference, request.body),
  });

  // The provider's signed callbacks. The raw text is what was signed, so it is kept beside the parsed body; the body
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
    const signed = (request: FastifyRequest) => {
      const signature = request.headers['x-sandbox-signature'];
      return [rawBodies.get(request) ?? '', typeof signature === 'string' ? signature : undefined] as const;
    };
    const callbacks = apiRoutes(scope, { tags: ['wallet'] });
    callbacks.post('/web-api/payments/callback/sandbox', {
      summary: 'Payment provider callback (signed); not for browsers',
      body: 'wallet/deposit-callback-request',
      reply: 'wallet/deposit-callback-response',
      errors: [400, 401, 404, 409, 503],
      handler: async (request) => calls.depositCallback(...signed(request)),
    });
    callbacks.post('/web-api/payments/payout-callback/sandbox', {
      summary: 'Payment provider payout callback (signed); not for browsers',
      body: 'wallet/payout-callback-request',
      reply: 'wallet/payout-callback-response',
      errors: [400, 401, 503],
      handler: async (request) => calls.payoutCallback(...signed(request)),
    });
  });

  routes.get('/officeapi/getdeducedata', {
    summary: 'What the player may withdraw and why, where to, the rules that apply and their withdrawals',
    reply: 'wallet/deduce-data-response',
    errors: [401],
    handler: async (request) => calls.deduceData(await bettorOf(request)),
  });
  routes.post('/web-api/payments/withdrawal', {
    summary: 'Request a withdrawal: reserved at once, paid back to a deposit card once approved',
    body: 'wallet/withdrawal-request',
    reply: 'wallet/withdrawal-entry',
    status: 202,
    errors: [400, 401, 403, 404, 409, 422, 503],
    handler: async (request) => calls.withdraw(await bettorOf(request), request.body),
  });
  routes.get('/web-api/payments/withdrawal/:id', {
    summary: 'Where a withdrawal stands',
    params: { id: withdrawalId },
    reply: 'wallet/withdrawal-entry',
    errors: [400, 401, 404],
    handler: async (request) => calls.withdrawal(await bettorOf(request), request.params.id),
  });
  routes.post('/web-api/payments/withdrawal/:id/cancel', {
    summary: 'Cancel a withdrawal not yet sent to the payment provider; the reserve goes back to the main account',
    params: { id: withdrawalId },
    reply: 'wallet/withdrawal-entry',
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => calls.cancelWithdrawal(await bettorOf(request), request.params.id),
  });

  routes.get('/web-api/user/currency-accounts', {
    summary: "The player's currency accounts and the currencies the brand offers",
    reply: 'wallet/currency-accounts-response',
    errors: [401],
    handler: async (request) => calls.currencyAccounts(await bettorOf(request)),
  });
  routes.post('/web-api/user/createCurrencyAccount', {
    summary: 'Open an account in another currency the brand offers',
    body: 'wallet/create-currency-account-request',
    reply: 'wallet/currency-accounts-response',
    errors: [400, 401, 403, 409, 422],
    handler: async (request) => calls.createCurrencyAccount(await bettorOf(request), request.body),
  });
  routes.post('/web-api/user/deleteCurrencyAccount', {
    summary: 'Delete an empty account that is neither the active nor the last one',
    body: 'wallet/currency-account-request',
    reply: 'wallet/currency-accounts-response',
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => calls.deleteCurrencyAccount(await bettorOf(request), request.body),
  });
  routes.post('/web-api/user/setActiveCurrencyAccount', {
    summary: 'Make an account the active one: bets and deposits use it',
    body: 'wallet/currency-account-request',
    reply: 'wallet/currency-accounts-response',
    errors: [400, 401, 403, 404],
    handler: async (request) => calls.setActiveCurrencyAccount(await bettorOf(request), request.body),
  });
  routes.post('/web-api/payments/transfer/quote', {
    summary: 'The rate and the amount credited for a transfer between own accounts, good for a short time',
    body: 'wallet/transfer-quote-request',
    reply: 'wallet/transfer-quote-response',
    errors: [400, 401, 403, 404, 422, 503],
    handler: async (request) => calls.transferQuote(await bettorOf(request), request.body),
  });
  routes.post('/web-api/payments/transfer', {
    summary: 'Make a quoted transfer between own accounts (one balanced ledger transaction)',
    body: 'wallet/transfer-request',
    reply: 'wallet/transfer-response',
    errors: [400, 401, 403, 409, 422],
    handler: async (request) => calls.transfer(await bettorOf(request), request.body),
  });
  routes.post('/officeapi/gethistorypaymentmainaccount', {
    summary: 'Payments history of the main account, newest first',
    body: 'wallet/payments-history-request',
    reply: 'wallet/payments-history-response',
    errors: [400, 401],
    handler: async (request) => calls.paymentsHistory(await bettorOf(request), request.body),
  });

  return wallet;
}
