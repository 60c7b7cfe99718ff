/* eslint-disable @nx/enforce-module-boundaries -- test-only helper: it composes the providers of every layer the
   app composes (brand, theme, session), which no single library tag may import; see docs/adr/0236. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GUEST_SESSION, type Session, SessionProvider } from '@tessera/account/data-access-session';
import { type BrandPayload, BrandProvider } from '@tessera/shared/data-access-brand';
import { createTheme, GlobalStyle, TranslationsProvider } from '@tessera/shared/ui-theme';
import { createI18n, createPseudoI18n, isRtl, translator, type Translate } from '@tessera/shared/util-i18n';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { testBrandPayload } from './brand-fixture';

/** Options of {@link renderWithProviders}. */
export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The resolved brand (default: `testBrandPayload()`). */
  brand?: BrandPayload;
  /** The address to render at; the element is mounted on `path` (default `/:lng/*`). */
  route?: string;
  /** The route pattern the element is mounted on. */
  path?: string;
  /** The visitor (default: a guest). */
  session?: Session;
  /** Render real copy instead of the pseudo-language (default: pseudo, to expose untranslated text). */
  realLanguage?: boolean;
}

/** What {@link renderWithProviders} returns: Testing Library's result plus what a test needs to find things. */
export interface RenderWithProvidersResult extends RenderResult {
  /** Translate as the screen does (pseudo-language by default), for finding elements by accessible name. */
  t: Translate;
  /** A fresh QueryClient without retries, owned by this render. */
  queryClient: QueryClient;
  /** The memory router, to inspect or drive navigation. */
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders a component inside everything the shell provides: router, fresh QueryClient (no retries), brand,
 * theme, session and the pseudo-language.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const {
    brand = testBrandPayload(),
    route,
    path = '/:lng/*',
    session = GUEST_SESSION,
    realLanguage = false,
    ...rest
  } = options;
  const i18n = (realLanguage ? createI18n : createPseudoI18n)({
    language: brand.language,
    dictionary: brand.dictionary,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const theme = createTheme(brand.theme, { rtl: isRtl(brand.language) });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>outside {path}</p> },
    ],
    { initialEntries: [route ?? `/${brand.language}/`] },
  );
  const Wrapper = ({ children }: { children?: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <BrandProvider payload={brand} i18n={i18n}>
        <TranslationsProvider i18n={i18n}>
          <SessionProvider session={session}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              {children}
            </ThemeProvider>
          </SessionProvider>
        </TranslationsProvider>
      </BrandProvider>
    </QueryClientProvider>
  );
  const result = render(<RouterProvider router={router} />, { ...rest, wrapper: Wrapper });
  return { ...result, t: translator(i18n), queryClient, router };
}
