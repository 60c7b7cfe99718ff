import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCoefficient } from '@tessera/shared/util-format';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import {
  couponConfigFromSite,
  CouponProvider,
  CouponStore,
  emptyCouponState,
} from '@tessera/sportsbook/data-access-coupon';
import {
  bettingViewPreference,
  coefficientFormatPreference,
  LiveStore,
  SportsbookProvider,
  type FeedGameRow,
} from '@tessera/sportsbook/data-access-feed';
import { fakeFeedClient, feedGame, feedLineMarket, feedMainMarket } from '@tessera/sportsbook/testing-feed';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveView } from './live-view';

const game: FeedGameRow = feedGame(7, 'Lyon', 'Nice', {
  kind: 1,
  status: 'live',
  live: { period: 2, clockSeconds: 3000, clockRunning: true, score: { home: 1, away: 0 }, periodScores: [] },
  mainMarket: feedMainMarket(7, [1.4, 4.2, 7.5]),
  mainHandicap: feedLineMarket(7, 'handicap', -1.5, [2.1, 1.72]),
  mainTotal: feedLineMarket(7, 'total', 1.5, [1.83, 1.97]),
  marketsCount: 18,
});

const currencies = { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro', baseRate: 1, minBetSum: 0.5 } };

function setup(betting: Record<string, unknown>) {
  const brand = testBrandPayload({
    language: 'en',
    config: {
      global: { currencies, defaultCurrency: 'EUR' },
      betting: { coefficientFormats: [0, 5], defaultCoefficientFormat: 0, ...betting },
    },
  });
  const { client } = fakeFeedClient((url) =>
    url.endsWith('GetSportsShortZip')
      ? { kind: 1, version: 1, sports: [{ id: 1, name: 'Football', kind: 'regular', gamesCount: 1, champsCount: 1 }] }
      : { kind: 1, version: 1, games: [game] },
  );
  const live = new LiveStore();
  const coupon = new CouponStore(emptyCouponState('EUR'), couponConfigFromSite(brand.config));
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  renderWithProviders(
    <SportsbookProvider client={client} store={live} createSocket={null}>
      <CouponProvider store={coupon} storage={storage}>
        <LiveView />
      </CouponProvider>
    </SportsbookProvider>,
    { brand, realLanguage: true, route: '/en/live' },
  );
  return { live, coupon };
}

afterEach(() => {
  bettingViewPreference.reset();
  coefficientFormatPreference.reset();
  window.localStorage.clear();
});

describe('live rows in the European and Asian views', () => {
  it('shows 1X2 in the European view, then the main handicap and total once the player picks the Asian view', async () => {
    const user = userEvent.setup();
    setup({ views: [0, 1], defaultView: 0 });
    expect(await screen.findByRole('button', { name: 'Lyon – Nice, Match result, X, 4.20' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Handicap/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'asian');
    expect(screen.getByRole('button', { name: 'Lyon – Nice, Handicap, 1 (-1.5), 2.10' })).toHaveTextContent('1 (-1.5)');
    expect(screen.getByRole('button', { name: 'Lyon – Nice, Handicap, 2 (+1.5), 1.72' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lyon – Nice, Total, Over 1.5, 1.83' })).toHaveTextContent('Over 1.5');
    expect(screen.getByRole('button', { name: 'Lyon – Nice, Total, Under 1.5, 1.97' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Match result/ })).not.toBeInTheDocument();
  });

  it('moves the Asian columns with push deltas, in the chosen odds format', async () => {
    const user = userEvent.setup();
    const { live } = setup({ views: [0, 1], defaultView: 1 });
    await screen.findByRole('button', { name: 'Lyon – Nice, Total, Over 1.5, 1.83' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Odds format' }), 'malay');

    act(() =>
      live.apply(
        [{ kind: 'odds', gameId: 7, marketId: '7:total:1.5', outcomeId: '7:total:1.5:over', old: 1.83, new: 1.9 }],
        2,
      ),
    );
    const malay = formatCoefficient(1.9, 'malay');
    const over = screen.getByRole('button', { name: `Lyon – Nice, Total, Over 1.5, ${malay}` });
    expect(over).toHaveAttribute('data-move', 'up');

    act(() => live.apply([{ kind: 'suspension', gameId: 7, marketId: '7:handicap:-1.5', suspended: true }], 3));
    expect(screen.getByRole('button', { name: 'Lyon – Nice, Handicap, 1 (-1.5), Suspended' })).toBeDisabled();
  });

  it('adds a live handicap pick to the coupon with the live price and the live flag', async () => {
    const user = userEvent.setup();
    const { live, coupon } = setup({ views: [0, 1], defaultView: 1 });
    await screen.findByRole('button', { name: 'Lyon – Nice, Handicap, 2 (+1.5), 1.72' });
    act(() =>
      live.apply(
        [
          {
            kind: 'odds',
            gameId: 7,
            marketId: '7:handicap:-1.5',
            outcomeId: '7:handicap:-1.5:away',
            old: 1.72,
            new: 1.8,
          },
        ],
        2,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Lyon – Nice, Handicap, 2 (+1.5), 1.80' }));
    expect(coupon.getState().coupon.selections).toEqual([
      expect.objectContaining({
        gameId: '7',
        marketId: '7:handicap:-1.5',
        outcomeId: '7:handicap:-1.5:away',
        odds: 1.8,
        blocked: false,
        live: true,
      }),
    ]);
  });
});
