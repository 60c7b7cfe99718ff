import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBrand, useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, PageState, pageStatus, Select } from '@tessera/shared/ui';
import { formatDateTime } from '@tessera/shared/util-format';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { walletApi, type PaymentItem } from './wallet.api';
import { useWalletClient, walletKeys } from './wallet.queries';

/** Payments per page of the history. */
export const PAYMENTS_PAGE_SIZE = 20;

const TYPES: PaymentItem['type'][] = ['deposit', 'withdrawal', 'transfer', 'refund', 'adjustment'];
const STATUSES: PaymentItem['status'][] = ['completed', 'pending', 'cancelled'];

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
  }
  fieldset {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
  p {
    margin: 0;
  }
  .money {
    text-align: end;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .meta {
    color: ${({ theme }) => theme.color.text.muted};
    font-size: 0.9em;
  }
`;

const StyledPager = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

interface Filters {
  type: PaymentItem['type'] | '';
  status: PaymentItem['status'] | '';
  from: string;
  to: string;
}

/** A date input's day (yyyy-mm-dd) as the start of that day in UTC, or undefined. */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString();
}

/**
 * The payments history: deposits, withdrawals with their state, transfers between own accounts (with what the other
 * account received), refunds and adjustments, newest first; filtered by kind, status and date range, a page at a time.
 */
export function PaymentsHistory() {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  const client = useWalletClient();
  const [filters, setFilters] = useState<Filters>({ type: '', status: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const headingId = useId();
  const body = {
    page_number: page,
    page_size: PAYMENTS_PAGE_SIZE,
    ...(filters.type ? { types: [filters.type] } : {}),
    ...(filters.status ? { statuses: [filters.status] } : {}),
    ...(dayStart(filters.from) ? { date_from: dayStart(filters.from) } : {}),
    // The "to" day is included: the range ends at the start of the next day.
    ...(dayStart(filters.to, 1) ? { date_to: dayStart(filters.to, 1) } : {}),
  };
  const query = useQuery({
    queryKey: walletKeys.history(body),
    queryFn: ({ signal }) => client.send(walletApi.paymentsHistory, body, { signal }),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const site = useSiteFormat();
  const money = (amount: number, currency: string) => site.money(amount, currency);
  const items = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAYMENTS_PAGE_SIZE));
  return (
    <StyledSection aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments:history.title')}</h2>
      <fieldset>
        <legend>{t('payments:history.filters')}</legend>
        <Field label={t('payments:history.type')}>
          <Select value={filters.type} onChange={(e) => set({ type: e.target.value as Filters['type'] })}>
            <option value="">{t('payments:history.all')}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {tDynamic(`payments:history.type.${type}`, type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('payments:history.status')}>
          <Select value={filters.status} onChange={(e) => set({ status: e.target.value as Filters['status'] })}>
            <option value="">{t('payments:history.all')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {tDynamic(`payments:history.status.${status}`, status)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('payments:history.from')}>
          <Input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </Field>
        <Field label={t('payments:history.to')}>
          <Input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </Field>
      </fieldset>
      <PageState
        status={pageStatus(query, items.length === 0)}
        loadingLabel={t('payments:history.loading')}
        rows={5}
        rowHeight="3em"
        errorText={t('payments:history.error')}
        retryLabel={t('payments:retry')}
        onRetry={() => void query.refetch()}
        emptyText={t('payments:history.empty')}
      >
        <StyledList aria-label={t('payments:history.title')} aria-busy={query.isFetching || undefined}>
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`}>
              <p>
                <strong>{tDynamic(`payments:history.type.${item.type}`, item.type)}</strong>
                {' · '}
                {item.state
                  ? tDynamic(`payments:state.${item.state}`, item.state)
                  : tDynamic(`payments:history.status.${item.status}`, item.status)}
              </p>
              <p className="money">
                {item.type === 'deposit' || item.type === 'adjustment' ? '' : '−'}
                {money(item.amount, item.currency)}
              </p>
              <p className="meta">
                {formatDateTime(item.createdAt, `${config.global.dateFormat} ${config.global.timeFormat}`, {
                  timeZone: config.global.timezone,
                })}
              </p>
              <p className="meta money">
                {item.counterAmount != null && item.counterCurrency
                  ? t('payments:history.received', { amount: money(item.counterAmount, item.counterCurrency) })
                  : ''}
              </p>
            </li>
          ))}
        </StyledList>
      </PageState>
      {query.data && pages > 1 ? (
        <StyledPager aria-label={t('payments:history.pages')}>
          <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('payments:history.previous')}
          </Button>
          <span>{t('payments:history.page', { page: String(page), pages: String(pages) })}</span>
          <Button size="small" variant="secondary" disabled={!query.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('payments:history.next')}
          </Button>
        </StyledPager>
      ) : null}
    </StyledSection>
  );
}
