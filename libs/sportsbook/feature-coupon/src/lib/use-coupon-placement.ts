import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import {
  betPlacementMachine,
  couponKeys,
  createBetPlacementApi,
  useCoupon,
  type BetDraft,
} from '@tessera/sportsbook/data-access-coupon';
import { useEffect, useMemo, useRef } from 'react';

/** Options of {@link useCouponPlacement}. */
export interface CouponPlacementOptions {
  /** Called once per accepted bet (the app refreshes the balance there). */
  onAccepted?: (betId: string) => void;
}

/**
 * The bet placement machine of the coupon, over the HTTP adapter, with the bettor's CheckCf policy. A normal bet
 * asks for confirmation; a one-click bet skips it. An accepted normal bet empties the coupon, and so does an advance
 * bet held for its cover (it is placed); either refreshes the bettor's advance.
 */
export function useCouponPlacement({ onAccepted }: CouponPlacementOptions = {}) {
  const { client, store, state } = useCoupon();
  const api = useMemo(() => createBetPlacementApi(client), [client]);
  const [snapshot, send, actor] = useMachine(betPlacementMachine, { input: { api, checkCf: state.settings.checkCf } });
  const queryClient = useQueryClient();
  const accepted = useRef(onAccepted);
  accepted.current = onAccepted;
  useEffect(() => {
    const placed = (event: { oneClick: boolean }) => {
      if (!event.oneClick) store.clear();
      void queryClient.invalidateQueries({ queryKey: couponKeys.advance() });
    };
    const onAccepted = actor.on('bet.accepted', (event) => {
      placed(event);
      accepted.current?.(event.betId);
    });
    const onHeld = actor.on('bet.held', placed);
    return () => {
      onAccepted.unsubscribe();
      onHeld.unsubscribe();
    };
  }, [actor, store, queryClient]);
  return {
    snapshot,
    send,
    submit: (draft: BetDraft) => send({ type: 'coupon.submit', draft }),
    oneClick: (draft: BetDraft) => send({ type: 'coupon.oneClick', draft }),
  };
}

/** What {@link useCouponPlacement} gives. */
export type CouponPlacement = ReturnType<typeof useCouponPlacement>;
