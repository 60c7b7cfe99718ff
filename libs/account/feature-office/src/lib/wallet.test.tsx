import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { writeStoredValue } from '@tessera/shared/data-access-brand';
import { renderWithProviders, scriptedFetch, testBrandPayload, type ScriptedRoute } from '@tessera/shared/util-testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BetsHistory } from './bets-history';
import { DepositForm } from './deposit-form';
import { HeaderBalance } from './header-balance';
import { historyBet } from './history-bet.fixture';
import { WalletClientProvider } from './wallet.queries';

const AUTHORISED = { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } as const;

function account(money: number) {
  const entry = {
    id: 0,
    type: 'main',
    money,
    name: 'Euro',
    iso: 'EUR',
    symbol: '€',
    isActive: true,
    currencyId: 12,
    label: 'Euro (€)',
  };
  return { body: { accounts: [entry], bonuses: [], all_accounts: [entry] } };
}

function render(
  ui: ReactElement,
  routes: Record<string, ScriptedRoute>,
  sale = true,
  partSale = false,
  betting: Record<string, unknown> = {},
  global: Record<string, unknown> = {},
  cashier: Record<string, unknown> = {},
) {
  const { fetch: fetchImpl, seen } = scriptedFetch(routes);
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  const brand = testBrandPayload({
    language: 'en',
    config: { coupon: { features: { sale, partSale } }, betting, global, cashier },
  });
  const view = renderWithProviders(<WalletClientProvider client={client}>{ui}</WalletClientProvider>, {
    brand,
    realLanguage: true,
    session: AUTHORISED,
  });
  return { ...view, seen };
}

