import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CasinoAnyGamePage } from './external-game-page';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => preloadCasinoCopy('en'));

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

function render(signedIn: boolean, responsible: { showSessionTimer: boolean; showNetPosition: boolean } = OFF) {
  const seen: string[] = [];
  const session = {
    startedAt: '2026-11-26T10:00:00.000Z',
    acknowledgedAt: '2026-11-26T10:00:00.000Z',
    nextCheckAt: null,
    minutesPlayed: 12,
    wagered: 0,
    netPosition: net.value,
    currency: 'EUR',
    serverTime: '2026-11-26T10:12:05.000Z',
    show: { sessionTimer: true, netPosition: true },
  };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    seen.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const body =
      url.pathname === '/web-api/casino/catalogue'
        ? catalogue
        : url.pathname === '/web-api/responsible/session'
          ? { ...session, netPosition: net.value }
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
    {
      brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' }, responsible } }),
      realLanguage: true,
    },
  );
  return { seen };
}

const OFF = { showSessionTimer: false, showNetPosition: false };
/** The net position the session call answers (the test moves it as the provider's rounds would). */
const net = { value: 0 };

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

  it('UKGC-NP-1: session time and net position in the frame as for in-house games, read again after each provider round', async () => {
    net.value = 0;
    render(true, { showSessionTimer: true, showNetPosition: true });
    const frame = (await screen.findByTitle('Lucky Lanterns by Northlight Games')) as HTMLIFrameElement;
    const line = await screen.findByRole('group', { name: 'Your session' });
    expect(within(line).getByText(/^Session time 0:12:0\d$/)).toBeVisible();
    expect(within(line).getByText(/^Net position .*0\.00/)).toBeVisible();
    post({ type: 'tessera:balance', balance: 5000, currency: 'EUR' }, PROVIDER_ORIGIN, frame.contentWindow);
    // A round in the provider's game (stake 1.00, no win): the line follows the server's figure.
    net.value = -1;
    post(
      { type: 'tessera:round', roundId: 'nl-1', stake: 100, win: 0, balance: 4900 },
      PROVIDER_ORIGIN,
      frame.contentWindow,
    );
    await waitFor(() => expect(within(line).getByText(/^Net position .*-.*1\.00/)).toBeVisible());
    expect(within(screen.getByRole('status', { name: 'Balance' })).getByText(/49\.00/)).toBeVisible();
  });

  it('no session line where the site does not ask for one, nor for a guest', async () => {
    render(true);
    await screen.findByTitle('Lucky Lanterns by Northlight Games');
    expect(screen.queryByRole('group', { name: 'Your session' })).toBeNull();
  });

  it('asks a guest to sign in and opens nothing', async () => {
    const { seen } = render(false);
    expect(await screen.findByText(/Sign in to play this game/)).toBeVisible();
    expect(screen.queryByTitle(/by Northlight Games/)).toBeNull();
    expect(seen.some((s) => s.includes('external-launch'))).toBe(false);
  });
});
