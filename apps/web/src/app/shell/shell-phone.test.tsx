import { GUEST_SESSION, type Session } from '@tessera/account/data-access-session';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createPseudoI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import { CONSENT_COOKIE } from '../consent/consent';
import { Shell } from './shell';

vi.setConfig({ testTimeout: 20_000 });

function renderShell(brand: BrandPayload, session: Session = GUEST_SESSION, url = '/en') {
  const i18n = createPseudoI18n({ language: brand.language, dictionary: brand.dictionary });
  const router = createMemoryRouter(
    [
      {
        path: '/:lng',
        Component: Shell,
        children: [
          { index: true, Component: () => <p>page</p> },
          { path: 'live', Component: () => <p>live page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders brand={brand} session={session} i18n={i18n} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return translator(i18n);
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('the phone tab bar', () => {
  it('leads a guest to sports, live, casino, my bets and log in, and marks the current tab', async () => {
    const t = renderShell(testBrandPayload(), GUEST_SESSION, '/en/live');
    await screen.findByText('live page');
    const bar = screen.getByRole('navigation', { name: t('common:tabbar.label') });
    const links = within(bar).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [t('common:tabbar.sports'), '/en/line'],
      [t('common:tabbar.live'), '/en/live'],
      [t('common:tabbar.casino'), '/en/casino'],
      [t('common:tabbar.myBets'), '/en/office/bets'],
      [t('common:tabbar.login'), '/en/login'],
    ]);
    expect(within(bar).getByRole('link', { name: t('common:tabbar.live') })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: t('common:tabbar.sports') })).not.toHaveAttribute('aria-current');
  });

  it('gives a signed-in bettor the account tab and leaves out the sections the brand has off', async () => {
    const brand = testBrandPayload({
      config: { global: { streams: { casino: { enabled: false } } }, betting: { live: false } },
    });
    const t = renderShell(brand, { status: 'authorised', user: { id: '7', displayName: 'Ada' } });
    await screen.findByText('page');
    const bar = screen.getByRole('navigation', { name: t('common:tabbar.label') });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([t('common:tabbar.sports'), t('common:tabbar.myBets'), t('common:tabbar.account')]);
    expect(within(bar).getByRole('link', { name: t('common:tabbar.account') })).toHaveAttribute('href', '/en/office');
  });
});

describe('the cookie-consent banner', () => {
  beforeEach(clearCookies);
  afterEach(clearCookies);

  it('asks on the first visit with the focus on it, remembers "necessary only" and is not asked again', async () => {
    const t = renderShell(testBrandPayload());
    const banner = await screen.findByRole('dialog', { name: t('common:consent.title') });
    expect(banner).toHaveFocus();
    expect(banner).toHaveAccessibleDescription(new RegExp(t('common:consent.text').slice(0, 20)));
    await userEvent.click(within(banner).getByRole('button', { name: t('common:consent.necessaryOnly') }));
    expect(screen.queryByRole('dialog', { name: t('common:consent.title') })).not.toBeInTheDocument();
    expect(document.cookie).toMatch(new RegExp(`${CONSENT_COOKIE}=0\\.[0-9]+`));
  });

  it('lets the visitor choose functional and marketing cookies, and change the choice from the footer', async () => {
    const t = renderShell(testBrandPayload());
    let banner = await screen.findByRole('dialog', { name: t('common:consent.title') });
    await userEvent.click(within(banner).getByRole('button', { name: t('common:consent.choose') }));
    expect(within(banner).getByRole('checkbox', { name: t('common:consent.necessary') })).toBeDisabled();
    await userEvent.click(within(banner).getByRole('checkbox', { name: t('common:consent.marketing') }));
    await userEvent.click(within(banner).getByRole('button', { name: t('common:consent.save') }));
    // Marketing only: level 2.
    expect(document.cookie).toMatch(new RegExp(`${CONSENT_COOKIE}=2\\.`));
    const settings = screen.getByRole('button', { name: t('common:consent.settings') });
    await userEvent.click(settings);
    banner = screen.getByRole('dialog', { name: t('common:consent.title') });
    expect(banner).toHaveFocus();
    await userEvent.click(within(banner).getByRole('button', { name: t('common:consent.choose') }));
    // The boxes show the choice in force.
    expect(within(banner).getByRole('checkbox', { name: t('common:consent.marketing') })).toBeChecked();
    expect(within(banner).getByRole('checkbox', { name: t('common:consent.functional') })).not.toBeChecked();
    // Escape closes without choosing; the focus goes back to the footer's button.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: t('common:consent.title') })).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
    expect(document.cookie).toMatch(new RegExp(`${CONSENT_COOKIE}=2\\.`));
  });

  it('is not shown where the brand switches the banner off, nor to a visitor who chose', async () => {
    document.cookie = `${CONSENT_COOKIE}=3.${Math.floor(Date.now() / 1000)}; Path=/`;
    const t = renderShell(testBrandPayload());
    await screen.findByText('page');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('dialog', { name: t('common:consent.title') })).not.toBeInTheDocument();
    clearCookies();
    const off = testBrandPayload({ config: { customize: { cookieConsent: { banner: false } } } });
    document.body.innerHTML = '';
    renderShell(off);
    await screen.findByText('page');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('common:consent.settings') })).not.toBeInTheDocument();
  });
});
