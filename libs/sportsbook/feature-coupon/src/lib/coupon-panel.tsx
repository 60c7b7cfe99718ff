import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Button, Modal, SLIP_BAR_HEIGHT, SlipBarSpace } from '@tessera/shared/ui';
import {
  isCouponFeatureOn,
  toBetDraft,
  useCoupon,
  useCouponLinePolling,
  useCouponLiveSync,
  type CouponPick,
} from '@tessera/sportsbook/data-access-coupon';
import { addSelection, createCoupon, setStake } from '@tessera/sportsbook/util-coupon';
import { useEffect, useId, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { CouponBody } from './coupon-body';
import { useMoney } from './coupon-text';
import { useCouponPlacement } from './use-coupon-placement';

const StyledAside = styled.aside`
  display: none;
  ${({ theme }) => theme.media.lg} {
    display: grid;
    align-content: start;
    gap: ${({ theme }) => theme.space(3)};
    position: sticky;
    inset-block-start: calc(${({ theme }) => theme.headerHeight} + ${({ theme }) => theme.space(4)});
    max-height: calc(100vh - ${({ theme }) => theme.headerHeight} - ${({ theme }) => theme.space(8)});
    overflow: auto;
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.color.surface.raised};
  }
  h2 {
    margin: 0;
    font-size: 1.1em;
  }
`;

// The class is doubled: the Button's own display must not win over the wide screens' none, whichever of the two
// style rules the page happens to load last (the slip's code arrives after the page's).
const StyledSheetButton = styled(Button)`
  && {
    position: fixed;
    inset-inline: ${({ theme }) => theme.space(3)};
    /* Above the phone's tab bar, where there is one (shared/ui TabBar). */
    inset-block-end: calc(var(--tab-bar-height, 0px) + ${({ theme }) => theme.space(3)});
    min-height: ${SLIP_BAR_HEIGHT};
    z-index: ${({ theme }) => theme.zIndex.overlay};
  }
  ${({ theme }) => theme.media.lg} {
    && {
      display: none;
    }
  }
`;

/** Props of {@link CouponPanel}. */
export interface CouponPanelProps {
  /** Signed in: bets can be placed. */
  authorised: boolean;
  /** The main balance in the coupon's currency, when known. */
  balance?: number;
  /** Where a guest goes to log in. */
  loginHref?: string;
  /** Called after each accepted bet (the app refreshes the balance). */
  onBetAccepted?: (betId: string) => void;
  /** Open the sheet at once (narrow screens): the bettor asked for the slip before its code had loaded. */
  sheetOpenAtStart?: boolean;
  /**
   * Raised by one each time the bettor asks to load a booking code from outside the slip (the phone's entry, there
   * with an empty slip too): the sheet opens with the focus in the code box. 0 asks nothing.
   */
  codeRequest?: number;
  /**
   * Where the focus goes when the sheet closes and neither its bar (gone with the last selection) nor the control that
   * opened it is on the page any more: the page's own entry to the slip.
   */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * The bet slip: a side panel on wide screens and, on narrow ones, a button at the bottom that opens it as a modal
 * bottom sheet (the shared Modal's `sheet`: along the bottom edge, full width, the page dimmed behind; focus moves in
 * and back, Escape closes). One placement machine serves both, and one-click bets too. The coupon follows its games
 * over the push channel and polls UpdateCoupon while push is not arriving.
 */
export function CouponPanel({
  authorised,
  balance,
  loginHref,
  onBetAccepted,
  sheetOpenAtStart = false,
  codeRequest = 0,
  fallbackFocus,
}: CouponPanelProps) {
  const { t } = useT();
  const { config: site } = useBrand();
  const { store, state, config, currency } = useCoupon();
  const placement = useCouponPlacement(onBetAccepted ? { onAccepted: onBetAccepted } : {});
  const [sheetOpen, setSheetOpen] = useState(sheetOpenAtStart);
  const headingId = useId();
  const sheetButtonId = useId();
  // On close the dialog returns the focus to where it was when it opened. Where that control is gone (the app's
  // stand-in pressed while the slip loaded, or the bar, which goes with the last selection), the focus goes to the
  // sheet's bar if it is still there, else to the page's entry to the slip: never to the page's body.
  const [closed, setClosed] = useState(0);
  const closeSheet = () => {
    setSheetOpen(false);
    setClosed((n) => n + 1);
  };
  useEffect(() => {
    if (closed === 0) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (document.getElementById(sheetButtonId) ?? fallbackFocus?.())?.focus();
    // Only a close moves the focus (the fallback may be a new function on every render, so it is not a dependency).
  }, [closed, sheetButtonId]);
  // The booking code asked for from outside the slip: the sheet, with the focus in its code box once it is open
  // (after the dialog has put the focus on itself).
  const [focusCode, setFocusCode] = useState(false);
  useEffect(() => {
    if (codeRequest === 0) return;
    setSheetOpen(true);
    setFocusCode(true);
  }, [codeRequest]);
  useEffect(() => {
    if (!sheetOpen || !focusCode) return;
    setFocusCode(false);
    document.querySelector<HTMLInputElement>('[role="dialog"] input[name="couponCode"]')?.focus();
  }, [sheetOpen, focusCode]);
  const push = useCouponLiveSync();
  useCouponLinePolling(push !== 'push');

  // One-click: while the bettor has it on (and the brand offers it), a click on odds places a single at once.
  const oneClickOn =
    authorised && isCouponFeatureOn(site, 'oneClick') && state.settings.oneClick && state.settings.oneClickStake > 0;
  const { oneClick, snapshot } = placement;
  const idle = snapshot.matches('idle');
  const stake = state.settings.oneClickStake;
  useEffect(() => {
    if (!oneClickOn) return undefined;
    store.setOneClickHandler((pick: CouponPick) => {
      if (!idle) return;
      const added = addSelection(createCoupon({ currency }), pick.selection);
      oneClick(toBetDraft(setStake(added.coupon, stake), config));
    });
    return () => store.setOneClickHandler(undefined);
  }, [oneClickOn, idle, store, oneClick, config, currency, stake]);

  const money = useMoney(currency);
  const count = state.coupon.selections.length;
  // Quick bet: on a phone, the first pick into an empty slip opens the sheet at once, where one selection is a single
  // with the quick stakes (a slip restored with its selections on page load stays closed).
  const { breakpoints } = useTheme();
  const previousCount = useRef(count);
  const lastClick = useRef(0);
  useEffect(() => {
    const mark = () => (lastClick.current = Date.now());
    document.addEventListener('click', mark, true);
    return () => document.removeEventListener('click', mark, true);
  }, []);
  useEffect(() => {
    const narrow =
      typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${breakpoints.lg - 0.02}px)`).matches;
    // A pick is a click (or a key press on an odds button); a coupon restored or loaded by code opens nothing.
    if (previousCount.current === 0 && count === 1 && narrow && Date.now() - lastClick.current < 1000)
      setSheetOpen(true);
    previousCount.current = count;
  }, [count, breakpoints.lg]);
  // The phone's bar appears with the first selection and goes with the last, as bet365's does, and the page's bottom
  // room (SlipBarSpace) with it. An empty slip's sheet (opened for a booking code, or emptied by a bet placed or the last
  // pick removed) shows no "Bet slip (0)" behind it: on close the focus goes to the page's entry (fallbackFocus).
  const barShown = count > 0;
  const body = (
    <CouponBody
      placement={placement}
      authorised={authorised}
      {...(balance !== undefined ? { balance } : {})}
      {...(loginHref ? { loginHref } : {})}
    />
  );
  return (
    <>
      <StyledAside aria-labelledby={headingId}>
        <h2 id={headingId}>{t('coupon:panel.title')}</h2>
        {oneClickOn ? <p>{t('coupon:feature.oneClickOn', { amount: money(stake) })}</p> : null}
        {body}
      </StyledAside>
      {barShown ? (
        <>
          <SlipBarSpace />
          <StyledSheetButton
            id={sheetButtonId}
            variant="accent"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            {t('coupon:panel.open', { count })}
          </StyledSheetButton>
        </>
      ) : null}
      {sheetOpen ? (
        <Modal title={t('coupon:panel.title')} onClose={closeSheet} variant="sheet">
          {body}
        </Modal>
      ) : null}
    </>
  );
}
