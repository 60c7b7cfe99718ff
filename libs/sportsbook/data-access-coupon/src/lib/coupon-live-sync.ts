import { useLiveFeed, useLiveStore } from '@tessera/sportsbook/data-access-feed';
import { useEffect, useMemo } from 'react';
import { useCoupon } from './coupon-context';

/**
 * Keeps the coupon's prices and suspensions current from the page's live store: follows the coupon's games over the
 * push channel (so games of other pages move too) and applies each outcome's snapshot to the coupon when it changes.
 * Reports how changes arrive ('push', 'polling', 'connecting'); while it is not 'push' the caller polls UpdateCoupon.
 */
export function useCouponLiveSync(): ReturnType<typeof useLiveFeed> {
  const { store, state } = useCoupon();
  const live = useLiveStore();
  const selections = state.coupon.selections;
  const outcomeKey = selections.map((s) => s.outcomeId).join('|');
  const gameKey = [...new Set(selections.map((s) => s.gameId))].join('|');
  const games = useMemo(
    () =>
      gameKey === ''
        ? []
        : gameKey
            .split('|')
            .map(Number)
            .filter((id) => Number.isInteger(id) && id > 0),
    [gameKey],
  );
  const status = useLiveFeed({ games });
  useEffect(() => {
    const ids = outcomeKey === '' ? [] : outcomeKey.split('|');
    const apply = (id: string) => {
      const snapshot = live.outcome(id);
      if (snapshot) store.update([{ outcomeId: id, odds: snapshot.odds, blocked: snapshot.suspended }]);
    };
    ids.forEach(apply);
    const stops = ids.map((id) => live.subscribeOutcome(id, () => apply(id)));
    return () => stops.forEach((stop) => stop());
  }, [live, store, outcomeKey]);
  return status;
}
