import type { BackofficeAuditEntry } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

function entry(id: number): BackofficeAuditEntry {
  return {
    id: String(id),
    at: '2026-11-26T08:00:00.000Z',
    operatorId: 'op-payments',
    operatorEmail: 'payments@console.test',
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: `w-${id}`,
    brandId: 'polar-bet',
    reason: 'Card matches',
    ip: '127.0.0.1',
    userAgent: 'test',
    before: { state: 'requested' },
    after: { state: 'approved' },
    hash: 'h',
  };
}

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('audit desk', { timeout: 20_000 }, () => {
  it('searches by text, operator and dates, pages, and exports the same filters as CSV', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/audit', (request) => ({
      body: { entries: [entry(Number(request.query.get('page') ?? '1'))], page: 1, pageSize: 50, total: 120 },
    }));
    const { t } = renderConsole({ path: '/audit', role: 'compliance', server });

    const search = await screen.findByRole('search', { name: t('backoffice:audit.search') });
    await user.type(within(search).getByLabelText(t('backoffice:audit.query')), 'withdrawal');
    await user.type(within(search).getByLabelText(t('backoffice:audit.operator')), 'payments@console.test');
    await user.type(within(search).getByLabelText(t('backoffice:audit.from')), '2026-11-01');
    await user.click(within(search).getByRole('button', { name: t('backoffice:action.search') }));

    const table = await screen.findByRole('table', { name: t('backoffice:audit.caption', { total: 120 }) });
    expect(within(table).getByRole('rowheader', { name: 'withdrawal.approve' })).toBeInTheDocument();
    const last = server.received.filter((request) => request.path === '/backoffice/api/audit').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      q: 'withdrawal',
      operator: 'payments@console.test',
      from: '2026-11-01T00:00:00.000Z',
    });
    expect(screen.getByRole('link', { name: t('backoffice:audit.export') })).toHaveAttribute(
      'href',
      '/backoffice/api/audit.csv?q=withdrawal&operator=payments%40console.test&from=2026-11-01T00%3A00%3A00.000Z',
    );

    expect(screen.getByText(t('backoffice:audit.page', { page: 1, pages: 3 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('backoffice:audit.next') }));
    expect(await within(table).findByText('withdrawal w-2')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const server = createFakeConsoleServer();
    server.on('GET', '/audit', { body: { entries: [], page: 1, pageSize: 50, total: 0 } });
    const { t } = renderConsole({ path: '/audit?q=nothing', role: 'admin', server });
    expect(await screen.findByText(t('backoffice:audit.empty'))).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
