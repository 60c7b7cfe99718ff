import { parseSession } from '@tessera/account/data-access-session';
import { fetchBrandPayload } from '@tessera/shared/data-access-brand';
import { createI18n } from '@tessera/shared/util-i18n';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/app-providers';
import { createRoutes } from './app/routes';
import { reviveQueries, reviveRouterState } from './hydration';
import { readPayload } from './payload';

// React's client renderer (about 60 KB gzip) is a chunk of its own, fetched from the start but evaluated in a task of
// its own: evaluated with the rest of the entry, it made one task of 150-230 ms on a slowed phone CPU right after the
// first paint, the largest part of the line page's blocking time (apps/web README, "Start-up blocking time").
const reactDomClient = import('react-dom/client');

// Lazy routes the server rendered must be loaded before hydrating, or the first client render would differ.
async function loadMatchedLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// Ends the current task so the browser can paint and handle input: the steps before hydration (dictionary, query
// cache, router) together make one long task on a slowed phone CPU; split, none of them is long. See the apps/web README, "Start-up blocking time".
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The document imports this module once its HTML is painted (document.ts, startAfterFirstPaint), so nothing here runs
// before the first frame.
async function hydrate(): Promise<void> {
  const payload = readPayload(document);
  const container = document.getElementById('root');
  if (!payload || !container) throw new Error('config is absent');
  // Configuration, theme and dictionary come from the site configuration the document preloaded (the answer the page
  // revalidates every two seconds after): not in the document, where their 21 KB delayed the first paint.
  const brandLoaded = fetchBrandPayload(payload.brand);
  const session = parseSession(payload.session);
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, reviveQueries(payload.queries));
  const brand = await brandLoaded;
  const i18n = createI18n({ language: brand.language, dictionary: brand.dictionary });
  await yieldToBrowser();
  const routes = createRoutes({ session, config: brand.config, queryClient });
  await loadMatchedLazyRoutes(routes);
  const hydrationData = reviveRouterState(payload.router);
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
  const { hydrateRoot } = await reactDomClient;
  await yieldToBrowser();
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of hydrating the
  // whole page in one task (one long task of several hundred ms on a slowed phone CPU); react-router's own client
  // entry does the same. A click during hydration is replayed once its part of the page has hydrated. See the apps/web README, "Start-up blocking time".
  startTransition(() => {
    hydrateRoot(
      container,
      <AppProviders
        brand={brand}
        session={session}
        i18n={i18n}
        queryClient={queryClient}
        year={payload.year}
        consent={payload.consent}
        liveConfig
      >
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

void hydrate();
