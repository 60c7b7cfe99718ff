import { type Dictionary, isRtl, loadBackofficeCopy, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { StrictMode, useCallback, useEffect, useLayoutEffect, useState } from 'react';
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
  // Only the language shown is fetched (its own chunk); on a switch the page keeps the old copy until the new one is in.
  const [copy, setCopy] = useState<{ language: PlatformLanguage; dictionary: Dictionary } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadBackofficeCopy(language).then(
      (dictionary) => {
        if (current) setCopy({ language, dictionary });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [language]);
  useLayoutEffect(() => {
    if (!copy) return;
    document.documentElement.lang = copy.language;
    document.documentElement.dir = isRtl(copy.language) ? 'rtl' : 'ltr';
    document.title = copy.dictionary['backoffice']?.['app.name'] ?? document.title;
  }, [copy]);
  if (!copy) {
    // The page shell's own words (index.html) stay until the copy arrives; a failed load says so plainly.
    return failed ? <p role="alert">The console could not load. Check the connection and reload the page.</p> : null;
  }
  return (
    <ConsoleProviders
      language={copy.language}
      setLanguage={setLanguage}
      dictionary={copy.dictionary}
      queryClient={queryClient}
      api={api}
    >
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