describe('BetsHistory', () => {
  it('writes the time of a bet in the brand’s time format', async () => {
    const routes = {
      '/officeapi/getbetshistory': () => ({
        body: { items: [historyBet({ canSale: false })], pageNumber: 1, pageSize: 50, total: 1 },
      }),
    };
    render(
      <BetsHistory />,
      routes,
      false,
      false,
      {},
      { timeFormat: 'HH:mm:ss', dateFormat: 'yyyy-MM-dd', timezone: 'UTC' },
    );
    expect(await screen.findByText('2026-11-22 08:00:00')).toBeInTheDocument();
  });

  it('lists the bets of the default period and sells an open bet at the quote confirmed, without asking a quote after', async () => {
    let sold = false;
    const view = render(<BetsHistory />, {
      '/officeapi/getbetshistory': () => ({
        body: {
          items: [sold ? historyBet({ status: 'sold', canSale: false }) : historyBet()],
          pageNumber: 1,
          pageSize: 50,
          total: 1,
        },
      }),
      // As the server does: a sold bet has no quote (409).
      '/service-api/LiveBet/Secure/GetSaleInfo': () =>
        sold
          ? { status: 409, body: { code: 'sale_unavailable', message: 'this bet cannot be sold now' } }
          : { body: { betId: 'b_7', saleSumm: 8.42, partSale: false, minPartSumm: 0.5, summ: 10 } },
      '/service-api/LiveBet/Secure/SaleBet': () => {
        sold = true;
        return {
          body: { status: 'sold', betId: 'b_7', saleSumm: 8.42, remainingSumm: 0, balance: 108.42, currency: 'EUR' },
        };
      },
    });
    const { t } = view;
    expect(screen.getByText(t('coupon:history.period', { count: 7 }))).toBeInTheDocument();
    expect(screen.queryByText(t('coupon:history.saleNotOffered'))).not.toBeInTheDocument();
    // The button names the amount, not the bet's internal id; the bet's heading describes it.
    const sale = await screen.findByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) });
    expect(sale).toHaveAccessibleName(expect.not.stringContaining('b_7'));
    await userEvent.click(sale);
    // One click only opens the confirmation: the quote and how long it holds; nothing is sold yet.
    const confirm = screen.getByRole('group', { name: t('coupon:history.saleConfirm', { amount: '8.42 EUR' }) });
    expect(within(confirm).getByText(t('coupon:history.saleQuoteHolds', { seconds: 10 }))).toBeInTheDocument();
    expect(view.seen.some((r) => r.path.endsWith('SaleBet'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:history.saleConfirmOk') }));
    expect(await screen.findByText(t('coupon:history.saleDone', { amount: '8.42 EUR' }))).toBeInTheDocument();
    expect(view.seen.find((r) => r.path.endsWith('SaleBet'))?.body).toEqual({ SaleBetId: 'b_7', saleSumm: 8.42 });
    // The wallet refresh after the sale does not ask the sold bet's quote (that answered 409).
    await screen.findByRole('heading', { name: new RegExp(t('coupon:history.status.sold')) });
    const afterSale = view.seen.slice(view.seen.findIndex((r) => r.path.endsWith('SaleBet')));
    expect(afterSale.some((r) => r.path.endsWith('GetSaleInfo'))).toBe(false);
    expect(screen.queryByText(t('coupon:history.saleFailed'))).not.toBeInTheDocument();
  });

  it('keeps the bet when the bettor cancels the confirmation', async () => {
    const view = render(<BetsHistory />, {
      '/officeapi/getbetshistory': () => ({ body: { items: [historyBet()], pageNumber: 1, pageSize: 50, total: 1 } }),
      '/service-api/LiveBet/Secure/GetSaleInfo': () => ({
        body: { betId: 'b_7', saleSumm: 8.42, partSale: false, minPartSumm: 0.5, summ: 10 },
      }),
    });
    const { t } = view;
    await userEvent.click(
      await screen.findByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) }),
    );
    await userEvent.click(screen.getByRole('button', { name: t('coupon:history.saleConfirmCancel') }));
    expect(screen.queryByRole('group', { name: /8\.42/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) })).toBeEnabled();
    expect(view.seen.some((r) => r.path.endsWith('SaleBet'))).toBe(false);
  });

  it('asks a new quote when the countdown runs out, and shows it in the confirmation', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let quotes = 0;
      const view = render(<BetsHistory />, {
        '/officeapi/getbetshistory': () => ({ body: { items: [historyBet()], pageNumber: 1, pageSize: 50, total: 1 } }),
        '/service-api/LiveBet/Secure/GetSaleInfo': () => {
          quotes += 1;
          return {
            body: { betId: 'b_7', saleSumm: quotes === 1 ? 8.42 : 7.9, partSale: false, minPartSumm: 0.5, summ: 10 },
          };
        },
      });
      const { t } = view;
      const button = await screen.findByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) });
      act(() => button.click());
      expect(screen.getByText(t('coupon:history.saleQuoteHolds', { seconds: 10 }))).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(3000));
      expect(screen.getByText(t('coupon:history.saleQuoteHolds', { seconds: 7 }))).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(7000));
      expect(
        await screen.findByRole('group', { name: t('coupon:history.saleConfirm', { amount: '7.90 EUR' }) }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names each selection with the words stored at placement, and an older bet by its outcome id', async () => {
    const named = historyBet({
      events: [
        {
          gameId: 1,
          outcomeId: '1:total:2.5:over',
          marketId: '1:total:2.5',
          coef: 1.9,
          home: 'Arsenal',
          away: 'Chelsea',
          result: null,
          marketType: 'total',
          marketLine: 2.5,
          outcomeCode: 'over',
          outcomeNameKey: 'feed:outcome.over',
        },
      ],
    });
    const older = historyBet({
      betId: 'b_6',
      events: [
        { gameId: 2, outcomeId: '2:1x2:draw', marketId: '2:1x2', coef: 3.1, home: 'Ajax', away: 'PSV', result: null },
      ],
    });
    const asked: string[] = [];
    const view = render(
      <BetsHistory
        selectionName={(event) => {
          asked.push(event.outcomeId);
          return event.marketType === 'total'
            ? { market: `Total ${event.marketLine}`, outcome: `Over ${event.marketLine}` }
            : undefined;
        }}
      />,
      {
        '/officeapi/getbetshistory': () => ({ body: { items: [named, older], pageNumber: 1, pageSize: 50, total: 2 } }),
      },
      false,
    );
    const { t } = view;
    const game = t('coupon:selection.game', { home: 'Arsenal', away: 'Chelsea' });
    expect(
      await screen.findByText(
        `${game} — ${t('coupon:selection.pick', { market: 'Total 2.5', outcome: 'Over 2.5' })} @ 1.90`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`${t('coupon:selection.game', { home: 'Ajax', away: 'PSV' })} — 1x2 draw @ 3.10`),
    ).toBeInTheDocument();
    expect(asked).toEqual(expect.arrayContaining(['1:total:2.5:over', '2:1x2:draw']));
  });

  it('shows no sale button where the brand or country switches the sale of a bet off, even if the server offers it', async () => {
    const view = render(
      <BetsHistory />,
      {
        '/officeapi/getbetshistory': () => ({ body: { items: [historyBet()], pageNumber: 1, pageSize: 50, total: 1 } }),
        '/service-api/LiveBet/Secure/GetSaleInfo': () => ({
          body: { betId: 'b_7', saleSumm: 8.42, partSale: false, minPartSumm: 0.5, summ: 10 },
        }),
      },
      false,
    );
    const { t } = view;
    expect(
      await screen.findByRole('heading', { name: new RegExp(t('coupon:history.bet', { id: 'b_7' })) }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: new RegExp(t('coupon:history.sale', { amount: '' }).trim()) }),
    ).not.toBeInTheDocument();
    expect(view.seen.some((r) => r.path.endsWith('GetSaleInfo'))).toBe(false);
    // The bettor is told why there is no cash-out (Germany: the country switches it off).
    expect(screen.getByText(t('coupon:history.saleNotOffered'))).toBeInTheDocument();
  });

  it('sells part of the stake where part sale is on, and says why a held bet waits', async () => {
    const view = render(
      <BetsHistory />,
      {
        '/officeapi/getbetshistory': () => ({
          body: {
            items: [
              historyBet(),
              historyBet({ betId: 'b_8', status: 'waiting', canSale: false, holdReason: 'autoBet' }),
            ],
            pageNumber: 1,
            pageSize: 50,
            total: 2,
          },
        }),
        '/service-api/LiveBet/Secure/GetSaleInfo': () => ({
          body: { betId: 'b_7', saleSumm: 8.42, partSale: true, minPartSumm: 0.5, summ: 10 },
        }),
        '/service-api/LiveBet/Secure/SaleBet': () => ({
          body: { status: 'sold', betId: 'b_7', saleSumm: 3.37, remainingSumm: 6, balance: 103.37, currency: 'EUR' },
        }),
      },
      true,
      true,
    );
    const { t } = view;
    expect(await screen.findByText(t('coupon:history.hold.autoBet'))).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: t('coupon:history.partSale') });
    await userEvent.type(within(form).getByLabelText(t('coupon:history.partStake', { currency: 'EUR' })), '4');
    await userEvent.click(within(form).getByRole('button', { name: t('coupon:history.partSale') }));
    expect(await screen.findByText(t('coupon:history.saleDone', { amount: '3.37 EUR' }))).toBeInTheDocument();
    expect(view.seen.find((r) => r.path.endsWith('SaleBet'))?.body).toEqual({ SaleBetId: 'b_7', Summ: 4 });
  });

  it('says what the trading desk decided about a VIP bet and what an insured bet pays back on a loss', async () => {
    const view = render(<BetsHistory />, {
      '/officeapi/getbetshistory': () => ({
        body: {
          items: [
            historyBet({
              betId: 'b_9',
              summ: 2500,
              canSale: false,
              holdReason: 'vipApproval',
              vipDecision: 'approved',
            }),
            historyBet({
              betId: 'b_10',
              status: 'rejected',
              payout: 0,
              canSale: false,
              holdReason: 'vipApproval',
              vipDecision: 'declined',
            }),
            historyBet({
              betId: 'b_11',
              status: 'lost',
              payout: 9.5,
              canSale: false,
              insurance: { premium: 5.23, amount: 9.5 },
            }),
            historyBet({ betId: 'b_12', status: 'waiting', canSale: false, holdReason: 'advance' }),
            historyBet({
              betId: 'b_13',
              status: 'rejected',
              payout: 0,
              canSale: false,
              holdReason: 'advance',
              refusal: 'advance_not_covered',
            }),
          ],
          pageNumber: 1,
          pageSize: 50,
          total: 5,
        },
      }),
    });
    const { t } = view;
    expect(await screen.findByText(t('coupon:history.vip.approved', { amount: '2,500.00 EUR' }))).toBeInTheDocument();
    expect(screen.getByText(t('coupon:history.vip.declined'))).toBeInTheDocument();
    expect(
      screen.getByText(t('coupon:history.insurance', { premium: '5.23 EUR', amount: '9.50 EUR' })),
    ).toBeInTheDocument();
    // An advance bet waiting for its cover, and one refused for want of it (libs/server/bets README, "Advance bets held until covered").
    expect(screen.getByText(t('coupon:history.hold.advance'))).toBeInTheDocument();
    expect(screen.getByText(t('coupon:issue.advanceNotCovered'))).toBeInTheDocument();
  });

  it('offers no part sale where the brand allows only whole sales', async () => {
    const view = render(<BetsHistory />, {
      '/officeapi/getbetshistory': () => ({ body: { items: [historyBet()], pageNumber: 1, pageSize: 50, total: 1 } }),
      '/service-api/LiveBet/Secure/GetSaleInfo': () => ({
        body: { betId: 'b_7', saleSumm: 8.42, partSale: true, minPartSumm: 0.5, summ: 10 },
      }),
    });
    const { t } = view;
    expect(
      await screen.findByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t('coupon:history.partSale', { id: 'b_7' }) })).not.toBeInTheDocument();
  });

  describe('odds', () => {
    afterEach(() => window.localStorage.clear());
    const history = {
      '/officeapi/getbetshistory': () => ({
        body: { items: [historyBet({ canSale: false })], pageNumber: 1, pageSize: 50, total: 1 },
      }),
    };

    it('shows the odds in the format the bettor chose on the line, as the coupon does', async () => {
      writeStoredValue(window.localStorage, 'coefficientFormat', 'fractional');
      render(<BetsHistory />, history, true, false, { coefficientFormats: [0, 1, 2], defaultCoefficientFormat: 0 });
      const bet = await screen.findByRole('listitem', { name: /b_7/ });
      expect(within(bet).getByRole('list').textContent).toContain('@ 6/4');
      expect(within(bet).getByText('6/4', { selector: 'dd' })).toBeInTheDocument();
      expect(within(bet).queryByText('2.50')).toBeNull();
    });

    it("shows the brand's default format when the bettor chose none, or one the brand does not offer", async () => {
      writeStoredValue(window.localStorage, 'coefficientFormat', 'malay');
      render(<BetsHistory />, history, true, false, { coefficientFormats: [0, 2], defaultCoefficientFormat: 2 });
      const bet = await screen.findByRole('listitem', { name: /b_7/ });
      expect(within(bet).getByText('+150', { selector: 'dd' })).toBeInTheDocument();
      expect(within(bet).getByRole('list').textContent).toContain('@ +150');
    });
  });

  it('asks for the chosen status only', async () => {
    const view = render(<BetsHistory />, {
      '/officeapi/getbetshistory': () => ({ body: { items: [], pageNumber: 1, pageSize: 50, total: 0 } }),
    });
    const { t } = view;
    expect(await screen.findByText(t('coupon:history.empty'))).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: t('coupon:history.status') }), 'won');
    await screen.findByText(t('coupon:history.empty'));
    expect(view.seen.at(-1)?.body).toEqual({ statuses: ['won'] });
  });
});

