import { GUEST_SESSION, type Session } from '@tessera/account/data-access-session';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import { createPseudoI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../pages/route-error-page';
import { AppProviders, createQueryClient } from './app-providers';
import { createRoutes } from './routes';
import { Shell } from './shell/shell';

afterEach(() => vi.restoreAllMocks());

// The first render of the whole app pays for transforming every module; on a shared 2-core machine that can pass 5 s.
vi.setConfig({ testTimeout: 20_000 });

function renderApp(
  url: string,
  {
    brand = testBrandPayload(),
    session = GUEST_SESSION as Session,
    routes,
  }: { brand?: BrandPayload; session?: Session; routes?: RouteObject[] } = {},
) {
  const i18n = createPseudoI18n({ language: brand.language, dictionary: brand.dictionary });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes ?? createRoutes({ session, config: brand.config, queryClient }), {
    initialEntries: [url],
  });
  render(
    <AppProviders brand={brand} session={session} i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, t: translator(i18n) };
}

describe('site routes', () => {
  it('shows the home page with its way into the line and live', async () => {
    const { t } = renderApp('/en/');
    // Queries stay inside <main>: role queries over the whole page are slow in jsdom. The home page is a lazy route.
    const main = within(await screen.findByRole('main', {}, { timeout: 10_000 }));
    expect(
      await main.findByRole('heading', { level: 1, name: t('pages:home.title') }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(main.getByRole('link', { name: t('pages:home.toLine') })).toHaveAttribute('href', '/en/line');
    expect(main.getByRole('link', { name: t('pages:home.toLive') })).toHaveAttribute('href', '/en/live');
  });

  it('hides streams the brand switched off from the home page', async () => {
    const brand = testBrandPayload({ config: { global: { streams: { slots: { enabled: false } } } } });
    const { t } = renderApp('/en/', { brand });
    await screen.findByRole('heading', { level: 1, name: t('pages:home.title') }, { timeout: 10_000 });
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="/en/slots"]')).toBeNull();
    expect(main.querySelector('a[href="/en/casino"]')).not.toBeNull();
  });

  it('loads a lazy page on client navigation', async () => {
    const { t, router } = renderApp('/en/');
    await screen.findByRole('heading', { level: 1, name: t('pages:home.title') }, { timeout: 10_000 });
    await userEvent.click(within(await screen.findByRole('main')).getByRole('link', { name: t('pages:home.toLive') }));
    // The first import of a lazy page's modules is slow under Vitest (no bundle, cold transform): allow it 10 s.
    expect(
      await screen.findByRole('heading', { level: 1, name: t('pages:live.title') }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/live');
  });

  it('sends a guest from the office to the login page with a return address', async () => {
    const { t, router } = renderApp('/en/office');
    expect(
      await screen.findByRole('heading', { level: 1, name: t('pages:login.title') }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/en/login?returnTo=%2Fen%2Foffice',
    );
  });

  it('shows the 404 page inside the shell for an unknown address', async () => {
    const { t } = renderApp('/en/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: t('errors:notFound.title') })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the 500 message (error_page_message_500) inside the shell when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = () => {
      throw new Error('boom');
    };
    const routes: RouteObject[] = [
      {
        path: '/:lng',
        Component: Shell,
        children: [{ ErrorBoundary: RouteErrorPage, children: [{ index: true, Component: Failing }] }],
      },
    ];
    const { t } = renderApp('/en/', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: t('errors:page.title500') })).toBeInTheDocument();
    expect(screen.getByText(t('errors:page.message500'))).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
