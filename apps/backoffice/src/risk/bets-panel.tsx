import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeBet } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Select } from '@tessera/shared/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { FilterBar } from '../ui/filter-bar';
import { useFormat } from '../ui/use-format';
import { BetCorrectionDialog, type BetCorrectionInput } from './bet-correction-dialog';
import { BET_STATUSES, type BetFilters, betsQuery, riskCalls, riskKeys } from './risk.api';
import { selectionText } from './selection-text';

const StyledMuted = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.size.small};
  color: ${({ theme }) => theme.color.text.muted};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

/** Statuses a bet can be voided or resettled from (open or settled; never held, rejected or sold). */
const CORRECTABLE = new Set<BackofficeBet['status']>(['accepted', 'won', 'lost', 'returned', 'half_won', 'half_lost']);

type Correcting = { bet: BackofficeBet; action: BetCorrectionInput['action']; requestId: string };

const isStatus = (value: string | null): value is (typeof BET_STATUSES)[number] =>
  (BET_STATUSES as readonly string[]).includes(value ?? '');

/** The filters in the address (`q`, `game`, `status`), so a search can be shared and survives a reload. */
function filtersOf(params: URLSearchParams): BetFilters {
  const game = Number(params.get('game'));
  const status = params.get('status');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(Number.isInteger(game) && game > 0 ? { game } : {}),
    ...(isStatus(status) ? { status } : {}),
  };
}

/** The risk desk's bet search: by bet or player id, game and status; 50 newest in the operator's brands. */
export function BetsPanel() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = useQuery(betsQuery(client, filters));
  const queryClient = useQueryClient();
  const canCorrect = useCan('bets.correct');
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const correct = async ({ bet, requestId }: Correcting, input: BetCorrectionInput) => {
    const answer = await client.send(riskCalls.correctBet, { id: bet.id, correct: 'correct', requestId, ...input });
    setOutcome(
      t('backoffice-desks:bets.corrected', {
        id: answer.bet.id,
        status: t(`backoffice-desks:bets.status.${answer.bet.status}`),
      }),
    );
    await queryClient.invalidateQueries({ queryKey: riskKeys.all });
  };
  const open = (bet: BackofficeBet, action: Correcting['action']) => {
    setOutcome(null);
    // One key per opened dialog: a retried send after a lost answer corrects once.
    setCorrecting({ bet, action, requestId: `console-${crypto.randomUUID()}` });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ tab: 'bets' });
    for (const name of ['q', 'game', 'status']) {
      const value = String(form.get(name) ?? '').trim();
      if (value && value !== 'all') next.set(name, value);
    }
    setParams(next);
  };

  return (
    <>
      <FilterBar role="search" onSubmit={onSubmit} aria-label={t('backoffice-desks:bets.search')}>
        <Field label={t('backoffice-desks:bets.query')}>
          <Input name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} />
        </Field>
        <Field label={t('backoffice-desks:bets.game')}>
          <Input name="game" inputMode="numeric" defaultValue={filters.game ? String(filters.game) : ''} />
        </Field>
        <Field label={t('backoffice-desks:bets.status')}>
          <Select name="status" defaultValue={filters.status ?? 'all'}>
            <option value="all">{t('backoffice:filter.all')}</option>
            {BET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`backoffice-desks:bets.status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit">{t('backoffice:action.search')}</Button>
      </FilterBar>
      {outcome ? <p role="status">{outcome}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.bets.length === 0}
        loadingLabel={t('backoffice-desks:bets.loading')}
        emptyText={t('backoffice-desks:bets.empty')}
      >
        <DataTable<BackofficeBet>
          caption={t('backoffice-desks:bets.results')}
          rows={query.data?.bets ?? []}
          rowKey={(row) => row.id}
          rowHeader="id"
          columns={[
            { key: 'placed', header: t('backoffice-desks:bets.placed'), cell: (row) => format.dateTime(row.placedAt) },
            { key: 'id', header: t('backoffice-desks:bets.id'), cell: (row) => <bdi dir="ltr">{row.id}</bdi> },
            {
              key: 'player',
              header: t('backoffice:column.player'),
              cell: (row) => <Link to={`/players/${encodeURIComponent(row.playerId)}?tab=bets`}>{row.playerId}</Link>,
            },
            { key: 'brand', header: t('backoffice:player.brand'), cell: (row) => row.brandId },
            {
              key: 'kind',
              header: t('backoffice-desks:bets.kind'),
              cell: (row) => t(`backoffice-desks:bets.kind.${row.kind}`),
            },
            {
              key: 'selections',
              header: t('backoffice-desks:bets.selections'),
              cell: (row) =>
                row.selections.map((s) => (
                  <StyledMuted key={`${s.gameId}-${s.outcomeId}`}>
                    {selectionText(t, s)} · {s.odds.toFixed(2)}
                  </StyledMuted>
                )),
            },
            {
              key: 'stake',
              header: t('backoffice-desks:bets.stake'),
              numeric: true,
              cell: (row) => format.money(row.stake, row.currency),
            },
            { key: 'odds', header: t('backoffice-desks:bets.odds'), numeric: true, cell: (row) => row.odds.toFixed(2) },
            {
              key: 'status',
              header: t('backoffice:column.status'),
              cell: (row) => (
                <>
                  {t(`backoffice-desks:bets.status.${row.status}`)}
                  {row.status === 'waiting' && row.holdReason ? (
                    <StyledMuted>{t(`backoffice-desks:bets.hold.${row.holdReason}`)}</StyledMuted>
                  ) : null}
                </>
              ),
            },
            {
              key: 'payout',
              header: t('backoffice-desks:bets.payout'),
              numeric: true,
              cell: (row) => (row.payout === null ? '—' : format.money(row.payout, row.currency)),
            },
            ...(canCorrect
              ? [
                  {
                    key: 'actions',
                    header: t('backoffice-desks:bets.actions'),
                    cell: (row: BackofficeBet) =>
                      CORRECTABLE.has(row.status) ? (
                        <StyledActions>
                          <Button
                            size="small"
                            variant="secondary"
                            aria-label={t('backoffice-desks:bets.voidOf', { id: row.id })}
                            onClick={() => open(row, 'void')}
                          >
                            {t('backoffice-desks:bets.void')}
                          </Button>
                          <Button
                            size="small"
                            variant="secondary"
                            aria-label={t('backoffice-desks:bets.resettleOf', { id: row.id })}
                            onClick={() => open(row, 'resettle')}
                          >
                            {t('backoffice-desks:bets.resettle')}
                          </Button>
                        </StyledActions>
                      ) : (
                        '—'
                      ),
                  },
                ]
              : []),
          ]}
        />
      </DeskState>
      {correcting ? (
        <BetCorrectionDialog
          bet={correcting.bet}
          action={correcting.action}
          onConfirm={(input) => correct(correcting, input)}
          onClose={() => setCorrecting(null)}
        />
      ) : null}
    </>
  );
}
