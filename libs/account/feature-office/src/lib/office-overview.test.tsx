import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfficeNav } from './office-nav';
import { OfficeOverview } from './office-overview';

describe('OfficeOverview', () => {
  it('shows the account number of the signed-in user', () => {
    const { t } = renderWithProviders(<OfficeOverview />, { session: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } });
    expect(screen.getByText(t('account:accountId', { id: '1001' }))).toBeInTheDocument();
  });

  it('throws the spec error for a guest (the route guard should have redirected)', () => {
    // The router's error boundary catches the throw; React logs it, which is expected here.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<OfficeOverview />);
    expect(screen.getByRole('heading', { name: 'filterAuthorized: access denied' })).toBeInTheDocument();
    log.mockRestore();
  });
});

describe('OfficeNav', () => {
  it('links the office sections in the page language', () => {
    const { t } = renderWithProviders(<OfficeNav />, { route: '/en/office' });
    const nav = screen.getByRole('navigation', { name: t('account:office.nav') });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('account:office.nav.security') })).toHaveAttribute('href', '/en/office/security');
  });
});
