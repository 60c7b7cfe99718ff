import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, scriptedFetch, testBrandPayload, type ScriptedRoute } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PaymentsHistory } from './payments-history';
import type { CurrencyAccounts } from './wallet.api';
import { WalletClientProvider } from './wallet.queries';
import { WalletsPage } from './wallets-page';

function render(ui: ReactElement, routes: Record<string, ScriptedRoute>) {
  const { fetch: fetchImpl, seen } = scriptedFetch(routes);
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(<WalletClientProvider client={client}>{ui}</WalletClientProvider>, {
    brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' } } }),
    realLanguage: true,
    session: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } },
  });
  return { seen };
}

const accounts = (eur: number, usd: number): CurrencyAccounts => ({
  enabled: true,
  quoteSeconds: 30,
  accounts: [
    { id: '1', currency: 'EUR', currencyId: 12, name: 'Euro', symbol: '€', balance: eur, active: true },
    { id: '2', currency: 'USD', currencyId: 10, name: 'US dollar', symbol: '$', balance: usd, active: false },
  ],
  offered: [{ currencyId: 18, currency: 'GBP', name: 'Pound sterling', symbol: '£' }],
});

describe('WalletsPage', () => {
  it('shows the accounts, quotes a transfer with its rate and makes it', async () => {
    let moved = false;
    const { seen } = render(<WalletsPage />, {
      '/web-api/user/currency-accounts': () => ({ body: moved ? accounts(40, 10.8) : accounts(50, 0) }),
      '/web-api/payments/transfer/quote': () => ({
        body: {
          quoteId: '3f0c8b4e-0000-4000-8000-000000000001',
          fromCurrency: 'EUR',
          toCurrency: 'USD',
          fromAmount: 10,
          toAmount: 10.8,
          rate: 1.08,
          rateAsOf: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 30_000).toISOString(),
        },
      }),
      '/web-api/payments/transfer': () => {
        moved = true;
        return {
          body: {
            id: 't1',
            fromCurrency: 'EUR',
            toCurrency: 'USD',
            fromAmount: 10,
            toAmount: 10.8,
            rate: 1.08,
            createdAt: new Date().toISOString(),
          },
        };
      },
    });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make the USD account active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the USD account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the EUR account' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount to send' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Show the rate' }));
    expect(await screen.findByText(/You send .*10.* and receive .*10\.80.* \(1 EUR = 1\.08 USD\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the transfer' }));
    expect(await screen.findByText(/Done: .* sent, .* received\./)).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/web-api/payments/transfer')?.body).toEqual({
      quote_id: '3f0c8b4e-0000-4000-8000-000000000001',
    });
  }, 20_000);
});

describe('PaymentsHistory', () => {
  it('filters by kind and pages through the payments', async () => {
    const item = (id: number) => ({
      id: String(id),
      type: 'withdrawal',
      status: 'pending',
      state: 'requested',
      amount: 20,
      currency: 'EUR',
      createdAt: '2026-11-22T08:00:00.000Z',
      reference: null,
      archived: false,
    });
    const { seen } = render(<PaymentsHistory />, {
      '/officeapi/gethistorypaymentmainaccount': (body) => ({
        body: {
          items: body['types'] ? [item(Number(body['page_number']))] : [],
          pageNumber: body['page_number'],
          pageSize: 20,
          total: body['types'] ? 25 : 0,
          hasMore: body['types'] ? body['page_number'] === 1 : false,
        },
      }),
    });
    expect(await screen.findByText('No payments match.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'withdrawal');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(/waiting for approval/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(seen.at(-1)?.body).toMatchObject({ types: ['withdrawal'], page_number: 2, page_size: 20 });
  }, 20_000);
});
