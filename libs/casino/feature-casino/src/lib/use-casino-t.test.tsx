import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { CasinoLobby } from './casino-parts';
import { preloadCasinoCopy, useCasinoT } from './use-casino-t';

function Title() {
  const { tc } = useCasinoT();
  return <h1>{tc('casino:fair.title')}</h1>;
}

describe('useCasinoT', () => {
  it('waits for the copy of the page language (a skeleton meanwhile), never showing a key or another language', async () => {
    // German is loaded by no other test of this file: the first render finds it missing.
    const seen = new Set<string>();
    const host = document.createElement('div');
    document.body.append(host);
    const watch = new MutationObserver(() => seen.add(host.textContent ?? ''));
    watch.observe(host, { childList: true, subtree: true, characterData: true });
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={<p>loading</p>}>
          <Title />
        </Suspense>,
        { brand: testBrandPayload({ language: 'de' }), realLanguage: true, container: host },
      );
    });
    expect(await screen.findByRole('heading', { name: 'Nachweislich fair' })).toBeInTheDocument();
    watch.disconnect();
    expect([...seen]).toEqual(['loading', 'Nachweislich fair']);
  });

  it('reads a language whose copy has loaded at once, as the server and the hydration do', async () => {
    await preloadCasinoCopy('fa');
    const view = renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <Title />
      </Suspense>,
      { brand: testBrandPayload({ language: 'fa' }), realLanguage: true },
    );
    expect(view.container.textContent).toBe('منصفانه و اثبات‌پذیر');
  });
});

// An API that never answers: the lobby stays on its own loading state.
const silentClient = createApiClient({
  http: createHttpClient({ fetch: () => new Promise<Response>(() => undefined), baseUrl: 'http://localhost/' }),
});

describe('casino parts', () => {
  const renderLobby = () =>
    renderWithProviders(
      <Suspense fallback={<p>loading part</p>}>
        <ApiClientProvider client={silentClient}>
          <CasinoLobby signedIn={false} />
        </ApiClientProvider>
      </Suspense>,
      { brand: testBrandPayload({ language: 'en' }), realLanguage: true },
    );

  it('a part suspends until its chunk has loaded; once loaded it renders at once', async () => {
    await preloadCasinoCopy('en');
    const texts: string[] = [];
    const view = renderLobby();
    texts.push(view.container.textContent ?? '');
    await CasinoLobby.preload();
    view.unmount();
    const again = renderLobby();
    texts.push(again.container.textContent ?? '');
    expect(texts[0]).toBe('loading part');
    expect(texts[1]).not.toContain('loading part');
    expect(again.container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
