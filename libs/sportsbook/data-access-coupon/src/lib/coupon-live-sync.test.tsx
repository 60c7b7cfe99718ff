import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { LiveStore, SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CouponProvider } from './coupon-context';
import { useCouponLiveSync } from './coupon-live-sync';
import { CouponStore, emptyCouponState } from './coupon-store';

const brand = testBrandPayload({
  language: 'en',
  config: {
    global: {
      currencies: { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro', baseRate: 1, minBetSum: 0.5 } },
      defaultCurrency: 'EUR',
    },
  },
});

function Sync() {
  useCouponLiveSync();
  return null;
}

describe('useCouponLiveSync', () => {
  it('moves the coupon’s prices with the live store and blocks a suspended market, leaving other outcomes alone', () => {
    const live = new LiveStore();
    live.seedMarkets(
      [
        {
          id: '3:1x2',
          type: '1x2',
          line: null,
          status: 'open',
          suspendReason: null,
          outcomes: [
            { id: '3:1x2:home', code: 'home', nameKey: 'feed:outcome.home', odds: 2.1, status: 'open' },
            { id: '3:1x2:away', code: 'away', nameKey: 'feed:outcome.away', odds: 3.3, status: 'open' },
          ],
        },
      ],
      1,
    );
    const store = new CouponStore(emptyCouponState('EUR'), { minStake: { EUR: 0.5 } });
    store.toggle({
      selection: { gameId: '3', marketId: '3:1x2', outcomeId: '3:1x2:home', odds: 2.1, blocked: false, live: true },
      label: { home: 'A', away: 'B', market: '1X2', outcome: '1' },
    });
    const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    renderWithProviders(
      <SportsbookProvider store={live} createSocket={null}>
        <CouponProvider store={store} storage={storage}>
          <Sync />
        </CouponProvider>
      </SportsbookProvider>,
      { brand },
    );
    act(() =>
      live.apply([{ kind: 'odds', gameId: 3, marketId: '3:1x2', outcomeId: '3:1x2:home', old: 2.1, new: 1.95 }], 2),
    );
    expect(store.getState().coupon.selections[0]?.odds).toBe(1.95);
    act(() =>
      live.apply([{ kind: 'odds', gameId: 3, marketId: '3:1x2', outcomeId: '3:1x2:away', old: 3.3, new: 3.6 }], 3),
    );
    expect(store.getState().coupon.selections[0]?.odds).toBe(1.95);
    act(() => live.apply([{ kind: 'suspension', gameId: 3, marketId: '3:1x2', suspended: true }], 4));
    expect(store.getState().coupon.selections[0]?.blocked).toBe(true);
    act(() => live.apply([{ kind: 'suspension', gameId: 3, marketId: '3:1x2', suspended: false }], 5));
    expect(store.getState().coupon.selections[0]?.blocked).toBe(false);
  });
});
