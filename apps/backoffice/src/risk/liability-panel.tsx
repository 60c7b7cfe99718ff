import { useQuery } from '@tanstack/react-query';
import type { BackofficeLiabilityResponse } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { useFormat } from '../ui/use-format';
import { liabilityQuery } from './risk.api';

type Market = BackofficeLiabilityResponse['markets'][number];

const StyledMuted = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.size.small};
  color: ${({ theme }) => theme.color.text.muted};
`;

/** What the open bets could cost per event and market, the worst first; refreshed while open. */
export function LiabilityPanel() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const query = useQuery(liabilityQuery(client));
  return (
    <>
      <p>{t('backoffice-desks:liability.note')}</p>
      <DeskState
        query={query}
        isEmpty={query.data?.markets.length === 0}
        loadingLabel={t('backoffice-desks:liability.loading')}
        emptyText={t('backoffice-desks:liability.empty')}
      >
        <DataTable<Market>
          caption={t('backoffice-desks:liability.table')}
          rows={query.data?.markets ?? []}
          rowKey={(row) => `${row.gameId}-${row.marketId}-${row.currency}`}
          rowHeader="event"
          columns={[
            {
              key: 'event',
              header: t('backoffice-desks:liability.event'),
              cell: (row) => (
                <Link to={`?tab=bets&game=${row.gameId}&status=accepted`}>
                  {row.home} – {row.away}
                </Link>
              ),
            },
            {
              key: 'market',
              header: t('backoffice-desks:liability.market'),
              cell: (row) => row.market ?? row.marketId,
            },
            { key: 'bets', header: t('backoffice-desks:liability.bets'), numeric: true, cell: (row) => row.bets },
            {
              key: 'stakes',
              header: t('backoffice-desks:liability.stakes'),
              numeric: true,
              cell: (row) => format.money(row.stakes, row.currency),
            },
            {
              key: 'outcomes',
              header: t('backoffice-desks:liability.outcomes'),
              cell: (row) =>
                row.outcomes.map((o) => (
                  <StyledMuted key={o.outcomeId}>
                    {o.outcome ?? o.outcomeId}: {format.money(o.payout, row.currency)}
                  </StyledMuted>
                )),
            },
            {
              key: 'worst',
              header: t('backoffice-desks:liability.worst'),
              numeric: true,
              cell: (row) => format.money(row.liability, row.currency),
            },
          ]}
        />
      </DeskState>
    </>
  );
}
