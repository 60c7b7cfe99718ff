import { useQuery } from '@tanstack/react-query';
import { couponApi } from './coupon.api';
import { useCoupon } from './coupon-context';
import { couponKeys } from './coupon-line';

/** How often the advance is asked again while the slip is open: open bets settle and advance bets get covered. */
const ADVANCE_REFRESH_MS = 30_000;

/**
 * The signed-in bettor's advance (GetAvance, libs/server/bets README, "Advance bets held until covered") while `enabled` (the brand offers advance bets and someone is
 * signed in). Refetched every 30 s and after a bet is held on it (invalidate `couponKeys.advance()`).
 */
export function useAdvance(enabled: boolean) {
  const { client } = useCoupon();
  return useQuery({
    queryKey: couponKeys.advance(),
    queryFn: ({ signal }) => client.send(couponApi.getAdvance, {}, { signal }),
    enabled,
    refetchInterval: enabled ? ADVANCE_REFRESH_MS : false,
    staleTime: 10_000,
    retry: false,
  });
}
