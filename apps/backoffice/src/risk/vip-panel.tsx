import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeVipBet } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys } from '../api/console.queries';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { useFormat } from '../ui/use-format';
import { riskCalls, type VIP_DECISIONS, vipBetsQuery } from './risk.api';
import { selectionText } from './selection-text';
import { VipDecisionDialog, type VipDecisionInput } from './vip-decision-dialog';

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledMuted = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.size.small};
  color: ${({ theme }) => theme.color.text.muted};
`;

type Deciding = { bid: BackofficeVipBet; decision: (typeof VIP_DECISIONS)[number] };

/** Whole minutes until a deadline (0 once it passed). */
const minutesLeft = (iso: string, now: number) => Math.max(0, Math.floor((Date.parse(iso) - now) / 60_000));

/**
 * The VIP desk: bids above a brand's maximum stake, held for a trader with their deadline (past it the bid lapses and
 * nothing is charged). Accept, counter-offer a lower stake or lower odds, or reject, each with a reason; the bettor's
 * slip shows the answer as soon as it is given.
 */
export function VipPanel() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const canDecide = useCan('bets.vip');
  const query = useQuery(vipBetsQuery(client));
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const now = query.dataUpdatedAt || Date.now();

  const decide = async ({ bid }: Deciding, input: VipDecisionInput) => {
    const answer = await client.send(riskCalls.decideVip, { id: bid.bet.id, decide: 'decide', ...input });
    setOutcome(
      answer.outcome === 'accepted'
        ? t('backoffice-desks:vip.outcome.accepted', {
            stake: format.money(answer.bet.stake, answer.bet.currency),
            odds: answer.bet.odds.toFixed(2),
          })
        : t('backoffice-desks:vip.outcome.rejected'),
    );
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };

  const action = (bid: BackofficeVipBet, decision: Deciding['decision']) => {
    const values = { stake: format.money(bid.bet.stake, bid.bet.currency), player: bid.bet.playerId };
    const label =
      decision === 'accept'
        ? t('backoffice-desks:vip.acceptOf', values)
        : decision === 'counter'
          ? t('backoffice-desks:vip.counterOf', values)
          : t('backoffice-desks:vip.rejectOf', values);
    return (
      <Button
        size="small"
        variant={decision === 'accept' ? 'primary' : 'secondary'}
        aria-label={label}
        onClick={() => {
          setOutcome(null);
          setDeciding({ bid, decision });
        }}
      >
        {decision === 'accept'
          ? t('backoffice-desks:vip.accept')
          : decision === 'counter'
            ? t('backoffice-desks:vip.counter')
            : t('backoffice-desks:vip.reject')}
      </Button>
    );
  };

  return (
    <>
      {outcome ? <p role="status">{outcome}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.bets.length === 0}
        loadingLabel={t('backoffice-desks:vip.loading')}
        emptyText={t('backoffice-desks:vip.empty')}
      >
        <DataTable<BackofficeVipBet>
          caption={t('backoffice-desks:vip.queue')}
          rows={query.data?.bets ?? []}
          rowKey={(row) => row.bet.id}
          rowHeader="bet"
          columns={[
            { key: 'bet', header: t('backoffice-desks:bets.id'), cell: (row) => <bdi dir="ltr">{row.bet.id}</bdi> },
            {
              key: 'decideBy',
              header: t('backoffice-desks:vip.decideBy'),
              cell: (row) => {
                const left = minutesLeft(row.decideBy, now);
                return (
                  <>
                    {format.dateTime(row.decideBy)}
                    <StyledMuted>
                      {left > 0
                        ? t('backoffice-desks:vip.minutesLeft', { minutes: left })
                        : t('backoffice-desks:vip.lapsing')}
                    </StyledMuted>
                  </>
                );
              },
            },
            {
              key: 'player',
              header: t('backoffice:column.player'),
              cell: (row) => (
                <Link to={`/players/${encodeURIComponent(row.bet.playerId)}?tab=bets`}>{row.bet.playerId}</Link>
              ),
            },
            { key: 'brand', header: t('backoffice:player.brand'), cell: (row) => row.bet.brandId },
            {
              key: 'selection',
              header: t('backoffice-desks:vip.selection'),
              cell: (row) => row.bet.selections.map((s) => <span key={s.outcomeId}>{selectionText(t, s)} </span>),
            },
            {
              key: 'stake',
              header: t('backoffice-desks:vip.stake'),
              numeric: true,
              cell: (row) => format.money(row.bet.stake, row.bet.currency),
            },
            {
              key: 'odds',
              header: t('backoffice-desks:bets.odds'),
              numeric: true,
              cell: (row) => row.bet.odds.toFixed(2),
            },
            {
              key: 'win',
              header: t('backoffice-desks:vip.potentialWin'),
              numeric: true,
              cell: (row) => format.money(row.bet.potentialWin, row.bet.currency),
            },
            {
              key: 'maxBet',
              header: t('backoffice-desks:vip.maxBet'),
              numeric: true,
              cell: (row) => (row.maxBet === null ? '—' : format.money(row.maxBet, row.bet.currency)),
            },
            {
              key: 'balance',
              header: t('backoffice-desks:vip.balance'),
              numeric: true,
              cell: (row) => format.money(row.balance, row.bet.currency),
            },
            {
              key: 'actions',
              header: t('backoffice:column.actions'),
              cell: (row) =>
                canDecide ? (
                  <StyledActions>
                    {action(row, 'accept')}
                    {action(row, 'counter')}
                    {action(row, 'reject')}
                  </StyledActions>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </DeskState>
      {deciding ? (
        <VipDecisionDialog
          bid={deciding.bid}
          decision={deciding.decision}
          onConfirm={(input) => decide(deciding, input)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}
