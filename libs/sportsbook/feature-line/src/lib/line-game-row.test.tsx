import { screen } from '@testing-library/react';
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
import { fakeFeedClient, feedGame, feedLineMarket } from '@tessera/sportsbook/testing-feed';
import { afterEach, describe, expect, it } from 'vitest';
import { LineView } from './line-view';

const game: FeedGameRow = feedGame(1, 'Arsenal', 'Chelsea', {
  mainHandicap: feedLineMarket(1, 'handicap', -0.5, [1.95, 1.9]),
  mainTotal: feedLineMarket(1, 'total', 2.5, [2.05, 1.8]),
  marketsCount: 30,
});

const sports = {
  kind: 3,
  version: 1,
  sports: [{ id: 1, name: 'Football', kind: 'regular', gamesCount: 1, champsCount: 1 }],
};
const currencies = { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro', baseRate: 1, minBetSum: 0.5 } };

function brandWith(betting: Record<string, unknown>, country = 'gb') {
  return testBrandPayload({
    language: 'en',
    country,
    config: {
      global: { currencies, defaultCurrency: 'EUR' },
      betting: { coefficientFormats: [0, 1, 3], defaultCoefficientFormat: 0, ...betting },
    },
  });
}

function setup(brand: ReturnType<typeof brandWith>) {
  const { client } = fakeFeedClient((url) =>
    url.endsWith('GetSportsShortZip') ? sports : { kind: 3, version: 1, games: [game] },
  );
  const store = new CouponStore(emptyCouponState('EUR'), couponConfigFromSite(brand.config));
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  renderWithProviders(
    <SportsbookProvider client={client} store={new LiveStore()} createSocket={null}>
      <CouponProvider store={store} storage={storage}>
        <LineView />
      </CouponProvider>
    </SportsbookProvider>,
    { brand, realLanguage: true, route: '/en/line' },
  );
  return { store };
}

afterEach(() => {
  bettingViewPreference.reset();
  coefficientFormatPreference.reset();
  window.localStorage.clear();
});

describe('line rows in the European and Asian views', () => {
  it('shows 1X2 in the European view and offers no view choice where the brand has only that view', async () => {
    setup(brandWith({ views: [0] }));
    expect(await screen.findByRole('button', { name: 'Arsenal – Chelsea, Match result, X, 3.25' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Handicap|Total/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'View' })).not.toBeInTheDocument();
  });

  it('shows the main handicap and total with their lines in the Asian view, instead of 1X2', async () => {
    const user = userEvent.setup();
    setup(brandWith({ views: [0, 1], defaultView: 0 }));
    await screen.findByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 2.50' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'asian');

    const handicapHome = screen.getByRole('button', { name: 'Arsenal – Chelsea, Handicap, 1 (-0.5), 1.95' });
    expect(handicapHome).toHaveTextContent('1 (-0.5)');
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Handicap, 2 (+0.5), 1.90' })).toHaveTextContent(
      '2 (+0.5)',
    );
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Total, Over 2.5, 2.05' })).toHaveTextContent(
      'Over 2.5',
    );
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Total, Under 2.5, 1.80' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Match result/ })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tessera:bettingView') ?? '{}')).toMatchObject({ value: 'asian' });
  });

  it('starts in the Asian view where the brand makes it the default, with prices in the chosen odds format', async () => {
    const user = userEvent.setup();
    setup(brandWith({ views: [0, 1], defaultView: 1 }));
    await screen.findByRole('button', { name: 'Arsenal – Chelsea, Total, Over 2.5, 2.05' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Odds format' }), 'hongkong');
    const hk = formatCoefficient(1.95, 'hongkong');
    expect(hk).not.toBe('1.95');
    expect(screen.getByRole('button', { name: `Arsenal – Chelsea, Handicap, 1 (-0.5), ${hk}` })).toHaveTextContent(hk);
  });

  it('keeps the European view in a country outside asianViewCountries', async () => {
    setup(brandWith({ views: [0, 1], defaultView: 1, asianViewCountries: ['vn'] }, 'gb'));
    expect(await screen.findByRole('button', { name: 'Arsenal – Chelsea, Match result, X, 3.25' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'View' })).not.toBeInTheDocument();
  });

  it('adds a handicap or total outcome to the coupon with the same selection shape as the game page', async () => {
    const user = userEvent.setup();
    const { store } = setup(brandWith({ views: [0, 1], defaultView: 1 }));
    const button = await screen.findByRole('button', { name: 'Arsenal – Chelsea, Handicap, 2 (+0.5), 1.90' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().coupon.selections).toEqual([
      expect.objectContaining({
        gameId: '1',
        marketId: '1:handicap:-0.5',
        outcomeId: '1:handicap:-0.5:away',
        odds: 1.9,
        blocked: false,
        live: false,
      }),
    ]);
    // One pick per game: the total replaces the handicap, as on the game page.
    await user.click(screen.getByRole('button', { name: 'Arsenal – Chelsea, Total, Over 2.5, 2.05' }));
    expect(store.getState().coupon.selections).toEqual([
      expect.objectContaining({
        gameId: '1',
        marketId: '1:total:2.5',
        outcomeId: '1:total:2.5:over',
        odds: 2.05,
        blocked: false,
        live: false,
      }),
    ]);
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});
