import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Button, Skeleton, SLIP_BAR_HEIGHT, SlipBarSpace } from '@tessera/shared/ui';
import { CouponProvider, isCouponFeatureOn, useCoupon } from '@tessera/sportsbook/data-access-coupon';
import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';

// The bet slip's code (the placement machine, the panel, the wallet calls; about 28 KB gzip) loads only when the slip
// is needed: it has selections (the first odds click, or a stored coupon), the bettor opens it, or the screen is wide
// enough to show it as a column. A phone that only browses the line never loads it (README, "The bet slip loads when needed"). A new lazy component
// per attempt, because React keeps a failed import's rejection for the life of a lazy component.
const loadPanel = () => lazy(() => import('./wallet-coupon-panel').then((m) => ({ default: m.WalletCouponPanel })));

const StyledColumns = styled.div`
  display: grid;
  /* One column no wider than the screen, whatever a row's content would like (a late strip, a long name). */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 20rem;
    align-items: start;
  }
`;

// The slip's frame until its code is there. Wide screens: the side column, with the heading and a busy skeleton where
// the panel will be (no shift outside the column). Narrow screens: once the slip has a selection, the sheet's button,
// fixed at the bottom like the panel's own (same place, name and count), so pressing it while the slip's code loads
// opens the sheet when it is there. An empty slip shows no bar on a phone (the coupon is empty in the server HTML).
const StyledStandInAside = styled.aside`
  display: none;
  ${({ theme }) => theme.media.lg} {
    display: grid;
    align-content: start;
    gap: ${({ theme }) => theme.space(3)};
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
const StyledStandInButton = styled(Button)`
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

// The phone's way into the slip for a booking code, there with an empty slip too (the slip's bar comes only with a
// selection): a quiet row above the page's content, at its end side, in the flow (it covers nothing). It is in the
// server HTML and stays whatever the slip holds, so a stored coupon read after mount moves nothing. Wide screens have
// the code box in the slip's column.
const StyledCodeEntry = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-block-end: ${({ theme }) => theme.space(2)};
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

/** Props of {@link PanelBoundary}. */
interface PanelBoundaryProps {
  /** What to show when the panel failed. */
  fallback: ReactNode;
  children?: ReactNode;
}

/**
 * Keeps a failure of the bet slip (its code did not load, or it threw) inside the slip's column: the page with its
 * odds stays, and the slip offers to load again.
 */
class PanelBoundary extends Component<PanelBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Whether the slip's side column is shown (wide screens); false on the server and until mounted. */
function useWideScreen(): boolean {
  const { breakpoints } = useTheme();
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(`(min-width: ${breakpoints.lg}px)`);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [breakpoints.lg]);
  return wide;
}

/** Props of {@link CouponSlip}. */
interface CouponSlipProps {
  onCurrency: (currency: string) => void;
  /** Raised by one each time the bettor presses the phone's booking-code entry. */
  codeRequest: number;
  /** The phone's booking-code entry's id: where the focus goes when the closed sheet leaves nothing else. */
  entryId: string;
}

/**
 * The bet slip of the page: a stand-in until the slip is needed, then the lazily loaded panel, which stays once
 * loaded (an accepted bet empties the coupon, and its confirmation must stay on screen).
 */
