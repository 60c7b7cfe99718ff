import { testBrandPayload, renderWithProviders } from '@tessera/shared/util-testing';
import { untranslatedText } from '@tessera/shared/util-i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

/** A text as a pattern that matches it literally (the test language's texts have brackets). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const member = { status: 'authorised', user: { id: 'u1', displayName: 'Ada' } } as const;

describe('Header', () => {
  it('links the logo home with the brand name and the brand logo', () => {
    const { t } = renderWithProviders(<Header />, {
      brand: testBrandPayload({ brandId: 'polar-bet', brandName: 'PolarBet' }),
      route: '/en/line',
    });
    const logo = screen.getByRole('img', { name: t('header:logo.home', { brand: 'PolarBet' }) });
    expect(logo).toHaveAttribute('src', '/brand-assets/polar-bet/logo.svg');
    expect(logo).toHaveAttribute('width', '120');
    expect(logo.closest('a')).toHaveAttribute('href', '/en/');
  });

  it('offers a guest Log in and Register, in the page language', () => {
    const { t } = renderWithProviders(<Header />, { route: '/de/', brand: testBrandPayload({ language: 'de' }) });
    expect(screen.getByRole('link', { name: t('header:auth.login') })).toHaveAttribute('href', '/de/login');
    expect(screen.getByRole('link', { name: t('header:auth.registration') })).toHaveAttribute(
      'href',
      '/de/registration',
    );
    expect(screen.queryByRole('link', { name: t('header:auth.office') })).not.toBeInTheDocument();
  });

  it('offers an authorised visitor the account instead: deposit in reach, the rest behind the account button', async () => {
    const { t } = renderWithProviders(<Header />, { session: member });
    expect(screen.queryByRole('link', { name: t('header:auth.login') })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('header:auth.deposit') })).toHaveAttribute('href', '/en/office/deposit');
    // The test renders the phone layout (no media queries): the account's items wait behind the account button.
    const account = screen.getByRole('button', { name: new RegExp(escapeRegExp(t('header:account.menu'))) });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: t('header:auth.office') })).not.toBeInTheDocument();
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: t('header:auth.office') })).toHaveAttribute('href', '/en/office');
    expect(screen.getByRole('button', { name: t('account:logout') })).toBeInTheDocument();
    expect(screen.getByText(t('account:accountId', { id: 'u1' }))).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
    expect(screen.queryByRole('link', { name: t('header:auth.office') })).not.toBeInTheDocument();
  });

  it.each([
    ['by name', { id: 'u1', displayName: 'Ada' }, 'header:account.greeting'],
    [
      'kindly when the account has no name (the server sends the account number)',
      { id: '4711093', displayName: '4711093' },
      'header:account.greetingNoName',
    ],
  ] as const)('greets the bettor %s, the account number under it', async (_, user, key) => {
    const { t } = renderWithProviders(<Header />, { session: { status: 'authorised', user } });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(escapeRegExp(t('header:account.menu'))) }));
    expect(screen.getByText(t(key, { name: user.displayName }))).toBeInTheDocument();
    expect(screen.getByText(t('account:accountId', { id: user.id }))).toBeInTheDocument();
    if (user.displayName === user.id)
      expect(screen.queryByText(t('header:account.greeting', { name: user.id }))).toBeNull();
  });

  it('shows the configured items in order, at most maxVisibleNavItems, the rest under "more"', async () => {
    const brand = testBrandPayload({ config: { header: { maxVisibleNavItems: 2 } } });
    const { t } = renderWithProviders(<Header />, { brand });
    const nav = screen.getByRole('navigation', { name: t('header:nav.label') });
    const bar = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(bar).toEqual(['/en/line', '/en/live']);
    const more = within(nav).getByRole('button', { name: t('header:nav.more') });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const overflow = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    // Live casino, virtual sports, toto, promotions, results and statistics have no page yet and are off by default
    // (issues 15, 16), so they are neither in the bar nor under "more".
    expect(overflow.slice(2)).toEqual(['/en/line/cyber', '/en/casino']);
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('keeps nine items in the bar by default (spec section 9) and hides disabled ones', () => {
    const brand = testBrandPayload({
      config: {
        header: {
          navItems: {
            'live-casino': { enabled: true },
            toto: { enabled: true },
            virtualsports: { enabled: true },
            results: { enabled: true },
            statistic: { enabled: true },
            promo: { enabled: false },
          },
        },
      },
    });
    const { t } = renderWithProviders(<Header />, { brand });
    const nav = screen.getByRole('navigation', { name: t('header:nav.label') });
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    expect(within(nav).queryByRole('link', { name: t('header:menu.promo') })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: t('header:menu.toto') })).toBeInTheDocument();
  });

  it("switches only between the brand's languages, keeping the page", async () => {
    const brand = testBrandPayload({ languages: ['en', 'de'] });
    const { t } = renderWithProviders(<Header />, { brand, route: '/en/line?sport=1' });
    // Named by what it shows first, then what it does (WCAG 2.5.3).
    await userEvent.click(screen.getByRole('button', { name: `EN, ${t('header:language.switcher')}` }));
    expect(screen.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/line?sport=1');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link', { name: 'Русский' })).not.toBeInTheDocument();
  });

  it('has no language switcher for a one-language brand', () => {
    const { t } = renderWithProviders(<Header />, { brand: testBrandPayload({ languages: ['en'] }) });
    expect(screen.queryByRole('button', { name: new RegExp(t('header:language.switcher')) })).not.toBeInTheDocument();
  });

  it('has no untranslated text', () => {
    renderWithProviders(<Header />, { brand: testBrandPayload({ brandName: 'Testbet', languages: ['en'] }) });
    expect(untranslatedText(screen.getByRole('banner').textContent ?? '', ['Testbet'])).toEqual([]);
  });
});