describe('DepositForm', () => {
  it('shows the payment as pending until the provider confirms, then the new balance', async () => {
    let polls = 0;
    let money = 0;
    const answer = (status: string, reference: unknown) => ({
      merchantReference: reference,
      status,
      declineReason: null,
      nextAction: null,
      amount: 50,
      currency: 'EUR',
    });
    const view = render(<DepositForm />, {
      '/account-api/user/balance': () => account(money),
      '/web-api/payments/deposit': (body) => ({ status: 202, body: answer('processing', body['merchantReference']) }),
      '/web-api/payments/deposit/*': () => {
        polls += 1;
        // The sandbox confirms on the second poll; the wallet is credited at the same moment.
        if (polls >= 2) money = 50;
        return { body: answer(polls >= 2 ? 'succeeded' : 'processing', 'ref') };
      },
    });
    const { t } = view;
    const form = screen.getByRole('form', { name: t('coupon:deposit.title') });
    const amount = await within(form).findByLabelText(t('coupon:deposit.amount', { currency: 'EUR' }));
    await userEvent.type(amount, '50');
    await userEvent.type(within(form).getByLabelText(t('coupon:deposit.cardNumber')), '4242 4242 4242 4242');
    await userEvent.type(within(form).getByLabelText(t('coupon:deposit.expiryMonth')), '12');
    await userEvent.type(within(form).getByLabelText(t('coupon:deposit.expiryYear')), '2030');
    await userEvent.type(within(form).getByLabelText(t('coupon:deposit.cvc')), '123');
    await userEvent.click(within(form).getByRole('button', { name: t('coupon:deposit.submit') }));
    expect(await within(form).findByText(t('coupon:deposit.pending'))).toBeInTheDocument();
    const sent = view.seen.find((r) => r.path === '/web-api/payments/deposit')?.body;
    expect(sent).toMatchObject({
      amount: 50,
      card: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
    });
    expect(String(sent?.['merchantReference'])).toMatch(/.{8,}/);
    // Success replaces the form: what was paid, the new balance, and the two ways on.
    const success = await screen.findByRole('region', { name: t('pages:deposit.successTitle') }, { timeout: 5_000 });
    expect(within(success).getByText(t('coupon:deposit.succeeded', { amount: '50.00 EUR' }))).toBeInTheDocument();
    expect(
      await within(success).findByText(t('coupon:deposit.newBalance', { amount: '50.00 EUR' }), undefined, {
        timeout: 5_000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t('coupon:deposit.title') })).not.toBeInTheDocument();
    expect(within(success).getByRole('link', { name: t('pages:deposit.toSports') })).toHaveAttribute(
      'href',
      '/en/line',
    );
    // Another deposit starts from an empty form.
    await userEvent.click(within(success).getByRole('button', { name: t('pages:deposit.again') }));
    const again = screen.getByRole('form', { name: t('coupon:deposit.title') });
    expect(within(again).getByLabelText(t('coupon:deposit.amount', { currency: 'EUR' }))).toHaveValue('');
  });

  it("groups the card number as typed and offers the brand's quick amounts for the account's currency", async () => {
    const view = render(
      <DepositForm />,
      { '/account-api/user/balance': () => account(0) },
      true,
      false,
      {},
      {},
      { deposits: { quickAmounts: { EUR: [10, 25, 50], GBP: [5] } } },
    );
    const { t } = view;
    const form = screen.getByRole('form', { name: t('coupon:deposit.title') });
    const quick = await within(form).findByRole('group', { name: t('pages:deposit.quickAmounts') });
    const buttons = within(quick).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['10.00 EUR', '25.00 EUR', '50.00 EUR']);
    await userEvent.click(within(quick).getByRole('button', { name: '25.00 EUR' }));
    expect(within(form).getByLabelText(t('coupon:deposit.amount', { currency: 'EUR' }))).toHaveValue('25');
    expect(within(quick).getByRole('button', { name: '25.00 EUR' })).toHaveAttribute('aria-pressed', 'true');
    const card = within(form).getByLabelText(t('coupon:deposit.cardNumber'));
    await userEvent.type(card, '4242424242424242');
    expect(card).toHaveValue('4242 4242 4242 4242');
  });
});