function CouponSlip({ onCurrency, codeRequest, entryId }: CouponSlipProps) {
  const { t } = useT();
  const { state } = useCoupon();
  const count = state.coupon.selections.length;
  const wide = useWideScreen();
  const headingId = useId();
  const [asked, setAsked] = useState(false);
  const [needed, setNeeded] = useState(false);
  // Quick bet on a phone: the bettor's first pick into an empty slip opens the sheet as soon as the slip has loaded. A
  // pick is a click (or a key press on an odds button); a coupon restored from storage after mount opens nothing.
  const lastClick = useRef(0);
  useEffect(() => {
    const mark = () => (lastClick.current = Date.now());
    document.addEventListener('click', mark, true);
    return () => document.removeEventListener('click', mark, true);
  }, []);
  const [previousCount, setPreviousCount] = useState(count);
  const [quick, setQuick] = useState(false);
  if (previousCount !== count) {
    setPreviousCount(count);
    if (previousCount === 0 && count === 1 && !wide && Date.now() - lastClick.current < 1000) setQuick(true);
  }
  // The coupon is empty on the server and in the first client render (the stored coupon is read after mount), so the
  // server HTML and hydration agree; a stored coupon with selections then loads the slip like a first odds click.
  if (!needed && (count > 0 || asked || codeRequest > 0 || wide)) setNeeded(true);
  const [attempt, setAttempt] = useState(0);
  const [WalletCouponPanel, setPanel] = useState<ReturnType<typeof loadPanel> | null>(null);
  // The server render (renderToString) cannot suspend: the panel is created only in the browser, once needed.
  useEffect(() => {
    if (needed) setPanel((current: ReturnType<typeof loadPanel> | null) => current ?? loadPanel());
  }, [needed]);
  const retry = () => {
    setPanel(() => loadPanel());
    setAttempt((n) => n + 1);
  };
  const standIn = (
    <>
      <StyledStandInAside aria-labelledby={headingId}>
        <h2 id={headingId}>{t('coupon:panel.title')}</h2>
        <Skeleton count={4} height="2.5em" label={t('coupon:panel.loading')} />
      </StyledStandInAside>
      {/* The phone's bar only once the slip has a selection (the panel's own bar follows the same rule). */}
      {count > 0 ? (
        <>
          <SlipBarSpace />
          <StyledStandInButton variant="accent" aria-haspopup="dialog" loading={asked} onClick={() => setAsked(true)}>
            {t('coupon:panel.open', { count })}
          </StyledStandInButton>
        </>
      ) : null}
    </>
  );
  if (!WalletCouponPanel) return standIn;
  return (
    <PanelBoundary
      key={attempt}
      fallback={
        <div role="alert">
          <p>{t('coupon:panel.error')}</p>
          <Button variant="secondary" size="small" onClick={retry}>
            {t('coupon:panel.retry')}
          </Button>
        </div>
      }
    >
      <Suspense fallback={standIn}>
        <WalletCouponPanel
          onCurrency={onCurrency}
          sheetOpenAtStart={asked || quick}
          codeRequest={codeRequest}
          fallbackFocus={() =>
            document.getElementById(entryId) ??
            // No entry (the brand has no booking codes): the phone's tab bar, at the page the bettor is on.
            document.querySelector<HTMLElement>('a[data-tab][aria-current="page"]')
          }
        />
      </Suspense>
    </PanelBoundary>
  );
}

/**
 * A sportsbook page with its bet slip beside it (a sheet on narrow screens). The coupon itself is here, so every
 * odds button of the page can add to it at once; the panel and the wallet come lazily, when the slip is needed, and
 * tell the coupon the active account's currency (the app composes account and sportsbook; neither imports the other).
 */
export function CouponArea({ children }: { children?: ReactNode }) {
  const { t } = useT();
  const { config } = useBrand();
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [codeRequest, setCodeRequest] = useState(0);
  const entryId = useId();
  return (
    <CouponProvider {...(currency ? { currency } : {})}>
      <StyledColumns>
        <div>
          {isCouponFeatureOn(config, 'saveLoad') ? (
            <StyledCodeEntry>
              <Button
                id={entryId}
                variant="ghost"
                size="small"
                aria-haspopup="dialog"
                onClick={() => setCodeRequest((n) => n + 1)}
              >
                {t('coupon:panel.loadCode')}
              </Button>
            </StyledCodeEntry>
          ) : null}
          {children}
        </div>
        <CouponSlip onCurrency={setCurrency} codeRequest={codeRequest} entryId={entryId} />
      </StyledColumns>
    </CouponProvider>
  );
}
