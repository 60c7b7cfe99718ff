import { GUEST_SESSION, type Session } from '@tessera/account/data-access-session';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createPseudoI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import { Shell } from './shell';

// The first render of the shell pays for transforming its modules; on a shared 2-core machine that can pass 5 s.
vi.setConfig({ testTimeout: 20_000 });

function renderShell(brand: BrandPayload, session: Session = GUEST_SESSION) {
  const i18n = createPseudoI18n({ language: brand.language, dictionary: brand.dictionary });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [{ path: '/:lng', Component: Shell, children: [{ index: true, Component: () => <p>page</p> }] }],
    { initialEntries: ['/en'] },
  );
  render(
    <AppProviders brand={brand} session={session} i18n={i18n} queryClient={queryClient}>
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
    expect(screen.getByRole('button', { name: t('common:scrollToTop.label') })).toHaveTextContent(
      t('common:scrollToTop.label'),
    );
  });

  it('is absent when the brand switches boolean.scrollToTop off', async () => {
    const t = renderShell(testBrandPayload({ config: { other: { scrollToTop }, boolean: { scrollToTop: false } } }));
    await screen.findByText('page');
    await scrollThrough([900, 850]);
    expect(screen.queryByRole('button', { name: t('common:scrollToTop.label') })).not.toBeInTheDocument();
  });
});

describe('Shell idle sign-out', () => {
  afterEach(() => vi.unstubAllGlobals());
  const signedIn: Session = { status: 'authorised', user: { id: '42', displayName: 'Ada' } };

  /** A server whose session ends 30 s from now; records the paths asked. */
  function stubServer(): string[] {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      asked.push(url.pathname);
      // Only the session's limits are this server's to answer; anything else (the header's balance) is not found.
      if (url.pathname !== '/web-api/user/session/limits')
        return new Response(JSON.stringify({ message: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      const now = Date.now();
      const body = {
        now: new Date(now).toISOString(),
        idle_timeout_seconds: 1800,
        idle_ends_at: new Date(now + 30_000).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    return asked;
  }

  it('item 10: a signed-in page of a brand with auth.autoLogoff warns before the server signs it out', async () => {
    stubServer();
    const t = renderShell(
      testBrandPayload({ config: { auth: { autoLogoff: { enabled: true, minutes: 30 } } } }),
      signedIn,
    );
    expect(await screen.findByRole('dialog', { name: t('account:idle.title') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('account:idle.stay') })).toBeInTheDocument();
  });

  it('item 10: nothing is watched for a guest or on a brand without idle sign-out', async () => {
    const asked = stubServer();
    renderShell(testBrandPayload({ config: { auth: { autoLogoff: { enabled: true, minutes: 30 } } } }));
    await screen.findByText('page');
    renderShell(testBrandPayload(), signedIn);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(asked.filter((p) => p === '/web-api/user/session/limits')).toEqual([]);
  });
});
