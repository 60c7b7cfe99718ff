import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import {
  betPlacementMachine,
  couponKeys,
  createBetPlacementApi,
  useCoupon,
  type BetDraft,
  type CouponState,
} from '@tessera/sportsbook/data-access-coupon';
import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * What the receipt shows of an accepted bet: the bet id and the slip as it was placed, its prices replaced by the odds
 * the server took (the draft's coefficients follow the odds changes approved during the placement).
 */
export interface BetReceipt {
  betId: string;
  /** The coupon as placed (selections, labels, stake, bet type): "keep selections" puts it back. */
  placed: CouponState;
}

/** The placed coupon with the prices the placement sent: by outcome, as the server took them. */
export function placedState(state: CouponState, draft: BetDraft | null): CouponState {
  if (!draft) return state;
  const taken = new Map(draft.couponEvents.map((event) => [event.outcomeId, event.coef]));
  return {
    ...state,
    coupon: {
      ...state.coupon,
      selections: state.coupon.selections.map((s) => ({ ...s, odds: taken.get(s.outcomeId) ?? s.odds })),
    },
  };
}

/** Options of {@link useCouponPlacement}. */
export interface CouponPlacementOptions {
  /** Called once per accepted bet (the app refreshes the balance there). */
  onAccepted?: (betId: string) => void;
}

/**
 * The bet placement machine of the coupon, over the HTTP adapter, with the bettor's CheckCf policy. A normal bet
 * asks for confirmation; a one-click bet skips it. An accepted normal bet empties the coupon, and so does an advance
 * bet held for its cover (it is placed); either refreshes the bettor's advance. An accepted bet from the slip leaves
 * a receipt (the slip as placed, with the odds taken) until the next bet starts.
 */
export function useCouponPlacement({ onAccepted }: CouponPlacementOptions = {}) {
  const { client, store, state } = useCoupon();
  const api = useMemo(() => createBetPlacementApi(client), [client]);
  const [snapshot, send, actor] = useMachine(betPlacementMachine, { input: { api, checkCf: state.settings.checkCf } });
  const queryClient = useQueryClient();
  const accepted = useRef(onAccepted);
  accepted.current = onAccepted;
  const [receipt, setReceipt] = useState<BetReceipt | null>(null);
  useEffect(() => {
    const placed = (event: { oneClick: boolean }) => {
      if (!event.oneClick) store.clear();
      void queryClient.invalidateQueries({ queryKey: couponKeys.advance() });
    };
    const onAccepted = actor.on('bet.accepted', (event) => {
      // The receipt keeps the slip as placed before it is emptied (a one-click bet never was in the slip).
      setReceipt(
        event.oneClick
          ? null
          : { betId: event.betId, placed: placedState(store.getState(), actor.getSnapshot().context.draft) },
      );
      placed(event);
      accepted.current?.(event.betId);
    });
    const onHeld = actor.on('bet.held', placed);
    return () => {
      onAccepted.unsubscribe();
      onHeld.unsubscribe();
    };
  }, [actor, store, queryClient]);
  // The receipt belongs to the accepted state: gone once the bettor starts the next bet.
  const shownReceipt = snapshot.matches('accepted') ? receipt : null;
  return {
    snapshot,
    send,
    receipt: shownReceipt,
    submit: (draft: BetDraft) => send({ type: 'coupon.submit', draft }),
    oneClick: (draft: BetDraft) => send({ type: 'coupon.oneClick', draft }),
  };
}

/** What {@link useCouponPlacement} gives. */
export type CouponPlacement = ReturnType<typeof useCouponPlacement>;
