import { useT } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import { CouponProvider } from '@tessera/sportsbook/data-access-coupon';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';

// The bet slip's code (the placement machine, the panel, the wallet calls) loads after the page: the line paints
// without waiting for it and its initial JavaScript stays small.
const WalletCouponPanel = lazy(() => import('./wallet-coupon-panel').then((m) => ({ default: m.WalletCouponPanel })));

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
          <Suspense fallback={placeholder}>
            <WalletCouponPanel onCurrency={setCurrency} />
          </Suspense>
        ) : (
          placeholder
        )}
      </StyledColumns>
    </CouponProvider>
  );
}
