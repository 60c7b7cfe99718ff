// The platform renderer of the live-feed benchmark: the live list the live page renders (LiveGameList from
// libs/sportsbook/feature-live), inside the providers the app gives it, fed through the client's real push path:
// a socket's text messages -> createLiveConnection (JSON parse, sequence check, one flush per animation frame) ->
// LiveStore -> the rows' own subscriptions. Only the socket is a stand-in: it is handed the same wire text the
// server's push channel sends.
/* eslint-disable @nx/enforce-module-boundaries -- a benchmark page composes the browser layers the way apps/web does (feature-live README, "Off-screen blocks hold their updates"). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '@tessera/shared/data-access-api';
import { BrandProvider, type BrandPayload } from '@tessera/shared/data-access-brand';
import { createTheme, GlobalStyle, TranslationsProvider } from '@tessera/shared/ui-theme';
import { resolveSiteConfig } from '@tessera/shared/util-config';
import { createI18n, platformDictionaries } from '@tessera/shared/util-i18n';
import {
  LiveStore,
  SportsbookProvider,
  useLiveFeed,
  type FeedGameRow,
  type SocketLike,
} from '@tessera/sportsbook/data-access-feed';
import { LiveGameList } from '@tessera/sportsbook/feature-live';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { OUTCOME_CODES, marketIdOf, type BenchGame } from './stream';

/** The bench brand: platform defaults, English, decimal odds. */
function benchBrand(): BrandPayload {
  const { config } = resolveSiteConfig([
    {
      name: 'brand',
      file: 'bench/brand.json',
      data: {
        global: {
          brandName: 'Bench',
          languages: ['en'],
          mainLanguage: { id: 1, title: 'English', code: 'en', locale: 'en_GB' },
        },
      },
    },
  ]);
  return {
    brandId: 'bench',
    country: 'gb',
    language: 'en',
    config,
    theme: {
      mode: 'light',
      palette: {
        primary: '#0a5cff',
        secondary: '#e8eefc',
        accent: '#ffd400',
        background: '#f4f6fa',
        surface: '#ffffff',
        text: '#1a1f2b',
        success: '#1f9d55',
        warning: '#f59e0b',
        danger: '#dc2626',
      },
      fonts: { body: 'system-ui, sans-serif', heading: 'system-ui, sans-serif' },
      radii: { small: 4, medium: 8, large: 16 },
      logo: { src: 'assets/logo.svg', alt: 'Bench', width: 120, height: 32 },
    },
    dictionary: platformDictionaries.en,
  };
}

const CHAMPS = 40;

/** A benchmark game as the feed's Get1x2_VZip row: teams, live state and the 1X2 market with outcome ids. */
export function feedRow(g: BenchGame, index: number): FeedGameRow {
  const [home, away] = g.name.split(' – ');
  const marketId = marketIdOf(g.id);
  const champId = 1000 + (index % CHAMPS);
  return {
    id: g.id,
    kind: 1,
    sportId: 1,
    sportName: 'Football',
    champId,
    champName: `League ${champId}`,
    countryId: 1,
    home: { id: g.id * 10 + 1, name: home ?? 'Home' },
    away: { id: g.id * 10 + 2, name: away ?? 'Away' },
    startsAt: 1_800_000_000,
    status: 'live',
    live: {
      period: 1,
      clockSeconds: 600 + (index % 2400),
      clockRunning: true,
      score: { home: index % 3, away: index % 2 },
      periodScores: [],
    },
    mainMarket: {
      id: marketId,
      type: '1x2',
      line: null,
      status: 'open',
      suspendReason: null,
      outcomes: OUTCOME_CODES.map((code, i) => ({
        id: `${marketId}:${code}`,
        code,
        nameKey: `feed:outcome.${code}`,
        odds: g.odds[i] ?? 2,
        status: 'open' as const,
      })),
    },
    marketsCount: 20,
  };
}

/** The socket stand-in: open at once, says hello like the server, then carries whatever text the stream hands it. */
class BenchSocket implements SocketLike {
  readyState = 1;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(): void {
    // subscribe commands: the bench stream sends the whole live list anyway
  }
  close(): void {
    this.readyState = 3;
  }
  receive(text: string): void {
    this.onmessage?.({ data: text });
  }
}

/** What the live page does besides the list: follow the live feed over the push channel. */
function FollowLive() {
  useLiveFeed({ live: true });
  return null;
}

/** Mounts the platform's live list with `games`; returns the function that delivers one wire message. */
export function mountPlatformList(root: HTMLElement, games: BenchGame[], version: number): (text: string) => void {
  const brand = benchBrand();
  const rows = games.map(feedRow);
  const store = new LiveStore();
  store.seed(rows, version);
  let socket: BenchSocket | undefined;
  const createSocket = (): SocketLike => {
    socket = new BenchSocket();
    const s = socket;
    queueMicrotask(() => s.receive(JSON.stringify({ type: 'hello', seq: 1, version, maxGames: 200 })));
    return s;
  };
  const queryClient = new QueryClient();
  const i18n = createI18n({ language: 'en', dictionary: brand.dictionary });
  const theme = createTheme(brand.theme, { rtl: false });
  const client = {
    send: () => Promise.reject(new Error('the bench makes no API calls')),
    trySend: () => Promise.resolve(undefined),
  } as unknown as ApiClient;
  const router = createMemoryRouter(
    [
      {
        path: '/:lng/live',
        element: (
          <SportsbookProvider client={client} store={store} createSocket={createSocket}>
            <FollowLive />
            <LiveGameList games={rows} />
          </SportsbookProvider>
        ),
      },
    ],
    { initialEntries: ['/en/live'] },
  );
  flushSync(() =>
    createRoot(root).render(
      <QueryClientProvider client={queryClient}>
        <BrandProvider payload={brand} i18n={i18n}>
          <TranslationsProvider i18n={i18n}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              <RouterProvider router={router} />
            </ThemeProvider>
          </TranslationsProvider>
        </BrandProvider>
      </QueryClientProvider>,
    ),
  );
  return (text) => {
    if (!socket) throw new Error('the live list did not open its push channel');
    socket.receive(text);
  };
}
