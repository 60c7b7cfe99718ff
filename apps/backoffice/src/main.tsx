import { backofficeDictionaries, isRtl, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { StrictMode, useCallback, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './app/console-language';
import { ConsoleProviders, createConsoleApiClient, createConsoleQueryClient } from './app/console-providers';
import { CONSOLE_BASENAME, createConsoleRoutes } from './app/routes';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const queryClient = createConsoleQueryClient();
const api = createConsoleApiClient();
const router = createBrowserRouter(createConsoleRoutes(), { basename: CONSOLE_BASENAME });

function ConsoleApp() {
  const [language, setLanguageState] = useState<PlatformLanguage>(() =>
    pickLanguage(storedLanguage(), navigator.languages ?? [navigator.language]),
  );
  const setLanguage = useCallback((next: PlatformLanguage) => {
    setLanguageState(next);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }, []);
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
    document.title = backofficeDictionaries[language]['backoffice']?.['app.name'] ?? document.title;
  }, [language]);
  return (
    <ConsoleProviders language={language} setLanguage={setLanguage} queryClient={queryClient} api={api}>
      <RouterProvider router={router} />
    </ConsoleProviders>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('the console page has no #root element');
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
