import { hydrate as hydrateQueries, type QueryClient } from '@tanstack/react-query';
import { parseSession } from '@tessera/account/data-access-session';
import { createI18n } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './app/app-providers';
import { createRoutes } from './app/routes';
import { render } from './entry-server';
import { reviveQueries, reviveRouterState } from './hydration';
import type { TesseraPayload } from './payload';
import type { SsrRequest } from '@tessera/shared/contract-api';

vi.setConfig({ testTimeout: 20_000 });

// Each test's hydrated page, taken down after it: a root left mounted keeps its queries retrying and its feed polling
// through the global fetch, which a later test (or, with the dom project's shared modules, a later file) stubs.
const mounted: Array<{ root: Root; queryClient: QueryClient; container: HTMLElement }> = [];
afterEach(() => {
  for (const { root, queryClient, container } of mounted.splice(0)) {
    act(() => root.unmount());
    queryClient.clear();
    container.remove();
  }
  vi.unstubAllGlobals();
});

// Hydrates the server's HTML the way entry-client does and reports every recoverable error React raises
// (a hydration mismatch makes React throw away the server HTML and render again on the client).
async function hydrateServerHtml(url: string, language: 'en' | 'ar', api?: SsrRequest['api']) {
  const brand = testBrandPayload({ language, languages: [language, 'en'] });
  const result = await render({
    url,
    brand,
    session: { status: 'guest' },
    assets: { scripts: [], styles: [] },
    ...(api ? { api } : {}),
  });
  const payload = JSON.parse(
    /<script type="application\/json" id="tessera-payload">(.*?)<\/script>/.exec(result.html)?.[1] ?? 'null',
  ) as TesseraPayload;
  const container = document.createElement('div');
  container.innerHTML = /<div id="root">([\s\S]*)<\/div>(?:<link [^>]*>)*<script/.exec(result.html)?.[1] ?? '';
  document.body.append(container);
  const serverHeader = container.querySelector('header');

  const queryClient = createQueryClient();
  hydrateQueries(queryClient, reviveQueries(payload.queries));
  // The configuration, theme and dictionary come from the site configuration beside the document (the brand the
  // server rendered with); the payload names which.
  expect(payload.brand).toEqual({ brandId: brand.brandId, country: brand.country, language: brand.language });
  const routes = createRoutes({ session: parseSession(payload.session), config: brand.config, queryClient });
  for (const { route } of matchRoutes(routes, url) ?? []) {
    if (typeof route.lazy === 'function') Object.assign(route, { ...(await route.lazy()), lazy: undefined });
  }
  const hydrationData = reviveRouterState(payload.router);
  const router = createMemoryRouter(routes, { initialEntries: [url], ...(hydrationData ? { hydrationData } : {}) });
  const errors: unknown[] = [];
  const i18n = createI18n({ language: brand.language, dictionary: brand.dictionary });
  await act(async () => {
    const root = hydrateRoot(
      container,
      <AppProviders
        brand={brand}
        session={parseSession(payload.session)}
        i18n={i18n}
        queryClient={queryClient}
        year={payload.year}
      >
        <RouterProvider router={router} />
      </AppProviders>,
      { onRecoverableError: (error) => errors.push(error) },
    );
    mounted.push({ root, queryClient, container });
  });
  return { errors, sameHeader: container.querySelector('header') === serverHeader, container, status: result.status };
}

describe('hydration of the server HTML', () => {
  it.each([
    ['/en/', 'en'],
    ['/ar/', 'ar'],
    ['/en/line', 'en'],
    ['/en/information/about', 'en'],
    ['/en/nowhere', 'en'],
  ] as const)('%s hydrates without a mismatch, keeping the server DOM', async (url, language) => {
    const { errors, sameHeader } = await hydrateServerHtml(url, language);
    expect(errors).toEqual([]);
    expect(sameHeader).toBe(true);
  });

  it.each(['/en/game/999999999', '/en/champ/424242', '/en/statisticpopup/game/1/999999999/main'])(
    '%s, unknown to the feed, is served 404 with its not-found state and hydrates that state without a mismatch',
    async (url) => {
      vi.stubGlobal(
        'WebSocket',
        class {
          constructor() {
            throw new Error('no push channel here');
          }
        },
      );
      const notFound = {
        fetch: async () =>
          new Response(JSON.stringify({ message: 'Not found' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      };
      const { errors, container, status } = await hydrateServerHtml(url, 'en', notFound);
      expect(status).toBe(404);
      expect(errors).toEqual([]);
      expect(container.textContent).toMatch(/This (game|championship) is not available\./);
    },
  );
});
