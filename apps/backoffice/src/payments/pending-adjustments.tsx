import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeAdjustmentResponse, BackofficePendingAdjustmentsResponse } from '@tessera/shared/contract-api';
import { defineCall, oneOf, str, useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys } from '../api/console.queries';
import { CONSOLE_API } from '../api/session.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { ReasonDialog, StyledActions } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';

type Pending = BackofficePendingAdjustmentsResponse['adjustments'][number];
type Decision = 'approve' | 'reject';

/** GET adjustments and POST adjustments/:id/approve|reject (four-eyes, ADR 0356). */
export const adjustmentCalls = {
  pending: defineCall({ url: `${CONSOLE_API}/adjustments` }).returns<BackofficePendingAdjustmentsResponse>(),
  decide: defineCall({
    url: `${CONSOLE_API}/adjustments`,
    method: 'POST',
    path: { id: str({ required: true }), decision: oneOf(['approve', 'reject'] as const, { required: true }) },
    body: { reason: str({ required: true }) },
  }).returns<BackofficeAdjustmentResponse>(),
};

const pendingKey = [...consoleKeys.all, 'adjustments', 'pending'] as const;

/**
 * Manual adjustments above their brand's four-eyes amount, waiting for a second officer: the officer who asked sees
 * theirs marked and cannot decide it; another approves (the ledger transaction is made) or rejects, with a reason.
 */
export function PendingAdjustments() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const heading = useId();
  const query = useQuery(
    queryOptions({
      queryKey: pendingKey,
      queryFn: ({ signal }) => client.send(adjustmentCalls.pending, {}, { signal }),
    }),
  );
  const [deciding, setDeciding] = useState<{ row: Pending; decision: Decision } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const money = (row: Pending) => format.money(row.amount, row.currency);

  const decide = async ({ row, decision }: { row: Pending; decision: Decision }, reason: string) => {
    const answer = await client.send(adjustmentCalls.decide, { id: row.id, decision, reason });
    setOutcome(
      answer.outcome === 'adjusted'
        ? t('backoffice-desks:adjust.pending.approved', {
            amount: money(row),
            balance: format.money(answer.balanceAfter ?? 0, answer.currency),
          })
        : t('backoffice-desks:adjust.pending.rejected', { amount: money(row) }),
    );
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{t('backoffice-desks:adjust.pending.title')}</h2>
      {outcome ? <p role="status">{outcome}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.adjustments.length === 0}
        loadingLabel={t('backoffice-desks:adjust.pending.loading')}
        emptyText={t('backoffice-desks:adjust.pending.empty')}
        rows={2}
      >
        <DataTable<Pending>
          caption={t('backoffice-desks:adjust.pending.title')}
          rows={query.data?.adjustments ?? []}
          rowKey={(row) => row.id}
          rowHeader="player"
          columns={[
            { key: 'time', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.requestedAt) },
            {
              key: 'player',
              header: t('backoffice:column.player'),
              cell: (row) => (
                <Link to={`/players/${encodeURIComponent(row.playerId)}?tab=payments`}>{row.playerId}</Link>
              ),
            },
            { key: 'amount', header: t('backoffice:money.amount'), numeric: true, cell: money },
            { key: 'reason', header: t('backoffice:reason.label'), cell: (row) => row.reason },
            { key: 'by', header: t('backoffice:column.operator'), cell: (row) => row.requestedBy },
            {
              key: 'actions',
              header: t('backoffice:column.actions'),
              cell: (row) =>
                row.requestedByMe ? (
                  t('backoffice-desks:adjust.pending.yours')
                ) : (
                  <StyledActions>
                    <Button
                      size="small"
                      onClick={() => setDeciding({ row, decision: 'approve' })}
                      aria-label={t('backoffice-desks:adjust.pending.approveOf', {
                        amount: money(row),
                        player: row.playerId,
                      })}
                    >
                      {t('backoffice-desks:adjust.pending.approve')}
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => setDeciding({ row, decision: 'reject' })}
                      aria-label={t('backoffice-desks:adjust.pending.rejectOf', {
                        amount: money(row),
                        player: row.playerId,
                      })}
                    >
                      {t('backoffice-desks:adjust.pending.reject')}
                    </Button>
                  </StyledActions>
                ),
            },
          ]}
        />
      </DeskState>
      {deciding ? (
        <ReasonDialog
          title={
            deciding.decision === 'approve'
              ? t('backoffice-desks:adjust.pending.approveOf', {
                  amount: money(deciding.row),
                  player: deciding.row.playerId,
                })
              : t('backoffice-desks:adjust.pending.rejectOf', {
                  amount: money(deciding.row),
                  player: deciding.row.playerId,
                })
          }
          description={t('backoffice-desks:adjust.pending.confirm', {
            amount: money(deciding.row),
            operator: deciding.row.requestedBy,
            reason: deciding.row.reason,
          })}
          confirmLabel={
            deciding.decision === 'approve'
              ? t('backoffice-desks:adjust.pending.approve')
              : t('backoffice-desks:adjust.pending.reject')
          }
          onConfirm={(reason) => decide(deciding, reason)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </section>
  );
}
