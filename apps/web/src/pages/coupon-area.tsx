import { useT } from '@tessera/shared/data-access-brand';
import { Button, Skeleton } from '@tessera/shared/ui';
import { CouponProvider } from '@tessera/sportsbook/data-access-coupon';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';

// The bet slip's code (the placement machine, the panel, the wallet calls) loads after the page: the line paints
// without waiting for it and its initial JavaScript stays small. A new lazy component per attempt, because React
// keeps a failed import's rejection for the life of a lazy component.
const loadPanel = () => lazy(() => import('./wallet-coupon-panel').then((m) => ({ default: m.WalletCouponPanel })));

const StyledColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  /* Room for the mobile bet slip button at the bottom of the screen. */
  padding-block-end: ${({ theme }) => theme.space(16)};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 20rem;
    align-items: start;
    padding-block-end: 0;
  }
`;

// The placeholder stands where the side panel will be; narrow screens get the slip as a button and sheet, so nothing
// is reserved there (a placeholder below the page would only shift the footer).
const StyledPlaceholder = styled.div`
  display: none;
  ${({ theme }) => theme.media.lg} {
    display: block;
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

/**
 * A sportsbook page with its bet slip beside it (a sheet on narrow screens). The coupon itself is here, so every
 * odds button of the page can add to it at once; the panel and the wallet come lazily and tell the coupon the active
 * account's currency (the app composes account and sportsbook; neither library imports the other).
 */
export function CouponArea({ children }: { children?: ReactNode }) {
  const { t } = useT();
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  // The server render (renderToString) cannot suspend: the lazy panel is mounted only in the browser, after hydration.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [attempt, setAttempt] = useState(0);
  const [WalletCouponPanel, setPanel] = useState(loadPanel);
  const retry = () => {
    setPanel(() => loadPanel());
    setAttempt((n) => n + 1);
  };
  const placeholder = (
    <StyledPlaceholder>
      <Skeleton count={4} height="2.5em" label={t('coupon:panel.loading')} />
    </StyledPlaceholder>
  );
  return (
    <CouponProvider {...(currency ? { currency } : {})}>
      <StyledColumns>
        <div>{children}</div>
        {mounted ? (
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
            <Suspense fallback={placeholder}>
              <WalletCouponPanel onCurrency={setCurrency} />
            </Suspense>
          </PanelBoundary>
        ) : (
          placeholder
        )}
      </StyledColumns>
    </CouponProvider>
  );
}
