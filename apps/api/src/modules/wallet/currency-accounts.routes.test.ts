import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, verifyLedger } from '@tessera/server/ledger';
import { fxClearingAccount } from '@tessera/server/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import { signUp, type SteppedScheduler } from '../bets/testing/bets-test-kit';
import { buildWalletApp, deposit } from './testing/wallet-test-kit';

interface Accounts {
  accounts: Array<{ id: string; currency: string; balance: number; active: boolean }>;
  offered: Array<{ currencyId: number; currency: string }>;
}

const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error_code?: number }).error_code,
});

async function accounts(browser: Browser): Promise<Accounts> {
  const res = await browser.get('/web-api/user/currency-accounts');
  expect(res.statusCode).toBe(200);
  return res.json() as Accounts;
}

const idOf = (list: Accounts, currency: string) => list.accounts.find((a) => a.currency === currency)?.id ?? '';

describeEachDatabase('currency accounts API', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;

  beforeAll(async () => {
    ({ app, scheduler } = await buildWalletApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('opens an account in an offered currency, once, and nothing the brand does not offer', async () => {
    const { browser } = await signUp(app);
    const start = await accounts(browser);
    expect(start.accounts).toEqual([expect.objectContaining({ currency: 'EUR', balance: 0, active: true })]);
    expect(start.offered).toEqual([expect.objectContaining({ currency: 'KZT', currencyId: 87 })]);
    const opened = await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 87 });
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as Accounts).accounts.map((a) => [a.currency, a.active])).toEqual([
      ['EUR', true],
      ['KZT', false],
    ]);
    expect(refusal(await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 87 }))).toEqual({
      status: 409,
      code: 1311,
    });
    expect(refusal(await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 10 }))).toEqual({
      status: 422,
      code: 1310,
    });
  });

  it('transfers at the quoted rate in one balanced ledger transaction, once per quote', async () => {
    const { browser, userId } = await signUp(app);
    await deposit(browser, scheduler, 50);
    const list = (await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 87 })).json() as Accounts;
    const quote = await browser.post('/web-api/payments/transfer/quote', {
      from_account_id: idOf(list, 'EUR'),
      to_account_id: idOf(list, 'KZT'),
      amount: 10.01,
    });
    expect(quote.statusCode).toBe(200);
    // The sandbox's 540 KZT per euro; 10.01 × 540 = 5405.40, rounded down to the tiyn.
    expect(quote.json()).toMatchObject({ fromCurrency: 'EUR', toCurrency: 'KZT', fromAmount: 10.01, toAmount: 5405.4 });
    const { quoteId } = quote.json() as { quoteId: string };
    const made = await browser.post('/web-api/payments/transfer', { quote_id: quoteId });
    expect(made.statusCode).toBe(200);
    const again = await browser.post('/web-api/payments/transfer', { quote_id: quoteId });
    expect((again.json() as { id: string }).id).toBe((made.json() as { id: string }).id);
    const after = await accounts(browser);
    expect(after.accounts.map((a) => [a.currency, a.balance])).toEqual([
      ['EUR', 39.99],
      ['KZT', 5405.4],
    ]);
    // The brand's clearing account of the pair holds the other side of each leg: no money was created.
    expect(await getAccountBalance(ctx.db, fxClearingAccount('betbet', 'EUR', 'KZT', 'EUR'))).toBeGreaterThanOrEqual(
      1001,
    );
    expect((await ctx.db.query(`select 1 from cashier_transfers where user_id = $1`, [userId])).rows.length).toBe(1);
    // More than the account holds is refused before any quote.
    expect(
      refusal(
        await browser.post('/web-api/payments/transfer/quote', {
          from_account_id: idOf(list, 'EUR'),
          to_account_id: idOf(list, 'KZT'),
          amount: 40,
        }),
      ),
    ).toEqual({ status: 422, code: 1317 });
    // Another player cannot spend this quote.
    const other = await signUp(app);
    expect(refusal(await other.browser.post('/web-api/payments/transfer', { quote_id: quoteId }))).toEqual({
      status: 409,
      code: 1319,
    });
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('makes another account active, and deletes only an empty account that is neither active nor the last', async () => {
    const { browser } = await signUp(app);
    await deposit(browser, scheduler, 20);
    const list = (await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 87 })).json() as Accounts;
    const eur = idOf(list, 'EUR');
    const kzt = idOf(list, 'KZT');
    expect(refusal(await browser.post('/web-api/user/deleteCurrencyAccount', { account_id: eur }))).toEqual({
      status: 409,
      code: 1314,
    });
    const switched = await browser.post('/web-api/user/setActiveCurrencyAccount', { account_id: kzt });
    expect((switched.json() as Accounts).accounts.find((a) => a.active)?.currency).toBe('KZT');
    // The session's bettor now bets and deposits in KZT.
    const balance = await browser.get('/account-api/user/balance');
    expect(
      (balance.json() as { accounts: Array<{ iso: string; isActive: boolean }> }).accounts.find((a) => a.isActive)?.iso,
    ).toBe('KZT');
    expect(refusal(await browser.post('/web-api/user/deleteCurrencyAccount', { account_id: eur }))).toEqual({
      status: 409,
      code: 1313,
    });
    await browser.post('/web-api/user/setActiveCurrencyAccount', { account_id: eur });
    const deleted = await browser.post('/web-api/user/deleteCurrencyAccount', { account_id: kzt });
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as Accounts).accounts.map((a) => a.currency)).toEqual(['EUR']);
    expect(refusal(await browser.post('/web-api/user/deleteCurrencyAccount', { account_id: kzt }))).toEqual({
      status: 404,
      code: 1312,
    });
  });
});
