import { GUEST_SESSION } from '@tessera/account/data-access-session';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import { Shell } from './shell';

function renderShell(brand: BrandPayload) {
  const i18n = createI18n({ language: brand.language, dictionary: brand.dictionary, pseudo: true });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/:lng', Component: Shell, children: [{ index: true, Component: () => <p>page</p> }] }], { initialEntries: ['/en'] });
  render(
    <AppProviders brand={brand} session={GUEST_SESSION} i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return translator(i18n);
}

/** Scrolls to each position in turn, letting the button's sampling (16 ms here) see each one. */
async function scrollThrough(positions: number[]) {
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 20_000, configurable: true });
  for (const y of positions) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
    await act(() => new Promise((r) => setTimeout(r, 40)));
  }
}

const scrollToTop = { type: 'label', screens: 1, throttleMs: 16 };

describe('Shell scroll-to-top', () => {
  it("follows the brand's other.scrollToTop: a label after one screen", async () => {
    const t = renderShell(testBrandPayload({ config: { other: { scrollToTop } } }));
    await screen.findByText('page');
    await scrollThrough([900, 850]);
    expect(screen.getByRole('button', { name: t('common:scrollToTop.label') })).toHaveTextContent(t('common:scrollToTop.label'));
  });

  it('is absent when the brand switches boolean.scrollToTop off', async () => {
    const t = renderShell(testBrandPayload({ config: { other: { scrollToTop }, boolean: { scrollToTop: false } } }));
    await screen.findByText('page');
    await scrollThrough([900, 850]);
    expect(screen.queryByRole('button', { name: t('common:scrollToTop.label') })).not.toBeInTheDocument();
  });
});
