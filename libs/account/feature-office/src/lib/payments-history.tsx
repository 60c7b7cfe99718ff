import { useQuery } from '@tanstack/react-query';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { amountTemplateFor, formatAmount, formatDateTime } from '@tessera/shared/util-format';
import { useId } from 'react';
import styled from 'styled-components';
import { walletApi } from './wallet.api';
import { useWalletClient, walletKeys } from './wallet.queries';

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    text-align: start;
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  }
  td:nth-child(3) {
    font-variant-numeric: tabular-nums;
  }
`;

/** The payments history of the main account (deposits, refunds, withdrawals), newest first, from the ledger. */
export function PaymentsHistory() {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  const client = useWalletClient();
  const query = useQuery({
    queryKey: walletKeys.payments(false),
    queryFn: ({ signal }) => client.send(walletApi.paymentsHistory, {}, { signal }),
  });
  const headingId = useId();
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('coupon:payments.title')}</h2>
      {query.isPending ? <p aria-busy="true">{t('coupon:panel.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('coupon:payments.error')}</p> : null}
      {query.data && items.length === 0 ? <p>{t('coupon:payments.empty')}</p> : null}
      {items.length > 0 ? (
        <StyledTable aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('coupon:payments.date')}</th>
              <th scope="col">{t('coupon:payments.type')}</th>
              <th scope="col">{t('coupon:payments.amount')}</th>
              <th scope="col">{t('coupon:payments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  {formatDateTime(item.createdAt, `${config.global.dateFormat} ${config.global.timeFormat}`, {
                    timeZone: config.global.timezone,
                  })}
                </td>
                <td>{tDynamic(`coupon:payments.type.${item.type}`, item.type)}</td>
                <td>{formatAmount(item.amount, item.currency, amountTemplateFor(config.global, item.currency))}</td>
                <td>{item.status}</td>
              </tr>
            ))}
          </tbody>
        </StyledTable>
      ) : null}
    </section>
  );
}
