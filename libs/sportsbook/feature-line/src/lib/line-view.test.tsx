import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import {
  coefficientFormatPreference,
  favoriteGamesPreference,
  LiveStore,
  searchHistoryPreference,
  SportsbookProvider,
  type FeedGameRow,
} from '@tessera/sportsbook/data-access-feed';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FavoritesView } from './favorites-view';
import { feedGame } from '@tessera/sportsbook/testing-feed';
import { LineView } from './line-view';
import { SearchView } from './search-view';

// The kit's pre-match row (1X2 at 2.50 / 3.25 / 2.75) in a championship of the test's choosing.
function game(id: number, champId: number, champName: string, home: string, away: string): FeedGameRow {
  return feedGame(id, home, away, { champId, champName, marketsCount: 30 });
}

const games = [game(1, 10, 'Premier League', 'Arsenal', 'Chelsea'), game(2, 11, 'Bundesliga', 'Bayern', 'Dortmund')];
const sports = {
  kind: 3,
  version: 1,
  sports: [
    { id: 1, name: 'Football', kind: 'regular', gamesCount: 2, champsCount: 2 },
    { id: 40, name: 'Cybersport', kind: 'cyber', gamesCount: 3, champsCount: 1 },
  ],
};

const brand = testBrandPayload({
  language: 'en',
  config: { betting: { coefficientFormats: [0, 1, 2], defaultCoefficientFormat: 0 } },
});

function setup(ui: ReactNode, answer: (url: string, args: Record<string, unknown>) => unknown) {
  const send = vi.fn(async (call: { url: string }, args: Record<string, unknown>) => answer(call.url, args));
  const client = { send, trySend: vi.fn() } as unknown as ApiClient;
  const view = renderWithProviders(
    <SportsbookProvider client={client} store={new LiveStore()} createSocket={null}>
      {ui}
    </SportsbookProvider>,
    { brand, realLanguage: true, route: '/en/line' },
  );
  return { ...view, send };
}

const feed = (url: string) => (url.endsWith('GetSportsShortZip') ? sports : { kind: 3, version: 1, games });

afterEach(() => {
  coefficientFormatPreference.reset();
  favoriteGamesPreference.reset();
  searchHistoryPreference.reset();
  window.localStorage.clear();
});

describe('LineView', () => {
  it('shows the sports menu, championships and games with main odds of the first sport', async () => {
    const { send } = setup(<LineView />, feed);
    expect(await screen.findByRole('heading', { name: /Premier League/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Bundesliga/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Match result, X, 3.25' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sports' })).toHaveTextContent('Football');
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/service-api/LineFeed/Get1x2_VZip' }),
      expect.objectContaining({ sport: 1, lng: 'en' }),
      expect.anything(),
    );
  });

  it('switches every price to the chosen odds format and keeps the choice', async () => {
    const user = userEvent.setup();
    setup(<LineView />, feed);
    await screen.findByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 2.50' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Odds format' }), 'fractional');
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 6/4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bayern – Dortmund, Match result, 2, 7/4' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tessera:coefficientFormat') ?? '{}')).toMatchObject({
      value: 'fractional',
    });
  });

  it('limits the view to cyber sports when given the cyber filter', async () => {
    const { send } = setup(<LineView filter={(s) => s.kind === 'cyber'} />, feed);
    await screen.findByRole('heading', { name: /Premier League/ });
    expect(within(screen.getByRole('navigation', { name: 'Sports' })).queryByText(/Football/)).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/service-api/LineFeed/Get1x2_VZip' }),
      expect.objectContaining({ sport: 40 }),
      expect.anything(),
    );
  });

  it('lists the first page of a long line and adds a page while the shown games stay', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 50 }, (_, i) => game(100 + i, 10, 'Premier League', `Home ${i}`, `Away ${i}`));
    const { send } = setup(<LineView />, (url, args) =>
      url.endsWith('GetSportsShortZip')
        ? { ...sports, sports: [{ ...sports.sports[0], gamesCount: 50 }] }
        : { kind: 3, version: 1, games: many.slice(0, Number(args['count'])) },
    );
    // Text queries: role queries over hundreds of odds buttons are slow in jsdom.
    expect(await screen.findByText('Home 39 – Away 39')).toBeInTheDocument();
    expect(screen.queryByText('Home 40 – Away 40')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more games (40 of 50)' }));
    expect(await screen.findByText('Home 49 – Away 49')).toBeInTheDocument();
    expect(screen.getByText('Home 0 – Away 0')).toBeInTheDocument();
    // The whole line is shown: no button promises more.
    expect(screen.queryByText(/Show more games/)).not.toBeInTheDocument();
    const counts = send.mock.calls
      .filter(([call]) => call.url === '/service-api/LineFeed/Get1x2_VZip')
      .map(([, args]) => args['count']);
    expect(counts).toEqual([40, 80]);
  }, 20_000);

  it('says so when the line is empty', async () => {
    setup(<LineView />, (url) =>
      url.endsWith('GetSportsShortZip') ? { kind: 3, version: 1, sports: [] } : { kind: 3, version: 1, games: [] },
    );
    expect(await screen.findByText('No games to bet on right now.')).toBeInTheDocument();
  });
});

describe('favourites', () => {
  it('stars a game, keeps it in storage and lists it on the favourites view', async () => {
    const user = userEvent.setup();
    const first = setup(<LineView />, feed);
    await user.click(await screen.findByRole('button', { name: 'Add Arsenal – Chelsea to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove Arsenal – Chelsea from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(window.localStorage.getItem('tessera:favoriteGames') ?? '{}')).toMatchObject({ value: [1] });
    first.unmount();

    const { send } = setup(<FavoritesView />, (url) => ({
      kind: 3,
      version: 1,
      games: url.includes('LineFeed') ? [games[0]] : [],
    }));
    expect(await screen.findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/service-api/LiveFeed/GetFavoritesZip' }),
      expect.objectContaining({ games: [1] }),
      expect.anything(),
    );
  });

  it('invites the player to star something when there are no favourites', () => {
    setup(<FavoritesView />, feed);
    expect(screen.getByText(/No favourites yet/)).toBeInTheDocument();
  });
});

describe('SearchView', () => {
  it('cuts a long text to 100 characters, searches it and records it in the history', async () => {
    const { send } = setup(<SearchView initialText={'x'.repeat(140)} />, () => ({
      kind: 3,
      version: 1,
      text: '',
      games: [],
      champs: [],
    }));
    expect(await screen.findByText(/Nothing found/)).toBeInTheDocument();
    const args = send.mock.calls.find(([call]) => call.url.endsWith('Web_SearchZip'))?.[1] as { text: string };
    expect(args.text).toHaveLength(100);
  });

  it('finds games and keeps recent searches', async () => {
    const user = userEvent.setup();
    setup(<SearchView />, () => ({ kind: 3, version: 1, text: 'arsenal', games: [games[0]], champs: [] }));
    await user.type(screen.getByRole('searchbox', { name: 'Search teams and championships' }), 'Arsenal');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arsenal' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tessera:searchHistory') ?? '{}')).toMatchObject({
      value: ['Arsenal'],
    });
  });
});
