import type { BackofficeBet, BackofficeVipBet } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

const bet: BackofficeBet = {
  id: 'bet-77',
  brandId: 'polar-bet',
  playerId: '1001',
  kind: 'single',
  status: 'waiting',
  holdReason: 'vipApproval',
  stake: 25000,
  currency: 'EUR',
  odds: 2.1,
  potentialWin: 52500,
  payout: null,
  placedAt: '2026-11-26T08:00:00.000Z',
  settledAt: null,
  selections: [
    {
      gameId: 501,
      home: 'Lions',
      away: 'Tigers',
      marketId: 'm1',
      market: '1x2',
      outcomeId: 'o1',
      outcome: '1',
      odds: 2.1,
      result: null,
    },
  ],
};
const bid: BackofficeVipBet = {
  bet,
  decideBy: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
  maxBet: 20000,
  balance: 30000,
};

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('risk desk', { timeout: 20_000 }, () => {
  it('lists a held VIP bet with its deadline and counter-offers lower odds with a reason', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/vip-bets', { body: { bets: [bid] } });
    server.on('POST', '/vip-bets/:id/decide', {
      body: { outcome: 'accepted', bet: { ...bet, status: 'accepted', stake: 20000, odds: 1.9 } },
    });
    const { t } = renderConsole({ path: '/risk', role: 'risk', server });

    const table = await screen.findByRole('table', { name: t('backoffice-desks:vip.queue') });
    const row = within(table).getByRole('row', { name: /bet-77/ });
    expect(within(row).getByText(t('backoffice-desks:vip.minutesLeft', { minutes: 9 }))).toBeInTheDocument();
    expect(within(row).getByText('25,000.00 EUR')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /^Counter-offer the VIP bet of 25,000\.00 EUR by 1001/ }));
    const dialog = await screen.findByRole('dialog', { name: t('backoffice-desks:vip.counterTitle') });
    await user.type(within(dialog).getByLabelText(t('backoffice:reason.label')), 'Exposure on this market');
    // Nothing lowered yet: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: t('backoffice-desks:vip.counter') }));
    expect(server.calls('POST', '/vip-bets/bet-77/decide')).toHaveLength(0);
    const stake = within(dialog).getByLabelText(t('backoffice-desks:vip.offerStake', { currency: 'EUR' }));
    await user.clear(stake);
    await user.type(stake, '20000');
    const odds = within(dialog).getByLabelText(t('backoffice-desks:vip.offerOdds'));
    await user.clear(odds);
    await user.type(odds, '1.9');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice-desks:vip.counter') }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      t('backoffice-desks:vip.outcome.accepted', { stake: '20,000.00 EUR', odds: '1.90' }),
    );
    expect(server.calls('POST', '/vip-bets/bet-77/decide')[0]?.body).toEqual({
      decision: 'counter',
      stake: 20000,
      odds: 1.9,
      reason: 'Exposure on this market',
    });
  });

  it('shows a viewer the queue without decision buttons', async () => {
    const server = createFakeConsoleServer();
    server.on('GET', '/vip-bets', { body: { bets: [bid] } });
    renderConsole({ path: '/risk', role: 'viewer', server });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  it('says so when nothing waits, and offers a retry when loading failed', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/vip-bets', { status: 500, body: { message: 'boom' } });
    const { t } = renderConsole({ path: '/risk', role: 'risk', server });
    expect(await screen.findByRole('alert')).toHaveTextContent(t('backoffice:state.error'));
    server.on('GET', '/vip-bets', { body: { bets: [] } });
    await user.click(screen.getByRole('button', { name: t('backoffice:state.retry') }));
    expect(await screen.findByText(t('backoffice-desks:vip.empty'))).toBeInTheDocument();
  });

  it('searches bets by the filters in the address and shows the liability per market', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/bets', { body: { bets: [{ ...bet, status: 'accepted', holdReason: null }] } });
    server.on('GET', '/liability', {
      body: {
        markets: [
          {
            gameId: 501,
            home: 'Lions',
            away: 'Tigers',
            marketId: 'm1',
            market: '1x2',
            currency: 'EUR',
            bets: 1,
            stakes: 25000,
            liability: 27500,
            outcomes: [{ outcomeId: 'o1', outcome: '1', bets: 1, stakes: 25000, payout: 52500 }],
          },
        ],
      },
    });
    const { t } = renderConsole({ path: '/risk?tab=bets', role: 'risk', server });
    await user.type(await screen.findByLabelText(t('backoffice-desks:bets.query')), '1001');
    await user.click(screen.getByRole('button', { name: t('backoffice:action.search') }));
    const results = await screen.findByRole('table', { name: t('backoffice-desks:bets.results') });
    expect(within(results).getByRole('row', { name: /bet-77/ })).toHaveTextContent(
      t('backoffice-desks:bets.status.accepted'),
    );
    expect(server.calls('GET', '/bets').at(-1)?.query.get('q')).toBe('1001');

    await user.click(screen.getByRole('tab', { name: t('backoffice-desks:risk.tab.liability') }));
    const liability = await screen.findByRole('table', { name: t('backoffice-desks:liability.table') });
    expect(within(liability).getByRole('row', { name: /Lions – Tigers/ })).toHaveTextContent('27,500.00 EUR');
  });
});
