import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfficeNav, OfficePageOff } from './office-nav';
import { OfficeOverview } from './office-overview';

describe('OfficeOverview', () => {
  it('shows the account number of the signed-in user', () => {
    const { t } = renderWithProviders(<OfficeOverview />, {
      session: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } },
    });
    expect(screen.getByText(t('account:accountId', { id: '1001' }))).toBeInTheDocument();
    expect(screen.getByText(t('account:office.overview.text', { name: 'Ada' }))).toBeInTheDocument();
  });

  it('does not greet an account without a name by its number ("Signed in as 1001")', () => {
    // The server names an account without a first name by its number.
    const { t } = renderWithProviders(<OfficeOverview />, {
      session: { status: 'authorised', user: { id: '1001', displayName: '1001' } },
    });
    expect(screen.getByText(t('account:accountId', { id: '1001' }))).toBeInTheDocument();
    expect(screen.queryByText(t('account:office.overview.text', { name: '1001' }))).not.toBeInTheDocument();
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
    expect(screen.getByRole('link', { name: t('account:office.nav.security') })).toHaveAttribute(
      'href',
      '/en/office/security',
    );
  });

  it('links only the sections the configuration switches on', () => {
    const brand = testBrandPayload({
      language: 'en',
      config: { office: { pages: { deposit: { enabled: false }, 'payments-history': { enabled: false } } } },
    });
    const { t } = renderWithProviders(<OfficeNav />, { route: '/en/office', brand, realLanguage: true });
    const nav = screen.getByRole('navigation', { name: t('account:office.nav') });
    expect(within(nav).getByRole('link', { name: t('coupon:office.nav.bets') })).toHaveAttribute(
      'href',
      '/en/office/bets',
    );
    expect(within(nav).queryByRole('link', { name: t('coupon:office.nav.deposit') })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: t('coupon:office.nav.payments') })).not.toBeInTheDocument();
  });

  it('says a switched-off section is not available, with the way back', () => {
    const { t } = renderWithProviders(<OfficePageOff />, { route: '/en/office/deposit', realLanguage: true });
    expect(screen.getByRole('status')).toHaveTextContent(t('account:office.pageOff'));
    expect(screen.getByRole('link', { name: t('account:office.nav.overview') })).toHaveAttribute('href', '/en/office');
  });
});
