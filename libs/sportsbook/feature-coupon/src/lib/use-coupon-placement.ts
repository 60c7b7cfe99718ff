import { useMachine } from '@xstate/react';
import { betPlacementMachine, createBetPlacementApi, useCoupon, type BetDraft } from '@tessera/sportsbook/data-access-coupon';
import { useEffect, useMemo, useRef } from 'react';

/** Options of {@link useCouponPlacement}. */
export interface CouponPlacementOptions {
  /** Called once per accepted bet (the app refreshes the balance there). */
  onAccepted?: (betId: string) => void;
}

/**
 * The bet placement machine of the coupon, over the HTTP adapter, with the bettor's CheckCf policy. A normal bet
 * asks for confirmation; a one-click bet skips it. An accepted normal bet empties the coupon.
 */
export function useCouponPlacement({ onAccepted }: CouponPlacementOptions = {}) {
  const { client, store, state } = useCoupon();
  const api = useMemo(() => createBetPlacementApi(client), [client]);
  const [snapshot, send, actor] = useMachine(betPlacementMachine, { input: { api, checkCf: state.settings.checkCf } });
  const accepted = useRef(onAccepted);
  accepted.current = onAccepted;
  useEffect(() => {
    const subscription = actor.on('bet.accepted', (event) => {
      if (!event.oneClick) store.clear();
      accepted.current?.(event.betId);
    });
    return () => subscription.unsubscribe();
  }, [actor, store]);
  return {
    snapshot,
    send,
    submit: (draft: BetDraft) => send({ type: 'coupon.submit', draft }),
    oneClick: (draft: BetDraft) => send({ type: 'coupon.oneClick', draft }),
  };
}

/** What {@link useCouponPlacement} gives. */
export type CouponPlacement = ReturnType<typeof useCouponPlacement>;
