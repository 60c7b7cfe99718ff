import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CasinoAnyGamePage } from './external-game-page';

const PROVIDER_ORIGIN = 'http://provider.example:5243';
const external = {
  id: 'northlight-lucky-lanterns',
  kind: 'slot',
  nameKey: 'casino:external.northlightLuckyLanterns.name',
  helpKey: 'casino:external.help',
  name: 'Lucky Lanterns',
  external: true,
  provider: 2,
  categories: ['slots'],
  tags: [],
  isNew: true,
  rtpPercent: '94.52',
  rtpSource: 'published',
  maxWinMultiple: 25420,
  demo: false,
};
const catalogue = {
  enabled: true,
  demo: true,
  categories: [],
  providers: [
    { id: 1, slug: 'tessera', name: 'Tessera Originals', games: 0 },
    { id: 2, slug: 'northlight', name: 'Northlight Games', games: 1 },
  ],
  tags: [],
  games: [external],
};

function render(signedIn: boolean) {
  const seen: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    seen.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const body =
      url.pathname === '/web-api/casino/catalogue'
        ? catalogue
        : url.pathname === `/web-api/casino/games/${external.id}/external-launch`
          ? {
              url: `${PROVIDER_ORIGIN}/launch?token=t&game=lucky-lanterns`,
              origin: PROVIDER_ORIGIN,
              provider: { id: 2, slug: 'northlight', name: 'Northlight Games' },
              expiresAt: '2026-11-26T12:00:00.000Z',
            }
          : undefined;
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoAnyGamePage gameId={external.id} demo={false} signedIn={signedIn} />
    </ApiClientProvider>,
    { brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' } } }), realLanguage: true },
  );
  return { seen };
}

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('ExternalGamePage', { timeout: 20_000 }, () => {
  it("frames the provider's launch URL and takes the balance only from that frame at the provider's exact origin", async () => {
    const { seen } = render(true);
    expect(await screen.findByRole('heading', { name: 'Lucky Lanterns' })).toBeVisible();
    expect(screen.getByText('by Northlight Games')).toBeVisible();
    const frame = (await screen.findByTitle('Lucky Lanterns by Northlight Games')) as HTMLIFrameElement;
    expect(frame.src).toBe(`${PROVIDER_ORIGIN}/launch?token=t&game=lucky-lanterns`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(seen).toContain(`POST /web-api/casino/games/${external.id}/external-launch`);
    // No in-house launch for an external game.
    expect(seen.some((s) => s.endsWith(`/games/${external.id}/launch`))).toBe(false);

    const balance = screen.getByRole('status', { name: 'Balance' });
    const message = { type: 'tessera:balance', balance: 1234, currency: 'EUR' };
    // Another origin (even one that differs only in port), or the right origin from another window, is ignored.
    post(message, 'http://provider.example:5244', frame.contentWindow);
    post(message, PROVIDER_ORIGIN, window);
    expect(within(balance).queryByText(/12\.34/)).toBeNull();
    post(message, PROVIDER_ORIGIN, frame.contentWindow);
    expect(await within(balance).findByText(/12\.34/)).toBeVisible();
    expect(screen.getByText(/Return to player 94\.52%/)).toBeInTheDocument();
  });

  it('asks a guest to sign in and opens nothing', async () => {
    const { seen } = render(false);
    expect(await screen.findByText(/Sign in to play this game/)).toBeVisible();
    expect(screen.queryByTitle(/by Northlight Games/)).toBeNull();
    expect(seen.some((s) => s.includes('external-launch'))).toBe(false);
  });
});
