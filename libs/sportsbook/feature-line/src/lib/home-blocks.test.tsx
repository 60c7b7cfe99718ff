import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feedBrand, feedGame, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';
import { describe, expect, it } from 'vitest';
import { HomeBlocks, planHomeBlocks } from './home-blocks';

const all = () => true;

describe('planHomeBlocks', () => {
  it("orders the switched-on blocks by the brand's order, ties by id, and drops blocks whose section is off", () => {
    const settings = {
      liveNow: { enabled: true, order: 2, limit: 8 },
      featured: { enabled: true, order: 1, limit: 6 },
      topLeagues: { enabled: false, order: 0, limit: 8 },
      casino: { enabled: true, order: 2, limit: 4 },
    };
    expect(planHomeBlocks(settings, all)).toEqual([
      { id: 'featured', limit: 6 },
      { id: 'casino', limit: 4 },
      { id: 'liveNow', limit: 8 },
    ]);
    expect(planHomeBlocks(settings, (id) => id !== 'casino').map((b) => b.id)).toEqual(['featured', 'liveNow']);
  });
});

const liveGame = (id: number, home: string, away: string) =>
  feedGame(id, home, away, {
    kind: 1,
    status: 'live',
    live: { period: 1, clockSeconds: 754, clockRunning: true, score: { home: 2, away: 1 }, periodScores: [] },
  });

const champ = (id: number, name: string, gamesCount: number) => ({
  id,
  name,
  sportId: 1,
  sportName: 'Football',
  countryId: 1,
  countryName: 'England',
  countryIso: 'gb',
  tier: 1,
  gamesCount,
});

describe('HomeBlocks', { timeout: 20_000 }, () => {
  it("shows the blocks in the brand's order with their limits: live games with score and odds, featured matches, leagues", async () => {
    const { callsTo } = renderFeedView(
      <HomeBlocks
        plan={[
          { id: 'featured', limit: 2 },
          { id: 'liveNow', limit: 3 },
          { id: 'topLeagues', limit: 2 },
          { id: 'casino', limit: 4 },
        ]}
        extra={{ casino: (limit) => <p>casino strip of {limit}</p> }}
      />,
      (url) =>
        url.includes('TopGames')
          ? {
              kind: 3,
              version: 1,
              games: [feedGame(1, 'Arsenal', 'Chelsea'), feedGame(2, 'Inter', 'Milan'), feedGame(3, 'Ajax', 'PSV')],
            }
          : url.includes('TopChamps')
            ? { kind: 3, version: 1, champs: [champ(10, 'Premier League', 42), champ(11, 'Serie A', 30)] }
            : { kind: 1, version: 1, games: [liveGame(5, 'Porto', 'Benfica')] },
      { route: '/en' },
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Featured matches', 'Live now', 'Top leagues', 'Casino']);

    const featured = screen.getByRole('region', { name: 'Featured matches' });
    expect(await within(featured).findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    // The limit: two of the three games the feed answered.
    expect(within(featured).queryByRole('link', { name: 'Ajax – PSV' })).not.toBeInTheDocument();
    expect(
      within(featured).getByRole('button', { name: 'Arsenal – Chelsea, Match result, X, 3.25' }),
    ).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: 'See all: Featured matches' })).toHaveAttribute(
      'href',
      '/en/line',
    );

    const live = screen.getByRole('region', { name: 'Live now' });
    expect(await within(live).findByRole('link', { name: 'Porto – Benfica' })).toBeInTheDocument();
    expect(within(live).getByText('2:1')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'See all: Live now' })).toHaveAttribute('href', '/en/live');
    expect(callsTo('LiveFeed/Get1x2_VZip')).toEqual([expect.objectContaining({ count: 3 })]);

    const leagues = screen.getByRole('region', { name: 'Top leagues' });
    const league = await within(leagues).findByRole('link', { name: /Premier League/ });
    expect(league).toHaveAttribute('href', '/en/champ/10');
    expect(league).toHaveTextContent('42 games');

    expect(within(screen.getByRole('region', { name: 'Casino' })).getByText('casino strip of 4')).toBeInTheDocument();
  });

  it('skips a block whose section the brand has off, says when a block is empty, and retries a failed one', async () => {
    let fail = true;
    renderFeedView(
      <HomeBlocks
        plan={[
          { id: 'liveNow', limit: 4 },
          { id: 'featured', limit: 4 },
          { id: 'casino', limit: 4 },
        ]}
      />,
      (url) => {
        if (url.includes('TopGames')) {
          if (fail) throw feedHttpError(503, url);
          return { kind: 3, version: 1, games: [feedGame(1, 'Arsenal', 'Chelsea')] };
        }
        return { kind: 1, version: 1, games: [] };
      },
      { brand: feedBrand({}, {}), route: '/en' },
    );
    // No casino renderer given: the block is not shown at all.
    expect(screen.queryByRole('region', { name: 'Casino' })).not.toBeInTheDocument();
    const live = screen.getByRole('region', { name: 'Live now' });
    expect(await within(live).findByText('No games in play right now.')).toBeInTheDocument();
    const featured = screen.getByRole('region', { name: 'Featured matches' });
    const retry = await within(featured).findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    expect(within(featured).getByRole('alert')).toHaveTextContent('This section could not load.');
    fail = false;
    await userEvent.click(retry);
    expect(await within(featured).findByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
  });
});
