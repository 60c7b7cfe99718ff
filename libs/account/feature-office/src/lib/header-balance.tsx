import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
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
    if (variant === 'amount') return query.isError ? null : <StyledBalance aria-hidden="true">…</StyledBalance>;
    return query.isError ? null : <StyledBalance aria-live="polite">{t('coupon:balance.loading')}</StyledBalance>;
  }
  const amount = site.money(account.money, account.iso || account.symbol);
  // The phone's button repeats the amount the full balance announces: only the full one is a live region.
  if (variant === 'amount') return <StyledBalance>{amount}</StyledBalance>;
  return <StyledBalance aria-live="polite">{t('coupon:balance.value', { amount })}</StyledBalance>;
}
