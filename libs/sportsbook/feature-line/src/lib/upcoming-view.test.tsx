import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { feedBrand, feedGame, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';
import { TopView, UPCOMING_WINDOWS, upcomingRange, UpcomingView, upcomingWindowOf } from './upcoming-view';

// The feed's clock, five hours ahead of the wall clock (a sped-up simulator): the windows must follow it.
const FEED_NOW = Math.floor(Date.now() / 1000) + 5 * 3600;
const H = 3600;

describe('upcomingRange and upcomingWindowOf', () => {
  const now = 1_800_000_000;

  it('places a game at the windows boundaries exactly: 1:59:59, 2:00:00, 3:59:59, 4:00:00 from the feed now', () => {
    expect(upcomingWindowOf(now, now)).toBe('within2h');
    expect(upcomingWindowOf(now + 2 * H - 1, now)).toBe('within2h');
    expect(upcomingWindowOf(now + 2 * H, now)).toBe('from2to4h');
    expect(upcomingWindowOf(now + 4 * H - 1, now)).toBe('from2to4h');
    expect(upcomingWindowOf(now + 4 * H, now)).toBe('over4h');
    expect(upcomingWindowOf(now + 72 * H, now)).toBe('over4h');
    expect(upcomingWindowOf(now - 1, now)).toBeUndefined();
  });

  it('asks the server for inclusive ranges that touch without overlapping', () => {
    expect(UPCOMING_WINDOWS.map((w) => upcomingRange(w, now))).toEqual([
      { tsFrom: now, tsTo: now + 2 * H - 1 },
      { tsFrom: now + 2 * H, tsTo: now + 4 * H - 1 },
      { tsFrom: now + 4 * H, tsTo: undefined },
    ]);
  });
});

const clock = { kind: 3, version: 1, now: FEED_NOW, sports: [] };

describe('UpcomingView', () => {
  it("lists each window's games, asked from the feed's clock with the brand's per-block limit", async () => {
    const byWindow: Record<number, ReturnType<typeof feedGame>> = {
      [FEED_NOW]: feedGame(1, 'Arsenal', 'Chelsea'),
      [FEED_NOW + 2 * H]: feedGame(2, 'Bayern', 'Dortmund'),
      [FEED_NOW + 4 * H]: feedGame(3, 'Inter', 'Milan'),
    };
    const { callsTo } = renderFeedView(
      <UpcomingView />,
      (url, args) =>
        url.endsWith('GetSportsShortZip')
          ? clock
          : { kind: 3, version: 1, now: FEED_NOW, games: [byWindow[args['tsFrom'] as number]] },
      { brand: feedBrand({ dashboardGamesLimit: 5 }), route: '/en/upcoming' },
    );
    const soon = await screen.findByRole('region', { name: 'Within 2 hours' });
    expect(await within(soon).findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'In 2 to 4 hours' })).findByRole('link', {
        name: 'Bayern – Dortmund',
      }),
    ).toBeInTheDocument();
    const later = screen.getByRole('region', { name: 'In more than 4 hours' });
    expect(
      await within(later).findByRole('button', { name: 'Inter – Milan, Match result, X, 3.25' }),
    ).toBeInTheDocument();
    expect(callsTo('LineFeed/Get1x2_VZip')).toEqual([
      expect.objectContaining({ count: 5, tsFrom: FEED_NOW, tsTo: FEED_NOW + 2 * H - 1 }),
      expect.objectContaining({ count: 5, tsFrom: FEED_NOW + 2 * H, tsTo: FEED_NOW + 4 * H - 1 }),
      expect.objectContaining({ count: 5, tsFrom: FEED_NOW + 4 * H, tsTo: undefined }),
    ]);
  });

  it('says so in each window that has no games', async () => {
    renderFeedView(
      <UpcomingView />,
      (url) => (url.endsWith('GetSportsShortZip') ? clock : { kind: 3, version: 1, games: [] }),
      { route: '/en/upcoming' },
    );
    for (const name of ['Within 2 hours', 'In 2 to 4 hours', 'In more than 4 hours']) {
      expect(
        await within(await screen.findByRole('region', { name })).findByText('No games to bet on right now.'),
      ).toBeInTheDocument();
    }
  });

  it("shows an error with a retry when the feed's clock cannot be read, and the windows once it can", async () => {
    const user = userEvent.setup();
    let down = true;
    renderFeedView(
      <UpcomingView />,
      (url) => {
        if (url.endsWith('GetSportsShortZip')) {
          if (down) throw feedHttpError(503, url);
          return clock;
        }
        return { kind: 3, version: 1, games: [feedGame(1, 'Arsenal', 'Chelsea')] };
      },
      { route: '/en/upcoming' },
    );
    expect(await screen.findByText('The odds could not be loaded.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Within 2 hours' })).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Within 2 hours' })).findByRole('link', {
        name: 'Arsenal – Chelsea',
      }),
    ).toBeInTheDocument();
  });

  it('says the line is not offered, without calling the feed, where the brand has the line off', async () => {
    const { send } = renderFeedView(<UpcomingView />, () => clock, {
      brand: feedBrand({ line: { enabled: false } }),
      route: '/en/upcoming',
    });
    expect(await screen.findByText('The pre-match line is not offered on this site.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('TopView', () => {
  const topChamps = {
    kind: 3,
    version: 1,
    champs: [
      {
        id: 10,
        name: 'Premier League',
        sportId: 1,
        sportName: 'Football',
        countryId: 1,
        countryName: 'England',
        countryIso: 'GB',
        tier: 1,
        gamesCount: 8,
      },
    ],
  };
  const topGames = { kind: 3, version: 1, games: [feedGame(1, 'Arsenal', 'Chelsea')] };
  const answer = (url: string) => (url.endsWith('WebGetTopChampsZip') ? topChamps : topGames);

  it('links the top championships to their pages and lists the top games with odds', async () => {
    renderFeedView(<TopView />, answer, { route: '/en/upcoming' });
    expect(await screen.findByRole('link', { name: 'Premier League' })).toHaveAttribute('href', '/en/champ/10');
    const games = screen.getByRole('region', { name: 'Top games' });
    expect(
      await within(games).findByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 2.50' }),
    ).toBeInTheDocument();
  });

  it('says so when there are no top championships or games', async () => {
    renderFeedView(
      <TopView />,
      (url) => (url.endsWith('WebGetTopChampsZip') ? { ...topChamps, champs: [] } : { ...topGames, games: [] }),
      { route: '/en/upcoming' },
    );
    expect(
      await within(await screen.findByRole('region', { name: 'Top championships' })).findByText(
        'No games to bet on right now.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Top games' })).findByText('No games to bet on right now.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry for a list that failed, and the list after a successful retry', async () => {
    const user = userEvent.setup();
    let down = true;
    renderFeedView(
      <TopView />,
      (url) => {
        if (url.endsWith('GetTopGamesStatZip') && down) throw feedHttpError(503, url);
        return answer(url);
      },
      { route: '/en/upcoming' },
    );
    const games = await screen.findByRole('region', { name: 'Top games' });
    expect(await within(games).findByText('The odds could not be loaded.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Premier League' })).toBeInTheDocument();
    down = false;
    await user.click(within(games).getByRole('button', { name: 'Try again' }));
    expect(await within(games).findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
  });

  it('shows nothing and calls nothing where the brand has the line off', async () => {
    const { send } = renderFeedView(
      <>
        <p>Page rendered</p>
        <TopView />
      </>,
      answer,
      { brand: feedBrand({ line: { enabled: false } }), route: '/en/upcoming' },
    );
    await screen.findByText('Page rendered');
    expect(screen.queryByRole('region', { name: 'Top games' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
