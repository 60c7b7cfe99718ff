import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Session, SessionProvider } from '@tessera/account/data-access-session';
import { type BrandPayload, BrandProvider, useLiveBrandPayload } from '@tessera/shared/data-access-brand';
import { createTheme, GlobalStyle, TranslationsProvider } from '@tessera/shared/ui-theme';
import { isRtl } from '@tessera/shared/util-i18n';
import type { I18n } from '@tessera/shared/util-i18n';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ThemeProvider } from 'styled-components';
import { RenderedConsentContext } from './consent/consent-context';

/** A QueryClient for one request (server) or one page (client); shared caches would leak users' data. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
}

const RenderYearContext = createContext<number>(new Date().getUTCFullYear());

/** The year of the server render: the footer prints it, so hydration on New Year's Eve still matches. */
export function useRenderYear(): number {
  return useContext(RenderYearContext);
}

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  brand: BrandPayload;
  session: Session;
  i18n: I18n;
  queryClient: QueryClient;
  /** The year the server rendered in (the client passes the one from the payload). */
  year?: number;
  /** The browser's page: keep the configuration current as the console publishes changes (ADR 0310). */
  liveConfig?: boolean;
  /** The consent cookie of the request the server rendered (the client passes the payload's): see ConsentProvider. */
  consent?: string | undefined;
  children?: ReactNode;
}

/** Everything a page needs around it: query cache, brand and translations, session, theme. Same tree on server and client. */
export function AppProviders({
  brand,
  session,
  i18n,
  queryClient,
  year,
  liveConfig = false,
  consent,
  children,
}: AppProvidersProps) {
  const theme = useMemo(() => createTheme(brand.theme, { rtl: isRtl(brand.language) }), [brand.theme, brand.language]);
  // Published console changes reach the open page without a reload (ADR 0310).
  const live = useLiveBrandPayload(brand, { enabled: liveConfig });
  return (
    <QueryClientProvider client={queryClient}>
      <BrandProvider payload={live} i18n={i18n}>
        <TranslationsProvider i18n={i18n}>
          <SessionProvider session={session}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              <RenderedConsentContext.Provider value={consent}>
                {year === undefined ? (
                  children
                ) : (
                  <RenderYearContext.Provider value={year}>{children}</RenderYearContext.Provider>
                )}
              </RenderedConsentContext.Provider>
            </ThemeProvider>
          </SessionProvider>
        </TranslationsProvider>
      </BrandProvider>
    </QueryClientProvider>
  );
}
