import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import styled from 'styled-components';
import { useActiveAccount } from './wallet.queries';

const StyledBalance = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** Props of {@link HeaderBalance}. */
export interface HeaderBalanceProps {
  /** `full` reads "Balance: 12.00 EUR"; `amount` only the money, for the phone's account button (default full). */
  variant?: 'full' | 'amount';
}

/**
 * The balance in the header: the active account's money in its currency, kept fresh by polling and by the wallet
 * invalidation after a bet, a sale or a deposit. Changes are announced politely.
 */
export function HeaderBalance({ variant = 'full' }: HeaderBalanceProps = {}) {
  const { t } = useT();
  const site = useSiteFormat();
  const { account, query } = useActiveAccount(true);
  if (!account) {
    if (query.isError) return null;
    // A placeholder the size of the text that replaces it ("Balance: 1,234.56 EUR" or the amount alone), so nothing
    // moves when the money arrives, named for screen readers.
    return (
      <Skeleton inline label={t('coupon:balance.loading')} width={variant === 'amount' ? '6ch' : '13ch'} height="1em" />
    );
  }
  const amount = site.money(account.money, account.iso || account.symbol);
  // The phone's button repeats the amount the full balance announces: only the full one is a live region.
  if (variant === 'amount') return <StyledBalance>{amount}</StyledBalance>;
  return <StyledBalance aria-live="polite">{t('coupon:balance.value', { amount })}</StyledBalance>;
}
