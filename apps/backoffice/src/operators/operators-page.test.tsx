import type { BackofficeOperator } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole, testOperator } from '../testing/render-console';

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('operators desk', { timeout: 20_000 }, () => {
  it('creates an operator for some brands and shows the first password once', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    const operators: BackofficeOperator[] = [testOperator('admin')];
    server.on('GET', '/operators', () => ({ body: { operators } }));
    server.on('GET', '/brands', {
      body: {
        brands: [
          {
            id: 'polar-bet',
            name: 'PolarBet',
            health: 'served',
            countries: ['ru'],
            languages: ['ru'],
            jurisdictions: [],
            errors: [],
          },
          {
            id: 'sahra-bet',
            name: 'Sahra',
            health: 'served',
            countries: ['tr'],
            languages: ['ar'],
            jurisdictions: [],
            errors: [],
          },
        ],
      },
    });
    server.on('POST', '/operators', (request) => {
      const body = request.body as { email: string; role: 'payments'; brands: string[] };
      const created = testOperator(body.role, {
        id: 'op-new',
        email: body.email,
        brands: body.brands,
        totpEnrolled: false,
      });
      operators.push(created);
      return { status: 201, body: { operator: created, initialPassword: 'first-password-123' } };
    });
    const { t } = renderConsole({ path: '/operators', role: 'admin', server });

    await user.click(await screen.findByRole('button', { name: t('backoffice:operators.create') }));
    const dialog = screen.getByRole('dialog', { name: t('backoffice:operators.create') });
    await user.type(within(dialog).getByLabelText(t('backoffice:operators.email')), 'new@console.test');
    await user.selectOptions(within(dialog).getByLabelText(t('backoffice:operators.role')), 'payments');
    await user.click(within(dialog).getByLabelText(t('backoffice:operators.allBrands')));
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:operators.create') }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(t('backoffice:operators.brandsRequired'));
    await user.click(within(dialog).getByLabelText('Sahra (sahra-bet)'));
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:operators.create') }));

    const shown = await screen.findByRole('dialog', { name: t('backoffice:operators.createdTitle') });
    expect(within(shown).getByLabelText(t('backoffice:operators.initialPassword'))).toHaveValue('first-password-123');
    expect(server.calls('POST', '/operators')[0]?.body).toEqual({
      email: 'new@console.test',
      role: 'payments',
      brands: ['sahra-bet'],
    });
    await user.click(within(shown).getByRole('button', { name: t('backoffice:action.done') }));
    expect(await screen.findByRole('cell', { name: 'sahra-bet' })).toBeInTheDocument();
  });
});
