import type { BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

const player: BackofficePlayerResponse = {
  player: {
    id: '1001',
    brandId: 'polar-bet',
    email: 'anna@example.com',
    phone: '+79001234567',
    name: 'Anna Petrova',
    country: 'ru',
    currency: 'RUB',
    status: 'active',
    createdAt: '2026-10-01T12:00:00.000Z',
  },
  birthDate: '1990-04-01',
  twoFactor: false,
  balances: [{ currency: 'RUB', main: 1500, bonus: 0, withdrawalHold: 200 }],
  ledger: [],
  bets: [],
  payments: [
    {
      id: 'w-1',
      type: 'withdrawal',
      status: 'completed',
      state: 'paid',
      amount: 200,
      currency: 'RUB',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  sessions: [],
  limits: [],
  exclusions: [],
  verification: { status: 'not_started', documents: [], decisions: [] },
  notes: [],
};

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('players desk', { timeout: 20_000 }, () => {
  it('finds a player and opens the profile on a tab kept in the address', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/players', { body: { players: [player.player] } });
    server.on('GET', '/players/:id', { body: player });
    const { t, router } = renderConsole({ path: '/players', role: 'support', server });

    await user.type(await screen.findByLabelText(t('backoffice:players.query')), 'anna');
    await user.click(screen.getByRole('button', { name: t('backoffice:action.search') }));
    await user.click(await screen.findByRole('link', { name: 'Anna Petrova' }));
    expect(server.calls('GET', '/players')[0]?.query.get('q')).toBe('anna');

    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Petrova' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: t('backoffice:player.tabs') });
    await user.click(within(tabs).getByRole('tab', { name: t('backoffice:player.tab.payments') }));
    expect(router.state.location.search).toBe('?tab=payments');
    const panel = screen.getByRole('tabpanel', { name: t('backoffice:player.tab.payments') });
    expect(within(panel).getByText(t('backoffice:withdrawal.state.paid'))).toBeInTheDocument();

    // Arrow keys move between tabs.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: t('backoffice:player.tab.sessions') })).toHaveFocus();
    // A support agent adds notes but cannot lock or sign the player out.
    expect(screen.getByRole('button', { name: t('backoffice:player.action.note') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('backoffice:player.action.lock') })).not.toBeInTheDocument();
  });

  it('locks an account with a reason and shows the new status', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    let current = player;
    server.on('GET', '/players/:id', () => ({ body: current }));
    server.on('POST', '/players/:id/lock', () => {
      current = { ...player, player: { ...player.player, status: 'blocked' } };
      return { body: { player: current.player, sessionsClosed: 2 } };
    });
    const { t } = renderConsole({ path: '/players/1001', role: 'compliance', server });

    await user.click(await screen.findByRole('button', { name: t('backoffice:player.action.lock') }));
    const dialog = screen.getByRole('dialog', { name: t('backoffice:player.action.lock') });
    expect(within(dialog).getByLabelText(t('backoffice:reason.label'))).toHaveFocus();
    await user.type(within(dialog).getByLabelText(t('backoffice:reason.label')), 'Suspected account takeover');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:player.action.lock') }));

    expect(await screen.findByRole('status')).toHaveTextContent(t('backoffice:player.done.lock', { count: 2 }));
    expect(await screen.findByText(t('backoffice:player.status.blocked'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('backoffice:player.action.unlock') })).toBeInTheDocument();
    expect(server.calls('POST', '/players/1001/lock')[0]?.body).toEqual({ reason: 'Suspected account takeover' });
  });
});
