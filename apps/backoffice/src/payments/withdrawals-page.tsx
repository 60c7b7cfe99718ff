import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeWithdrawal } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useCan, useOperator } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys, withdrawalsQuery } from '../api/console.queries';
import { deskCalls, WITHDRAWAL_STATES } from '../api/desks.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { StateFilterBar } from '../ui/filter-bar';
import { PageHeader } from '../ui/page-header';
import { ReasonDialog } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';
import { PendingAdjustments } from './pending-adjustments';
import { isWithdrawalState, WithdrawalState } from './withdrawal-state';

const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledFourEyes = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.size.small};
  color: ${({ theme }) => theme.color.text.muted};
`;

type Decision = { withdrawal: BackofficeWithdrawal; decision: 'approve' | 'reject' };

/** What the queue shows first: the withdrawals waiting for a decision. */
const DEFAULT_STATE = 'requested';

/**
 * The payments desk: the withdrawal queue with approve and reject (each with a reason). Above the brand's amount a
 * withdrawal needs two different operators' approvals (four eyes); the row says how many it has.
 */
export function WithdrawalsPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { operator } = useOperator();
  const canDecide = useCan('withdrawals.decide');
  const canAdjust = useCan('payments.adjust');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('state') ?? DEFAULT_STATE;
  const state = isWithdrawalState(chosen) ? chosen : undefined;
  const query = useQuery(withdrawalsQuery(client, state));
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const decide = async ({ withdrawal, decision }: Decision, reason: string) => {
    const answer = await client.send(deskCalls.decideWithdrawal, { id: withdrawal.id, decision, reason });
    const amount = format.money(withdrawal.amount, withdrawal.currency);
    setOutcome(
      answer.outcome === 'awaiting-second-approval'
        ? t('backoffice:withdrawal.outcome.awaiting', { amount })
        : answer.outcome === 'approved'
          ? t('backoffice:withdrawal.outcome.approved', { amount })
          : t('backoffice:withdrawal.outcome.rejected', { amount }),
    );
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };

  const approvedByMe = (withdrawal: BackofficeWithdrawal) =>
    withdrawal.approvals.some((approval) => approval.operatorId === operator.id);

  return (
    <>
      <PageHeader title={t('backoffice:payments.title')} description={t('backoffice:payments.intro')} />
      <StateFilterBar
        label={t('backoffice:withdrawal.stateFilter')}
        states={WITHDRAWAL_STATES}
        value={state}
        stateLabel={(value) => t(`backoffice:withdrawal.state.${value}`)}
        onChange={(value) => setParams({ state: value })}
      />
      {outcome ? <p role="status">{outcome}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.withdrawals.length === 0}
        loadingLabel={t('backoffice:payments.loading')}
        emptyText={t('backoffice:payments.empty')}
      >
        <DataTable<BackofficeWithdrawal>
          caption={t('backoffice:payments.queue')}
          rows={query.data?.withdrawals ?? []}
          rowKey={(row) => row.id}
          rowHeader="player"
          columns={[
            { key: 'created', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.createdAt) },
            {
              key: 'player',
              header: t('backoffice:column.player'),
              cell: (row) => (
                <Link to={`/players/${encodeURIComponent(row.playerId)}?tab=payments`}>
                  {row.playerEmail ?? row.playerId}
                </Link>
              ),
            },
            { key: 'brand', header: t('backoffice:player.brand'), cell: (row) => row.brandId },
            {
              key: 'amount',
              header: t('backoffice:money.amount'),
              numeric: true,
              cell: (row) => format.money(row.amount, row.currency),
            },
            {
              key: 'state',
              header: t('backoffice:column.status'),
              cell: (row) => <WithdrawalState state={row.state} />,
            },
            {
              key: 'fourEyes',
              header: t('backoffice:withdrawal.fourEyes'),
              cell: (row) =>
                row.needsSecondApproval ? (
                  <>
                    {t('backoffice:withdrawal.approvals', { given: row.approvals.length, count: 2 })}
                    {row.approvals.map((approval) => (
                      <StyledFourEyes key={approval.operatorId}>{approval.operatorEmail}</StyledFourEyes>
                    ))}
                  </>
                ) : row.amount > row.fourEyesAbove ? (
                  t('backoffice:withdrawal.fourEyesDone')
                ) : (
                  t('backoffice:withdrawal.oneApproval')
                ),
            },
            {
              key: 'actions',
              header: t('backoffice:column.actions'),
              cell: (row) =>
                canDecide && row.state === 'requested' ? (
                  <StyledActions>
                    <Button
                      size="small"
                      onClick={() => setDeciding({ withdrawal: row, decision: 'approve' })}
                      disabled={approvedByMe(row)}
                      title={approvedByMe(row) ? t('backoffice:withdrawal.approvedByYou') : undefined}
                      aria-label={t('backoffice:withdrawal.approveOf', {
                        amount: format.money(row.amount, row.currency),
                        player: row.playerEmail ?? row.playerId,
                      })}
                    >
                      {t('backoffice:withdrawal.approve')}
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => setDeciding({ withdrawal: row, decision: 'reject' })}
                      aria-label={t('backoffice:withdrawal.rejectOf', {
                        amount: format.money(row.amount, row.currency),
                        player: row.playerEmail ?? row.playerId,
                      })}
                    >
                      {t('backoffice:withdrawal.reject')}
                    </Button>
                  </StyledActions>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </DeskState>
      {deciding ? (
        <ReasonDialog
          title={
            deciding.decision === 'approve'
              ? t('backoffice:withdrawal.approveTitle')
              : t('backoffice:withdrawal.rejectTitle')
          }
          description={t('backoffice:withdrawal.confirm', {
            amount: format.money(deciding.withdrawal.amount, deciding.withdrawal.currency),
            player: deciding.withdrawal.playerEmail ?? deciding.withdrawal.playerId,
          })}
          confirmLabel={
            deciding.decision === 'approve' ? t('backoffice:withdrawal.approve') : t('backoffice:withdrawal.reject')
          }
          onConfirm={(reason) => decide(deciding, reason)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      {canAdjust ? <PendingAdjustments /> : null}
    </>
  );
}
