import { useQuery } from '@tanstack/react-query';
import type { BackofficeAuditEntry } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input } from '@tessera/shared/ui';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { type AuditFilters, auditQuery } from '../api/console.queries';
import { auditCsvUrl } from '../api/desks.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { FilterBar } from '../ui/filter-bar';
import { PageHeader } from '../ui/page-header';
import { useFormat } from '../ui/use-format';

const StyledPager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-start: ${({ theme }) => theme.space(3)};
`;

const StyledDetails = styled.details`
  pre {
    max-inline-size: 60ch;
    overflow-x: auto;
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding: ${({ theme }) => theme.space(2)};
    background: ${({ theme }) => theme.color.surface.sunken};
    font-family: ${({ theme }) => theme.typography.mono};
    font-size: ${({ theme }) => theme.typography.size.small};
    direction: ltr;
    text-align: start;
  }
`;

const StyledExport = styled.a`
  align-self: flex-end;
`;

/** A date input's value (yyyy-mm-dd) as the start or the end of that day in UTC, for the API's date-time filters. */
function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

function filtersFrom(params: URLSearchParams): AuditFilters & { fromDay: string; toDay: string } {
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: params.get('q') || undefined,
    operator: params.get('operator') || undefined,
    from: dayBound(fromDay, false),
    to: dayBound(toDay, true),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    fromDay,
    toDay,
  };
}

function AuditChange({ entry }: { entry: BackofficeAuditEntry }) {
  const t = useConsoleTranslate();
  if ((entry.before ?? null) === null && (entry.after ?? null) === null) return <>—</>;
  return (
    <StyledDetails>
      <summary>{t('backoffice:audit.change')}</summary>
      <pre>{JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null }, null, 2)}</pre>
    </StyledDetails>
  );
}

/** The audit desk: every operator action, searchable by text, operator and dates, paged, exported as CSV. */
export function AuditPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const canExport = useCan('audit.export');
  const [params, setParams] = useSearchParams();
  const { fromDay, toDay, ...filters } = filtersFrom(params);
  const query = useQuery(auditQuery(client, filters));
  const total = query.data?.total ?? 0;
  const pageSize = query.data?.pageSize ?? 50;
  const page = filters.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['q', 'operator', 'from', 'to']) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setParams(next);
  };
  const goTo = (target: number) => setParams({ ...Object.fromEntries(params), page: String(target) });

  return (
    <>
      <PageHeader
        title={t('backoffice:audit.title')}
        description={t('backoffice:audit.intro')}
        actions={
          canExport ? (
            <StyledExport
              href={auditCsvUrl({ q: filters.q, operator: filters.operator, from: filters.from, to: filters.to })}
              download
            >
              {t('backoffice:audit.export')}
            </StyledExport>
          ) : undefined
        }
      />
      <FilterBar role="search" onSubmit={onSubmit} aria-label={t('backoffice:audit.search')} key={params.toString()}>
        <Field label={t('backoffice:audit.query')}>
          <Input name="q" type="search" defaultValue={filters.q ?? ''} maxLength={200} />
        </Field>
        <Field label={t('backoffice:audit.operator')}>
          <Input name="operator" type="search" defaultValue={filters.operator ?? ''} maxLength={254} />
        </Field>
        <Field label={t('backoffice:audit.from')}>
          <Input name="from" type="date" defaultValue={fromDay} />
        </Field>
        <Field label={t('backoffice:audit.to')}>
          <Input name="to" type="date" defaultValue={toDay} />
        </Field>
        <Button type="submit">{t('backoffice:action.search')}</Button>
      </FilterBar>
      <DeskState
        query={query}
        isEmpty={query.data?.entries.length === 0}
        loadingLabel={t('backoffice:audit.loading')}
        emptyText={t('backoffice:audit.empty')}
        rows={10}
      >
        <DataTable<BackofficeAuditEntry>
          caption={t('backoffice:audit.caption', { total })}
          showCaption
          rows={query.data?.entries ?? []}
          rowKey={(row) => row.id}
          rowHeader="action"
          columns={[
            { key: 'at', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.at) },
            {
              key: 'operator',
              header: t('backoffice:column.operator'),
              cell: (row) => row.operatorEmail ?? t('backoffice:audit.system'),
            },
            { key: 'action', header: t('backoffice:audit.action'), cell: (row) => <code>{row.action}</code> },
            {
              key: 'target',
              header: t('backoffice:audit.target'),
              cell: (row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}`.trim() : '—'),
            },
            { key: 'brand', header: t('backoffice:player.brand'), cell: (row) => row.brandId ?? '—' },
            { key: 'reason', header: t('backoffice:reason.label'), cell: (row) => row.reason ?? '—' },
            { key: 'ip', header: t('backoffice:session.ip'), cell: (row) => <bdi dir="ltr">{row.ip ?? '—'}</bdi> },
            { key: 'change', header: t('backoffice:audit.change'), cell: (row) => <AuditChange entry={row} /> },
          ]}
        />
        <StyledPager aria-label={t('backoffice:audit.pages')}>
          <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('backoffice:audit.previous')}
          </Button>
          <span>{t('backoffice:audit.page', { page, pages })}</span>
          <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            {t('backoffice:audit.next')}
          </Button>
        </StyledPager>
      </DeskState>
    </>
  );
}
