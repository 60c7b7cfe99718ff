import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCoefficient } from '@tessera/shared/util-format';
import { coefficientFormatPreference, type FeedExpressResponse } from '@tessera/sportsbook/data-access-feed';
import { afterEach, describe, expect, it } from 'vitest';
import { ExpressView } from './express-view';
import { feedBrand, feedGame, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';

const first = feedGame(1, 'Arsenal', 'Chelsea');
const second = feedGame(2, 'Bayern', 'Dortmund', { champId: 11, champName: 'Bundesliga' });
const answer: FeedExpressResponse = {
  kind: 3,
  version: 3,
  now: 1_800_000_000,
  express: {
    id: '2027-01-15:1:1x2:home+2:1x2:home',
    totalOdds: 6.25,
    events: [
      { game: first, marketId: '1:1x2', outcomeId: '1:1x2:home', code: 'home', odds: 2.5 },
      { game: second, marketId: '2:1x2', outcomeId: '2:1x2:home', code: 'home', odds: 2.5 },
    ],
  },
};

const route = '/en/express';

afterEach(() => {
  coefficientFormatPreference.reset();
  window.localStorage.clear();
});

describe('ExpressView', () => {
  it('shows the picks of the day with their total odds in the chosen odds format', async () => {
    coefficientFormatPreference.set('fractional');
    const { callsTo } = renderFeedView(<ExpressView />, () => answer, { route });
    const total = formatCoefficient(6.25, 'fractional');
    expect(
      await screen.findByRole('heading', { name: `Express of the day · Total odds ${total}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bayern – Dortmund' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: `Bayern – Dortmund, Match result, 1, ${formatCoefficient(2.5, 'fractional')}`,
      }),
    ).toBeInTheDocument();
    expect(callsTo('LineFeed/GetExpressDayExtendedZip')).toHaveLength(1);
  });

  it('says so when no express qualifies today', async () => {
    renderFeedView(<ExpressView />, () => ({ ...answer, express: null }), { route });
    expect(await screen.findByText('No express of the day right now.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Express of the day/ })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the feed fails, and the express after a successful retry', async () => {
    const user = userEvent.setup();
    let down = true;
    renderFeedView(
      <ExpressView />,
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

  it('says there is none, without calling the feed, where the brand has the express of the day off', async () => {
    const { send } = renderFeedView(<ExpressView />, () => answer, {
      brand: feedBrand({ expressOfTheDay: false }),
      route,
    });
    expect(await screen.findByText('No express of the day right now.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
