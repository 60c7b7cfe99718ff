import { useQuery } from '@tanstack/react-query';
import type { BackofficeBrandsResponse } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { brandsQuery } from '../api/console.queries';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';

type Brand = BackofficeBrandsResponse['brands'][number];

const StyledIssues = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(4)};
  code {
    direction: ltr;
    unicode-bidi: isolate;
  }
`;

/** The brand overview: every brand with its countries, languages and jurisdictions; a refused one with its errors. */
export function BrandsPage() {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const query = useQuery(brandsQuery(client));
  const list = (values: readonly string[], upper = false) =>
    values.length === 0 ? '—' : values.map((value) => (upper ? value.toUpperCase() : value)).join(', ');
  return (
    <>
      <PageHeader title={t('backoffice:brands.title')} description={t('backoffice:brands.intro')} />
      <DeskState
        query={query}
        isEmpty={query.data?.brands.length === 0}
        loadingLabel={t('backoffice:brands.loading')}
        emptyText={t('backoffice:brands.empty')}
      >
        <DataTable<Brand>
          caption={t('backoffice:brands.title')}
          rows={query.data?.brands ?? []}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'name',
              header: t('backoffice:brands.brand'),
              cell: (row) => <bdi>{`${row.name} (${row.id})`}</bdi>,
            },
            {
              key: 'health',
              header: t('backoffice:column.status'),
              cell: (row) =>
                row.health === 'served' ? (
                  <StatusBadge tone="success">{t('backoffice:brands.served')}</StatusBadge>
                ) : (
                  <StatusBadge tone="danger">{t('backoffice:brands.refused')}</StatusBadge>
                ),
            },
            { key: 'countries', header: t('backoffice:brands.countries'), cell: (row) => list(row.countries, true) },
            { key: 'languages', header: t('backoffice:brands.languages'), cell: (row) => list(row.languages) },
            {
              key: 'jurisdictions',
              header: t('backoffice:brands.jurisdictions'),
              cell: (row) => list(row.jurisdictions),
            },
            {
              key: 'errors',
              header: t('backoffice:brands.errors'),
              cell: (row) =>
                row.errors.length === 0 ? (
                  '—'
                ) : (
                  <StyledIssues>
                    {row.errors.map((issue) => (
                      <li key={`${issue.file}:${issue.pointer}`}>
                        <code>
                          {issue.file} {issue.pointer}
                        </code>
                        : <bdi>{issue.message}</bdi>
                      </li>
                    ))}
                  </StyledIssues>
                ),
            },
          ]}
        />
      </DeskState>
    </>
  );
}
