import { useQuery } from '@tanstack/react-query';
import {
  createCoupon,
  selectionKey,
  setBetType,
  setStake,
  setSystemSize,
  type BetType,
} from '@tessera/sportsbook/util-coupon';
import { useEffect } from 'react';
import { BET_VID, couponApi, type CouponLineEvent } from './coupon.api';
import { useCoupon } from './coupon-context';
import type { CouponState, SelectionLabel } from './coupon-store';

/** How often the coupon asks the line for its selections while push updates are not arriving. */
export const COUPON_POLL_MS = 10_000;

/** Query keys of the coupon's own server state. */
export const couponKeys = {
  all: () => ['coupon'] as const,
  line: (outcomes: string) => ['coupon', 'line', outcomes] as const,
  advance: () => ['coupon', 'advance'] as const,
};

/**
 * Polls UpdateCoupon while `enabled` (the push channel is down, or the page has no live store) and applies new prices
 * and suspensions to the coupon; a finished game's selection is marked blocked, so the coupon cannot be placed.
 */
export function useCouponLinePolling(enabled: boolean, intervalMs: number = COUPON_POLL_MS): void {
  const { store, client, state } = useCoupon();
  const selections = state.coupon.selections;
  const outcomes = selections.map((s) => s.outcomeId).join('|');
  const query = useQuery({
    queryKey: couponKeys.line(outcomes),
    queryFn: ({ signal }) =>
      client.send(
        couponApi.updateCoupon,
        { Events: selections.map((s) => ({ gameId: Number(s.gameId), outcomeId: s.outcomeId, coef: s.odds })) },
        { signal },
      ),
    enabled: enabled && selections.length > 0,
    refetchInterval: intervalMs,
    retry: false,
  });
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    store.update(data.events.map((e) => ({ outcomeId: e.outcomeId, odds: e.coef, blocked: e.blocked || e.finished })));
  }, [data, store]);
}

const BET_TYPE_BY_VID: Readonly<Record<number, BetType>> = {
  [BET_VID.single]: 'single',
  [BET_VID.express]: 'express',
  [BET_VID.system]: 'system',
  [BET_VID.antiExpress]: 'antiExpress',
};

/** A coupon state from a saved coupon (GetCoupon): its selections at today's prices, kind, stake and system size. */
export function couponStateFromSaved(
  saved: { vid: number; Summ?: number; expressNum?: number; events: CouponLineEvent[] },
  currency: string,
  previous: CouponState,
  /** Names a selection as its odds button would (teams, market, outcome) from what the line says of it. */
  name?: (event: CouponLineEvent) => SelectionLabel | undefined,
): CouponState {
  let coupon = createCoupon({ currency });
  coupon = {
    ...coupon,
    selections: saved.events.map((e) => ({
      gameId: String(e.gameId),
      marketId: e.marketId,
      outcomeId: e.outcomeId,
      odds: e.coef,
      blocked: e.blocked || e.finished,
      live: e.live,
      group: 0,
    })),
  };
  coupon = setBetType(coupon, BET_TYPE_BY_VID[saved.vid] ?? 'express');
  if (saved.Summ !== undefined) coupon = setStake(coupon, saved.Summ);
  if (saved.expressNum !== undefined) coupon = setSystemSize(coupon, saved.expressNum);
  const labels = Object.fromEntries(
    saved.events.map((e) => [
      selectionKey({ gameId: String(e.gameId), marketId: e.marketId, outcomeId: e.outcomeId }),
      name?.(e) ?? { home: e.home ?? String(e.gameId), away: e.away ?? '', market: e.marketId, outcome: e.outcomeId },
    ]),
  );
  return { ...previous, coupon, labels, betTypeChosen: true, lastIssue: null };
}
