import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, scriptedFetch, testBrandPayload, type ScriptedRoute } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResponsibleOverview } from './responsible.api';
import { ResponsiblePage } from './responsible-page';

function overview(overrides: Partial<ResponsibleOverview> = {}): ResponsibleOverview {
  return {
    currency: 'EUR',
    coolingOffHours: 24,
    offers: {
      limitTypes: ['deposit', 'loss', 'wager', 'session'],
      timeout: true,
      selfExclusion: true,
      panicButton: true,
    },
    limits: [],
    lock: null,
    ...overrides,
  };
}

function render(routes: Record<string, ScriptedRoute>) {
  const { fetch: fetchImpl, seen } = scriptedFetch(routes);
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <ResponsiblePage />
    </ApiClientProvider>,
    {
      brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' } } }),
      realLanguage: true,
      session: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } },
    },
  );
  return { seen };
}

describe('ResponsiblePage', () => {
  it('sets a limit, and says when a raise is pending', async () => {
    let state = overview();
    const { seen } = render({
      '/web-api/responsible': () => ({ body: state }),
      '/web-api/responsible/limits': () => {
        state = overview({
          limits: [
            {
              kind: 'deposit',
              period: 'day',
              currency: 'EUR',
              amount: 50,
              pending: { amount: 100, effectiveAt: '2026-11-27T10:00:00.000Z' },
              used: 0,
              remaining: 50,
              resetsAt: '2026-11-27T00:00:00.000Z',
            },
          ],
        });
        return {
          body: { ...state, change: { applied: 'pending', effectiveAt: '2026-11-27T10:00:00.000Z' } },
        };
      },
    });
    expect(await screen.findByText('You have not set any limits.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (EUR)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(/Your change is pending and takes effect on/)).toBeInTheDocument();
    expect(screen.getByText(/Changes to .*100.* on/)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ kind: 'deposit', period: 'day', amount: 100 });
  });

  it('presses the panic button without a confirmation, and shows the lock', async () => {
    let state = overview();
    const { seen } = render({
      '/web-api/responsible': () => ({ body: state }),
      '/web-api/responsible/lock': () => {
        state = overview({
          lock: { kind: 'panic', startsAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-27T10:00:00.000Z' },
        });
        return { body: state };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Panic button: stop play for 24 hours' }));
    expect(await screen.findByText(/Play is locked until/)).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/web-api/responsible/lock')?.body).toEqual({ kind: 'panic' });
  });

  it('shows an error with a retry when the limits cannot be loaded', async () => {
    render({ '/web-api/responsible': () => ({ status: 500, body: { message: 'Internal server error' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your limits could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
