import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ApiClientProvider,
  createApiClient,
  createHttpClient,
  shouldRetryQuery,
  UnauthorizedError,
  type ApiClient,
} from '@tessera/shared/data-access-api';
import { createTheme, GlobalStyle, TranslationsProvider } from '@tessera/shared/ui-theme';
import { createI18n, type Dictionary, isRtl, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ThemeProvider } from 'styled-components';
import { consoleKeys } from '../api/console.queries';
import { CONSOLE_THEME } from './console-theme';

/** The console's API client: same origin, cookie session; the browser's Origin header passes the CSRF check. */
export function createConsoleApiClient(fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({ http: createHttpClient(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/**
 * The console's query cache. A 401 from any call means the session ended (15 minutes idle, signed out elsewhere):
 * the operator query is then fetched again, and the shell, finding it refused too, sends the operator to sign in.
 */
export function createConsoleQueryClient(): QueryClient {
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (!(error instanceof UnauthorizedError)) return;
    if (key && key.join('/') === consoleKeys.me().join('/')) return;
    void client.invalidateQueries({ queryKey: consoleKeys.me() });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The page language and the way to change it. */
export interface ConsoleLanguage {
  language: PlatformLanguage;
  setLanguage: (language: PlatformLanguage) => void;
}

const ConsoleLanguageContext = createContext<ConsoleLanguage | null>(null);

/** The console's language and its setter (the shell's switcher). */
export function useConsoleLanguage(): ConsoleLanguage {
  const value = useContext(ConsoleLanguageContext);
  if (!value) throw new Error('useConsoleLanguage needs <ConsoleProviders>');
  return value;
}

/** Props of {@link ConsoleProviders}. */
export interface ConsoleProvidersProps extends ConsoleLanguage {
  /** The language's copy (`loadBackofficeCopy(language)`; tests pass the whole dictionaries' language). */
  dictionary: Dictionary;
  queryClient: QueryClient;
  api: ApiClient;
  children?: ReactNode;
}

/** Query cache, API client, translations (own namespace + the ui library's `common`), theme with direction. */
export function ConsoleProviders({
  language,
  setLanguage,
  dictionary,
  queryClient,
  api,
  children,
}: ConsoleProvidersProps) {
  const i18n = useMemo(() => createI18n({ language, dictionary }), [language, dictionary]);
  const theme = useMemo(() => createTheme(CONSOLE_THEME, { rtl: isRtl(language) }), [language]);
  const languageValue = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <ConsoleLanguageContext.Provider value={languageValue}>
          <TranslationsProvider i18n={i18n}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              {children}
            </ThemeProvider>
          </TranslationsProvider>
        </ConsoleLanguageContext.Provider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
