import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { favoriteChampsPreference, type FeedChampResponse } from '@tessera/sportsbook/data-access-feed';
import { afterEach, describe, expect, it } from 'vitest';
import { ChampView } from './champ-view';
import { feedBrand, feedGame, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';

const answer: FeedChampResponse = {
  kind: 3,
  version: 2,
  champ: {
    id: 10,
    name: 'Premier League',
    sportId: 1,
    sportName: 'Football',
    countryId: 1,
    countryName: 'England',
    countryIso: 'GB',
    tier: 1,
    gamesCount: 2,
  },
  games: [feedGame(1, 'Arsenal', 'Chelsea'), feedGame(2, 'Everton', 'Fulham')],
};

const route = '/en/champ/10';

afterEach(() => {
  favoriteChampsPreference.reset();
  window.localStorage.clear();
});

describe('ChampView', () => {
  it('shows the championship with its star and every game with main odds', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderFeedView(<ChampView champId={10} />, () => answer, { route });
    expect(await screen.findByRole('heading', { name: /Football · Premier League/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arsenal – Chelsea' })).toHaveAttribute('href', '/en/game/1');
    expect(screen.getByRole('button', { name: 'Everton – Fulham, Match result, 2, 2.75' })).toBeInTheDocument();
    expect(callsTo('LineFeed/GetChampZip')).toEqual([expect.objectContaining({ champ: 10, lng: 'en' })]);

    await user.click(screen.getByRole('button', { name: 'Add Premier League to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove Premier League from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(window.localStorage.getItem('tessera:favoriteChamps') ?? '{}')).toMatchObject({ value: [10] });
  });

  it('says so when the championship has no games to bet on', async () => {
    renderFeedView(<ChampView champId={10} />, () => ({ ...answer, games: [] }), { route });
    expect(await screen.findByRole('heading', { name: /Premier League/ })).toBeInTheDocument();
    expect(screen.getByText('No games to bet on right now.')).toBeInTheDocument();
  });

  it('says plainly that an unknown championship is not available, with no retry', async () => {
    renderFeedView(
      <ChampView champId={999} />,
      (url) => {
        throw feedHttpError(404, url);
      },
      { route: '/en/champ/999' },
    );
    expect(await screen.findByText('This championship is not available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the feed fails, and the championship after a successful retry', async () => {
    const user = userEvent.setup();
    let down = true;
    renderFeedView(
      <ChampView champId={10} />,
      (url) => {
        if (down) throw feedHttpError(503, url);
        return answer;
      },
      { route },
    );
    expect(await screen.findByText('The odds could not be loaded.', {}, { timeout: 4000 })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
  });

  it('says the line is not offered, without calling the feed, where the brand has the line off', async () => {
    const { send } = renderFeedView(<ChampView champId={10} />, () => answer, {
      brand: feedBrand({ line: { enabled: false } }),
      route,
    });
    expect(await screen.findByText('The pre-match line is not offered on this site.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Arsenal – Chelsea' })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
