import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { amountTemplateFor, formatAmount } from '@tessera/shared/util-format';
import styled from 'styled-components';
import { useActiveAccount } from './wallet.queries';

const StyledBalance = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/**
 * The balance in the header: the active account's money in its currency, kept fresh by polling and by the wallet
 * invalidation after a bet, a sale or a deposit. Changes are announced politely.
 */
export function HeaderBalance() {
  const { t } = useT();
  const { config } = useBrand();
  const { account, query } = useActiveAccount(true);
  if (!account) {
    return query.isError ? null : <StyledBalance aria-live="polite">{t('coupon:balance.loading')}</StyledBalance>;
  }
  return (
    <StyledBalance aria-live="polite">
      {t('coupon:balance.value', {
        amount: formatAmount(
          account.money,
          account.iso || account.symbol,
          amountTemplateFor(config.global, account.iso || account.symbol),
        ),
      })}
    </StyledBalance>
  );
}
