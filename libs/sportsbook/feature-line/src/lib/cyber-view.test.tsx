import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CyberView } from './cyber-view';
import { feedBrand, feedGame, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';

const sports = {
  kind: 3,
  version: 1,
  sports: [
    { id: 1, name: 'Football', kind: 'regular', gamesCount: 40, champsCount: 6 },
    { id: 40, name: 'Counter-Strike', kind: 'cyber', gamesCount: 3, champsCount: 1 },
    { id: 85, name: 'FIFA', kind: 'cyber', gamesCount: 2, champsCount: 1 },
  ],
};
const cyberGame = feedGame(5, 'Navi', 'Vitality', {
  sportId: 40,
  sportName: 'Counter-Strike',
  champId: 400,
  champName: 'Major',
});
const answer = (url: string) =>
  url.endsWith('GetSportsShortZip') ? sports : { kind: 3, version: 1, games: [cyberGame] };

describe('CyberView', () => {
  it('lists only cyber sports, linked inside the cyber section, and the games of the first one', async () => {
    const { callsTo } = renderFeedView(<CyberView />, answer, { route: '/en/cyber' });
    expect(await screen.findByRole('heading', { name: /Major/ })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Sports' });
    expect(within(menu).getByRole('link', { name: /Counter-Strike/ })).toHaveAttribute('href', '/en/cyber/40');
    expect(within(menu).getByRole('link', { name: /FIFA/ })).toHaveAttribute('href', '/en/cyber/85');
    expect(within(menu).queryByRole('link', { name: /Football/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Navi – Vitality, Match result, X, 3.25' })).toBeInTheDocument();
    expect(callsTo('LineFeed/Get1x2_VZip')).toEqual([expect.objectContaining({ sport: 40 })]);
  });

  it('shows the asked cyber sport, and the first cyber sport for a sport id outside the section', async () => {
    const asked = renderFeedView(<CyberView sportId={85} />, answer, { route: '/en/cyber/85' });
    await screen.findByRole('heading', { name: /Major/ });
    expect(asked.callsTo('LineFeed/Get1x2_VZip')).toEqual([expect.objectContaining({ sport: 85 })]);
    asked.unmount();
    const football = renderFeedView(<CyberView sportId={1} />, answer, { route: '/en/cyber/1' });
    await screen.findByRole('heading', { name: /Major/ });
    expect(football.callsTo('LineFeed/Get1x2_VZip')).toEqual([expect.objectContaining({ sport: 40 })]);
  });

  it('says so when the feed has no cyber games', async () => {
    const { callsTo } = renderFeedView(
      <CyberView />,
      (url) =>
        url.endsWith('GetSportsShortZip')
          ? { ...sports, sports: [sports.sports[0]] }
          : { kind: 3, version: 1, games: [] },
      { route: '/en/cyber' },
    );
    expect(await screen.findByText('No games to bet on right now.')).toBeInTheDocument();
    expect(callsTo('LineFeed/Get1x2_VZip')).toHaveLength(0);
  });

  it('shows an error with a retry when the feed fails, and the section after a successful retry', async () => {
    const user = userEvent.setup();
    let down = true;
    renderFeedView(
      <CyberView />,
      (url) => {
        if (down) throw feedHttpError(503, url);
        return answer(url);
      },
      { route: '/en/cyber' },
    );
    expect(await screen.findByText('The odds could not be loaded.', {}, { timeout: 4000 })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Navi – Vitality' })).toBeInTheDocument();
  });

  it('says cyber sports are not offered, without calling the feed, where the brand has them off', async () => {
    const { send } = renderFeedView(<CyberView />, answer, {
      brand: feedBrand({ cyber: { enabled: false } }),
      route: '/en/cyber',
    });
    expect(await screen.findByText('Cyber sports are not offered on this site.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sports' })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
