import type { BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

const data: BackofficePlayerResponse = {
  player: {
    id: '1001',
    brandId: 'polar-bet',
    email: 'anna@example.com',
    phone: null,
    name: 'Anna Petrova',
    country: 'ru',
    currency: 'RUB',
    status: 'active',
    createdAt: '2026-10-01T12:00:00.000Z',
  },
  birthDate: null,
  twoFactor: false,
  balances: [{ currency: 'RUB', main: 1500, bonus: 0, withdrawalHold: 0 }],
  ledger: [],
  bets: [],
  payments: [],
  sessions: [],
  limits: [],
  exclusions: [],
  verification: { status: 'not_started', documents: [], decisions: [] },
  notes: [],
};

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('player page forms', { timeout: 20_000 }, () => {
  it('sets a limit on the player’s behalf with a reason and says when a raise waits the cooling-off', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/players/:id', { body: data });
    server.on('POST', '/players/:id/limits', {
      body: { applied: 'pending', effectiveAt: '2026-11-27T10:00:00.000Z' },
    });
    const { t } = renderConsole({ path: '/players/1001?tab=limits', role: 'compliance', server });

    const form = await screen.findByRole('form', { name: t('backoffice-desks:limits.title') });
    await user.type(within(form).getByLabelText(t('backoffice:limit.amount')), '0');
    await user.click(within(form).getByRole('button', { name: t('backoffice-desks:limits.submit') }));
    expect(within(form).getByText(t('backoffice-desks:limits.amountInvalid'))).toBeInTheDocument();
    expect(server.calls('POST', '/players/1001/limits')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(t('backoffice:limit.amount')));
    await user.type(within(form).getByLabelText(t('backoffice:limit.amount')), '250');
    await user.type(within(form).getByLabelText(t('backoffice:reason.label')), 'Asked by phone, case 4411');
    await user.click(within(form).getByRole('button', { name: t('backoffice-desks:limits.submit') }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/^The change waits the cooling-off/);
    expect(server.calls('POST', '/players/1001/limits')[0]?.body).toEqual({
      kind: 'deposit',
      period: 'day',
      amount: 250,
      reason: 'Asked by phone, case 4411',
    });
  });

  it('adjusts a balance with a reason, in minor units, under the form’s request id', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/players/:id', { body: data });
    server.on('POST', '/players/:id/adjustments', {
      body: {
        outcome: 'adjusted',
        transactionId: 't-1',
        playerId: '1001',
        currency: 'RUB',
        amount: -25.5,
        balanceBefore: 1500,
        balanceAfter: 1474.5,
        reason: 'Duplicate bonus',
        replayed: false,
        at: '2026-11-26T10:00:00.000Z',
      },
    });
    const { t } = renderConsole({ path: '/players/1001?tab=money', role: 'payments', server });

    const form = await screen.findByRole('form', { name: t('backoffice-desks:adjust.title') });
    await user.type(within(form).getByLabelText(t('backoffice-desks:adjust.amount', { currency: 'RUB' })), '-25.50');
    await user.type(within(form).getByLabelText(t('backoffice:reason.label')), 'Duplicate bonus');
    await user.click(within(form).getByRole('button', { name: t('backoffice-desks:adjust.submit') }));
    expect(await within(form).findByRole('status')).toHaveTextContent('1,474.50 RUB');
    const [sent] = server.calls('POST', '/players/1001/adjustments');
    expect(sent?.body).toMatchObject({ currency: 'RUB', amount: -2550, reason: 'Duplicate bonus' });
    expect((sent?.body as { requestId: string }).requestId).toMatch(/^console-/);
  });

  it('shows a support agent the limits but no form', async () => {
    const server = createFakeConsoleServer();
    server.on('GET', '/players/:id', { body: data });
    const { t } = renderConsole({ path: '/players/1001?tab=limits', role: 'support', server });
    expect(await screen.findByText(t('backoffice:player.limits.empty'))).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t('backoffice-desks:limits.title') })).not.toBeInTheDocument();
  });
});
