import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import type { CasinoCatalogueResponse } from '@tessera/shared/contract-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CasinoLobby } from './casino-lobby';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => preloadCasinoCopy('en'));

type Route = (body: Record<string, unknown>, method: string) => { status?: number; body?: unknown };

const game = (id: string, kind: 'slot' | 'roulette' | 'crash' | 'blackjack', categories: string[], tags: string[]) => ({
  id,
  kind,
  nameKey: `casino:games.${id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}.name`,
  helpKey: 'casino:games.crash.help',
  provider: 1,
  categories,
  tags,
  isNew: false,
  rtpPercent: '97.00',
  rtpSource: 'exact' as const,
  maxWinMultiple: 1000,
  demo: true,
});

const CATALOGUE: CasinoCatalogueResponse = {
  enabled: true,
  demo: true,
  categories: [
    { slug: 'slots', langKey: 'casino:category.slots', order: 30 },
    { slug: 'roulette', langKey: 'casino:category.roulette', order: 50 },
    { slug: 'favourite', langKey: 'casino:category.favourite', order: 900 },
    { slug: 'all', langKey: 'casino:category.all', order: 1000 },
  ],
  providers: [{ id: 1, slug: 'tessera', name: 'Tessera Originals', games: 3 }],
  tags: [
    { id: 'free-spins', langKey: 'casino:tags.freeSpins' },
    { id: 'table', langKey: 'casino:tags.table' },
  ],
  games: [
    game('aurora-gems', 'slot', ['slots'], ['free-spins']),
    game('harbour-fruits', 'slot', ['slots'], ['free-spins']),
    game('european-roulette', 'roulette', ['roulette'], ['table']),
  ],
};

function render(routes: Record<string, Route>, signedIn = true) {
  const seen: { path: string; method: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
    seen.push({ path: url.pathname, method, body });
    const answer = routes[url.pathname]?.(body, method) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoLobby signedIn={signedIn} />
    </ApiClientProvider>,
    { brand: testBrandPayload({ language: 'en' }), realLanguage: true },
  );
  return { seen };
}

// userEvent typing and the first render of a lazy library take seconds on a loaded CI machine.
describe('CasinoLobby', { timeout: 20_000 }, () => {
  it('lists the games, narrows them by search, category and tag, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render({
      '/web-api/casino/catalogue': () => ({ body: CATALOGUE }),
      '/web-api/casino/favourites': () => ({ body: { gameIds: [] } }),
    });
    const grid = await screen.findByRole('list', { name: 'Games' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'harb');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(within(grid).getByRole('link', { name: 'Play Harbour Fruits' })).toHaveAttribute(
      'href',
      '/en/casino/game/harbour-fruits',
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Search games' }));
    await user.click(screen.getByRole('button', { name: 'Roulette' }));
    expect(screen.getByRole('button', { name: 'Roulette' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list', { name: 'Games' })).getAllByRole('listitem')).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'free-spins');
    expect(screen.getByText('No game matches your search and filters.')).toBeVisible();
  });

  it('keeps favourites on the server and shows them under Favourites', async () => {
    const user = userEvent.setup();
    let favourites: string[] = [];
    const { seen } = render({
      '/web-api/casino/catalogue': () => ({ body: CATALOGUE }),
      '/web-api/casino/favourites': () => ({ body: { gameIds: favourites } }),
      '/web-api/casino/favourites/aurora-gems': (body) => {
        favourites = body['favourite'] ? ['aurora-gems'] : [];
        return { body: { gameIds: favourites } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Aurora Gems to favourites' }));
    expect(await screen.findByRole('button', { name: 'Remove Aurora Gems from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(seen.some((r) => r.method === 'PUT' && r.body['favourite'] === true)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Favourites' }));
    const grid = screen.getByRole('list', { name: 'Games' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(within(grid).getByRole('heading', { name: 'Aurora Gems' })).toBeVisible();
  });

  it('offers guests demo play only, without favourites; an error offers a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    render(
      {
        '/web-api/casino/catalogue': () => (fail ? { status: 500, body: { message: 'down' } } : { body: CATALOGUE }),
      },
      false,
    );
    expect(await screen.findByText('The games could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const grid = await screen.findByRole('list', { name: 'Games' });
    expect(within(grid).queryByRole('link', { name: /^Play / })).toBeNull();
    expect(within(grid).getByRole('link', { name: 'Demo Aurora Gems' })).toHaveAttribute(
      'href',
      '/en/casino/game/aurora-gems?mode=demo',
    );
    expect(screen.queryByRole('button', { name: 'Favourites' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recently played' })).toBeNull();
    expect(screen.queryByRole('button', { name: /favourites$/ })).toBeNull();
  });

  it('lists recently played games newest first from the casino history, and marks new games', async () => {
    const user = userEvent.setup();
    const catalogue = {
      ...CATALOGUE,
      games: CATALOGUE.games.map((g) => (g.id === 'european-roulette' ? { ...g, isNew: true } : g)),
    };
    const { seen } = render({
      '/web-api/casino/catalogue': () => ({ body: catalogue }),
      '/web-api/casino/favourites': () => ({ body: { gameIds: [] } }),
      '/web-api/casino/history': () => ({
        body: {
          rounds: [
            { roundId: 'r3', gameId: 'european-roulette' },
            { roundId: 'r2', gameId: 'aurora-gems' },
            { roundId: 'r1', gameId: 'european-roulette' },
          ],
          next: null,
        },
      }),
    });
    const grid = await screen.findByRole('list', { name: 'Games' });
    const roulette = within(grid).getByRole('article', { name: 'European Roulette' });
    expect(within(roulette).getByText('New')).toBeVisible();
    expect(within(within(grid).getByRole('article', { name: 'Aurora Gems' })).queryByText('New')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Recently played' }));
    const names = within(screen.getByRole('list', { name: 'Games' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(names).toEqual(['European Roulette', 'Aurora Gems']);
    expect(seen.some((r) => r.path === '/web-api/casino/history')).toBe(true);
  });

  it('says so under Recently played when nothing was played yet', async () => {
    const user = userEvent.setup();
    render({
      '/web-api/casino/catalogue': () => ({ body: CATALOGUE }),
      '/web-api/casino/favourites': () => ({ body: { gameIds: [] } }),
      '/web-api/casino/history': () => ({ body: { rounds: [], next: null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Recently played' }));
    expect(screen.getByText('You have not played a game yet.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Games' })).toBeNull();
  });
});