describe('HeaderBalance', () => {
  it.each(['full', 'amount'] as const)(
    'while the %s balance loads, shows a named placeholder instead of an ellipsis, then the money',
    async (variant) => {
      const { t } = render(<HeaderBalance variant={variant} />, {
        '/account-api/user/balance': () => account(123.5),
      });
      const placeholder = screen.getByRole('status', { name: t('coupon:balance.loading') });
      expect(placeholder).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByText('…')).not.toBeInTheDocument();
      expect(await screen.findByText(/123\.50 EUR/)).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: t('coupon:balance.loading') })).not.toBeInTheDocument();
    },
  );

  it('shows the active account’s money in its currency', async () => {
    const { t } = render(<HeaderBalance />, { '/account-api/user/balance': () => account(123.5) });
    expect(await screen.findByText(t('coupon:balance.value', { amount: '123.50 EUR' }))).toBeInTheDocument();
  });

  it('writes the money through the brand’s amount template, the currency’s own first', async () => {
    const routes = { '/account-api/user/balance': () => account(123.5) };
    const { t } = render(
      <HeaderBalance />,
      routes,
      true,
      false,
      {},
      { amountTemplate: '{c} {v}', amountTemplates: { EUR: '€{v}' } },
    );
    expect(await screen.findByText(t('coupon:balance.value', { amount: '€123.50' }))).toBeInTheDocument();
  });
});
