import { useQueryClient } from '@tanstack/react-query';
import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { invalidateWallet, useActiveAccount } from '@tessera/account/feature-office';
import { CouponPanel } from '@tessera/sportsbook/feature-coupon';
import { useCallback, useEffect } from 'react';

/** Props of {@link WalletCouponPanel}. */
export interface WalletCouponPanelProps {
  /** Told the active account's currency once known, so the page's coupon is priced in it. */
  onCurrency: (currency: string) => void;
  /** Open the slip's sheet at once (the bettor pressed its button while the slip was loading). */
  sheetOpenAtStart?: boolean;
  /** Raised by one each time the bettor asks to load a booking code (CouponPanel `codeRequest`). */
  codeRequest?: number;
  /** Where the focus goes when the closed sheet's bar and opener are gone (CouponPanel `fallbackFocus`). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * The bet slip with the bettor's wallet: the coupon refuses stakes above the active account's balance, and an
 * accepted bet refreshes the wallet (header balance, histories). Loaded when the slip is needed (see CouponArea).
 */
export function WalletCouponPanel({
  onCurrency,
  sheetOpenAtStart = false,
  codeRequest = 0,
  fallbackFocus,
}: WalletCouponPanelProps) {
  const session = useSession();
  const authorised = isAuthorised(session);
  const { account } = useActiveAccount(authorised);
  const queryClient = useQueryClient();
  const refreshWallet = useCallback(() => void invalidateWallet(queryClient), [queryClient]);
  const currency = account?.iso;
  useEffect(() => {
    if (currency) onCurrency(currency);
  }, [currency, onCurrency]);
  return (
    <CouponPanel
      authorised={authorised}
      {...(account ? { balance: account.money } : {})}
      onBetAccepted={refreshWallet}
      sheetOpenAtStart={sheetOpenAtStart}
      codeRequest={codeRequest}
      {...(fallbackFocus ? { fallbackFocus } : {})}
    />
  );
}
