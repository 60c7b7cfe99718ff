import type { BackofficeWithdrawal } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

const large: BackofficeWithdrawal = {
  id: 'w-1',
  brandId: 'polar-bet',
  playerId: '1001',
  playerEmail: 'anna@example.com',
  amount: 2500,
  currency: 'EUR',
  state: 'requested',
  createdAt: '2026-11-26T07:00:00.000Z',
  fourEyesAbove: 1000,
  needsSecondApproval: true,
  approvals: [],
};

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('payments desk', { timeout: 20_000 }, () => {
  it('approves with a reason and says when a second operator must approve too', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [large] } });
    server.on('GET', '/adjustments', { body: { adjustments: [] } });
    server.on('POST', '/withdrawals/:id/approve', {
      body: {
        outcome: 'awaiting-second-approval',
        withdrawal: {
          ...large,
          approvals: [
            {
              operatorId: 'op-payments',
              operatorEmail: 'payments@console.test',
              reason: 'ok',
              at: '2026-11-26T08:00:00.000Z',
            },
          ],
        },
      },
    });
    const { t } = renderConsole({ path: '/payments', role: 'payments', server });

    const table = await screen.findByRole('table', { name: t('backoffice:payments.queue') });
    const row = within(table).getByRole('row', { name: /anna@example\.com/ });
    expect(within(row).getByText(t('backoffice:withdrawal.approvals', { given: 0, count: 2 }))).toBeInTheDocument();
    expect(server.calls('GET', '/withdrawals')[0]?.query.get('state')).toBe('requested');

    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: t('backoffice:withdrawal.approveTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:withdrawal.approve') }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(t('backoffice:reason.tooShort', { count: 3 }));
    expect(server.calls('POST', '/withdrawals/w-1/approve')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(t('backoffice:reason.label')),
      'Documents checked, source of funds known',
    );
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:withdrawal.approve') }));
    expect(
      await screen.findByText(t('backoffice:withdrawal.outcome.awaiting', { amount: '2,500.00 EUR' })),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('POST', '/withdrawals/w-1/approve')[0]?.body).toEqual({
      reason: 'Documents checked, source of funds known',
    });
  });

  it('keeps the dialog open with the server refusal in words', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [large] } });
    server.on('GET', '/adjustments', { body: { adjustments: [] } });
    server.on('POST', '/withdrawals/:id/reject', {
      status: 409,
      body: { message: 'The withdrawal was decided already.' },
    });
    renderConsole({ path: '/payments', role: 'admin', server });

    await user.click(await screen.findByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Duplicate request');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The withdrawal was decided already.')).toBeInTheDocument();
  });

  it('shows a viewer the queue without decision buttons', async () => {
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [large] } });
    server.on('GET', '/adjustments', { body: { adjustments: [] } });
    renderConsole({ path: '/payments', role: 'viewer', server });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('says so when nothing waits, and offers a retry when loading failed', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { status: 500, body: { message: 'boom' } });
    server.on('GET', '/adjustments', { body: { adjustments: [] } });
    const { t } = renderConsole({ path: '/payments', role: 'payments', server });
    expect(await screen.findByRole('alert')).toHaveTextContent(t('backoffice:state.error'));
    server.on('GET', '/withdrawals', { body: { withdrawals: [] } });
    await user.click(screen.getByRole('button', { name: t('backoffice:state.retry') }));
    expect(await screen.findByText(t('backoffice:payments.empty'))).toBeInTheDocument();
  });

  it('lists adjustments waiting for a second officer; approves another officer’s, not one’s own', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [] } });
    const pending = (id: string, requestedByMe: boolean) => ({
      id,
      playerId: requestedByMe ? '1002' : '1001',
      brandId: 'polar-bet',
      currency: 'EUR',
      amount: 750,
      reason: 'Goodwill after a support case',
      requestedBy: requestedByMe ? 'payments@console.test' : 'other@console.test',
      requestedByMe,
      requestedAt: '2026-11-26T07:00:00.000Z',
    });
    server.on('GET', '/adjustments', { body: { adjustments: [pending('a-1', false), pending('a-2', true)] } });
    server.on('POST', '/adjustments/:id/approve', {
      body: {
        outcome: 'adjusted',
        adjustmentId: 'a-1',
        transactionId: 't-1',
        playerId: '1001',
        currency: 'EUR',
        amount: 750,
        balanceBefore: 10,
        balanceAfter: 760,
        reason: 'Goodwill after a support case',
        replayed: false,
        at: '2026-11-26T08:00:00.000Z',
      },
    });
    const { t } = renderConsole({ path: '/payments', role: 'payments', server });

    const table = await screen.findByRole('table', { name: t('backoffice-desks:adjust.pending.title') });
    const mine = within(table).getByRole('row', { name: /1002/ });
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(within(mine).getByText(t('backoffice-desks:adjust.pending.yours'))).toBeInTheDocument();
    const theirs = within(table).getByRole('row', { name: /1001/ });
    await user.click(
      within(theirs).getByRole('button', {
        name: t('backoffice-desks:adjust.pending.approveOf', { amount: '750.00 EUR', player: '1001' }),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('other@console.test');
    await user.type(within(dialog).getByLabelText(t('backoffice:reason.label')), 'Support case checked');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice-desks:adjust.pending.approve') }));
    expect(
      await screen.findByText(
        t('backoffice-desks:adjust.pending.approved', { amount: '750.00 EUR', balance: '760.00 EUR' }),
      ),
    ).toHaveAttribute('role', 'status');
    expect(server.calls('POST', '/adjustments/a-1/approve')[0]?.body).toEqual({ reason: 'Support case checked' });
  });

  it('filters the queue by state from the one state filter bar, kept in the address', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [large] } });
    const { t, router } = renderConsole({ path: '/payments', role: 'viewer', server });
    const filter = await screen.findByLabelText(t('backoffice:withdrawal.stateFilter'));
    expect(filter).toHaveValue('requested');
    await user.selectOptions(filter, t('backoffice:filter.all'));
    await screen.findByRole('table', { name: t('backoffice:payments.queue') });
    expect(router.state.location.search).toBe('?state=all');
    expect(server.calls('GET', '/withdrawals').at(-1)?.query.has('state')).toBe(false);
  });

  it('shows no adjustments to a role that cannot adjust', async () => {
    const server = createFakeConsoleServer();
    server.on('GET', '/withdrawals', { body: { withdrawals: [large] } });
    const { t } = renderConsole({ path: '/payments', role: 'viewer', server });
    await screen.findByRole('table', { name: t('backoffice:payments.queue') });
    expect(screen.queryByRole('heading', { name: t('backoffice-desks:adjust.pending.title') })).not.toBeInTheDocument();
    expect(server.calls('GET', '/adjustments')).toHaveLength(0);
  });
});
