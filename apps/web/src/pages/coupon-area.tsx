import { useQueryClient } from '@tanstack/react-query';
import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { invalidateWallet, useActiveAccount } from '@tessera/account/feature-office';
import { CouponProvider } from '@tessera/sportsbook/data-access-coupon';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import styled from 'styled-components';

// The bet slip's code (the placement machine, the panel) loads after the page: the line paints without waiting for it.
const CouponPanel = lazy(() => import('@tessera/sportsbook/feature-coupon').then((m) => ({ default: m.CouponPanel })));

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

/**
 * A sportsbook page with its bet slip beside it (below the page on narrow screens, as a sheet). The app composes the
 * account's balance and the coupon: the coupon is priced in the active account's currency and refuses stakes above
 * its balance, and an accepted bet refreshes the wallet (header balance, histories).
 */
export function CouponArea({ children }: { children?: ReactNode }) {
  const session = useSession();
  const authorised = isAuthorised(session);
  const { account } = useActiveAccount(authorised);
  const queryClient = useQueryClient();
  const refreshWallet = useCallback(() => void invalidateWallet(queryClient), [queryClient]);
  return (
    <CouponProvider {...(account?.iso ? { currency: account.iso } : {})}>
      <StyledColumns>
        <div>{children}</div>
        <Suspense fallback={null}>
          <CouponPanel authorised={authorised} {...(account ? { balance: account.money } : {})} onBetAccepted={refreshWallet} />
        </Suspense>
      </StyledColumns>
    </CouponProvider>
  );
}
