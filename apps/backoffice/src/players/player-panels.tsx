import type { BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { AdjustmentForm } from './adjustment-form';
import { LimitOnBehalfForm } from './limit-on-behalf-form';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import type {
  PlayerBalance,
  PlayerBet,
  PlayerExclusion,
  PlayerLedgerEntry,
  PlayerLimit,
  PlayerNote,
  PlayerPayment,
  PlayerSession,
} from '../api/console.types';
import { DataTable } from '../ui/data-table';
import { StatusBadge } from '../ui/status-badge';
import { useFormat } from '../ui/use-format';
import { isWithdrawalState, WithdrawalState } from '../payments/withdrawal-state';
import { DocumentViewer } from '../verification/document-viewer';
import { VerificationStatus } from '../verification/verification-status';

/** Props of every panel: the whole profile answer. */
interface PanelProps {
  data: BackofficePlayerResponse;
}

const StyledPanel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.large};
  }
`;

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const StyledDocuments = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const StyledNotes = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.base};
  }
  p {
    margin: 0;
    white-space: pre-wrap;
  }
  small {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

function Empty({ children }: { children: ReactNode }) {
  return <p>{children}</p>;
}

/** Personal data and account facts. */
export function ProfilePanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const { player } = data;
  const facts: Array<[string, ReactNode]> = [
    [t('backoffice:player.id'), player.id],
    [t('backoffice:player.brand'), player.brandId],
    [t('backoffice:player.name'), player.name ?? '—'],
    [t('backoffice:player.email'), player.email ?? '—'],
    [
      t('backoffice:player.phone'),
      <bdi key="phone" dir="ltr">
        {player.phone ?? '—'}
      </bdi>,
    ],
    [t('backoffice:player.birthDate'), data.birthDate ?? '—'],
    [t('backoffice:player.country'), player.country.toUpperCase()],
    [t('backoffice:player.currency'), player.currency],
    [t('backoffice:player.twoFactor'), data.twoFactor ? t('backoffice:value.yes') : t('backoffice:value.no')],
    [t('backoffice:player.registered'), format.dateTime(player.createdAt)],
  ];
  return (
    <StyledFacts>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </StyledFacts>
  );
}

/** Balances per currency and the latest ledger entries. */
export function MoneyPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const canAdjust = useCan('payments.adjust');
  const format = useFormat();
  return (
    <StyledPanel>
      {data.balances.length === 0 ? (
        <Empty>{t('backoffice:player.balances.empty')}</Empty>
      ) : (
        <DataTable<PlayerBalance>
          caption={t('backoffice:player.balances')}
          showCaption
          rows={data.balances}
          rowKey={(row) => row.currency}
          columns={[
            { key: 'currency', header: t('backoffice:money.currency'), cell: (row) => row.currency },
            {
              key: 'main',
              header: t('backoffice:money.main'),
              numeric: true,
              cell: (row) => format.money(row.main, row.currency),
            },
            {
              key: 'bonus',
              header: t('backoffice:money.bonus'),
              numeric: true,
              cell: (row) => format.money(row.bonus, row.currency),
            },
            {
              key: 'hold',
              header: t('backoffice:money.withdrawalHold'),
              numeric: true,
              cell: (row) => format.money(row.withdrawalHold, row.currency),
            },
          ]}
        />
      )}
      {data.ledger.length === 0 ? (
        <Empty>{t('backoffice:player.ledger.empty')}</Empty>
      ) : (
        <DataTable<PlayerLedgerEntry>
          caption={t('backoffice:player.ledger')}
          showCaption
          rows={data.ledger}
          rowKey={(row) => `${row.transactionId}:${row.account}:${row.currency}`}
          rowHeader="at"
          columns={[
            { key: 'at', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.at) },
            { key: 'kind', header: t('backoffice:column.kind'), cell: (row) => row.kind },
            { key: 'account', header: t('backoffice:money.account'), cell: (row) => row.account },
            {
              key: 'amount',
              header: t('backoffice:money.amount'),
              numeric: true,
              cell: (row) => format.money(row.amount, row.currency),
            },
            {
              key: 'transaction',
              header: t('backoffice:money.transaction'),
              cell: (row) => <code>{row.transactionId}</code>,
            },
          ]}
        />
      )}
      {canAdjust ? <AdjustmentForm data={data} /> : null}
    </StyledPanel>
  );
}

/** The player's latest bets. */
export function BetsPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  if (data.bets.length === 0) return <Empty>{t('backoffice:player.bets.empty')}</Empty>;
  return (
    <DataTable<PlayerBet>
      caption={t('backoffice:player.tab.bets')}
      rows={data.bets}
      rowKey={(row) => row.id}
      columns={[
        { key: 'placed', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.placedAt) },
        { key: 'id', header: t('backoffice:column.id'), cell: (row) => row.id },
        { key: 'kind', header: t('backoffice:column.kind'), cell: (row) => row.kind },
        { key: 'status', header: t('backoffice:column.status'), cell: (row) => row.status },
        {
          key: 'stake',
          header: t('backoffice:bet.stake'),
          numeric: true,
          cell: (row) => format.money(row.stake, row.currency),
        },
        {
          key: 'odds',
          header: t('backoffice:bet.odds'),
          numeric: true,
          cell: (row) => (row.odds === null ? '—' : row.odds.toFixed(2)),
        },
        {
          key: 'payout',
          header: t('backoffice:bet.payout'),
          numeric: true,
          cell: (row) => (row.payout === null ? '—' : format.money(row.payout, row.currency)),
        },
      ]}
    />
  );
}

/** Deposits, withdrawals and other payments. */
export function PaymentsPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  if (data.payments.length === 0) return <Empty>{t('backoffice:player.payments.empty')}</Empty>;
  return (
    <DataTable<PlayerPayment>
      caption={t('backoffice:player.tab.payments')}
      rows={data.payments}
      rowKey={(row) => row.id}
      columns={[
        { key: 'created', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.createdAt) },
        { key: 'type', header: t('backoffice:column.kind'), cell: (row) => t(`backoffice:payment.type.${row.type}`) },
        {
          key: 'status',
          header: t('backoffice:column.status'),
          cell: (row) =>
            row.type === 'withdrawal' && isWithdrawalState(row.state) ? (
              <WithdrawalState state={row.state} />
            ) : (
              <StatusBadge
                tone={row.status === 'completed' ? 'success' : row.status === 'pending' ? 'warning' : 'neutral'}
              >
                {t(`backoffice:payment.status.${row.status}`)}
              </StatusBadge>
            ),
        },
        {
          key: 'amount',
          header: t('backoffice:money.amount'),
          numeric: true,
          cell: (row) => format.money(row.amount, row.currency),
        },
        { key: 'id', header: t('backoffice:column.id'), cell: (row) => <code>{row.id}</code> },
      ]}
    />
  );
}

/** The player's live site sessions. */
export function SessionsPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  if (data.sessions.length === 0) return <Empty>{t('backoffice:player.sessions.empty')}</Empty>;
  return (
    <DataTable<PlayerSession>
      caption={t('backoffice:player.tab.sessions')}
      rows={data.sessions}
      rowKey={(row) => row.id}
      columns={[
        { key: 'created', header: t('backoffice:session.started'), cell: (row) => format.dateTime(row.createdAt) },
        { key: 'seen', header: t('backoffice:session.lastSeen'), cell: (row) => format.dateTime(row.lastSeenAt) },
        { key: 'ip', header: t('backoffice:session.ip'), cell: (row) => <bdi dir="ltr">{row.ip ?? '—'}</bdi> },
        { key: 'agent', header: t('backoffice:session.browser'), cell: (row) => row.userAgent ?? '—' },
      ]}
    />
  );
}

/** Limits the player set (and changes waiting) and self-exclusions. */
export function LimitsPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const canSetLimits = useCan('players.limits');
  const format = useFormat();
  const amount = (value: number | null, row: PlayerLimit) =>
    value === null
      ? '—'
      : row.kind === 'session'
        ? t('backoffice:limit.minutes', { minutes: value })
        : format.money(value, row.currency);
  return (
    <StyledPanel>
      {data.limits.length === 0 ? (
        <Empty>{t('backoffice:player.limits.empty')}</Empty>
      ) : (
        <DataTable<PlayerLimit>
          caption={t('backoffice:player.limits')}
          showCaption
          rows={data.limits}
          rowKey={(row) => `${row.kind}:${row.period}`}
          columns={[
            { key: 'kind', header: t('backoffice:column.kind'), cell: (row) => t(`backoffice:limit.kind.${row.kind}`) },
            {
              key: 'period',
              header: t('backoffice:limit.period'),
              cell: (row) => t(`backoffice:limit.period.${row.period}`),
            },
            {
              key: 'amount',
              header: t('backoffice:limit.amount'),
              numeric: true,
              cell: (row) => amount(row.amount, row),
            },
            {
              key: 'pending',
              header: t('backoffice:limit.pending'),
              cell: (row) =>
                row.pendingAmount === null
                  ? '—'
                  : t('backoffice:limit.pendingFrom', {
                      amount: amount(row.pendingAmount, row),
                      at: format.dateTime(row.pendingAt),
                    }),
            },
          ]}
        />
      )}
      {data.exclusions.length === 0 ? (
        <Empty>{t('backoffice:player.exclusions.empty')}</Empty>
      ) : (
        <DataTable<PlayerExclusion>
          caption={t('backoffice:player.exclusions')}
          showCaption
          rows={data.exclusions}
          rowKey={(row) => `${row.kind}:${row.startsAt}`}
          columns={[
            {
              key: 'kind',
              header: t('backoffice:column.kind'),
              cell: (row) => t(`backoffice:exclusion.kind.${row.kind}`),
            },
            { key: 'starts', header: t('backoffice:exclusion.starts'), cell: (row) => format.dateTime(row.startsAt) },
            {
              key: 'ends',
              header: t('backoffice:exclusion.ends'),
              cell: (row) => (row.endsAt === null ? t('backoffice:exclusion.permanent') : format.dateTime(row.endsAt)),
            },
            {
              key: 'active',
              header: t('backoffice:column.status'),
              cell: (row) =>
                row.active ? (
                  <StatusBadge tone="danger">{t('backoffice:exclusion.active')}</StatusBadge>
                ) : (
                  <StatusBadge tone="neutral">{t('backoffice:exclusion.ended')}</StatusBadge>
                ),
            },
          ]}
        />
      )}
      {canSetLimits ? <LimitOnBehalfForm player={data.player} /> : null}
    </StyledPanel>
  );
}

/** Identity verification: status, documents (for roles that may see them) and decisions so far. */
export function VerificationPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const canSeeDocuments = useCan('verification.documents');
  const { verification, player } = data;
  return (
    <StyledPanel>
      <p>
        {t('backoffice:verification.statusLabel')} <VerificationStatus status={verification.status} />
      </p>
      <h2>{t('backoffice:verification.documents')}</h2>
      {verification.documents.length === 0 ? (
        <Empty>{t('backoffice:verification.noDocuments')}</Empty>
      ) : canSeeDocuments ? (
        <StyledDocuments>
          {verification.documents.map((document) => (
            <DocumentViewer key={document.id} accountId={player.id} document={document} />
          ))}
        </StyledDocuments>
      ) : (
        <Empty>{t('backoffice:verification.documentsHidden', { count: verification.documents.length })}</Empty>
      )}
      <h2>{t('backoffice:verification.decisions')}</h2>
      {verification.decisions.length === 0 ? (
        <Empty>{t('backoffice:verification.noDecisions')}</Empty>
      ) : (
        <DataTable
          caption={t('backoffice:verification.decisions')}
          rows={verification.decisions}
          rowKey={(row) => `${row.decidedAt}:${row.operator}`}
          columns={[
            { key: 'at', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.decidedAt) },
            {
              key: 'decision',
              header: t('backoffice:verification.decision'),
              cell: (row) => <VerificationStatus status={row.decision} />,
            },
            { key: 'reason', header: t('backoffice:reason.label'), cell: (row) => row.reason },
            { key: 'operator', header: t('backoffice:column.operator'), cell: (row) => row.operator },
          ]}
        />
      )}
    </StyledPanel>
  );
}

/** Operators' notes, newest first. */
export function NotesPanel({ data }: PanelProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  if (data.notes.length === 0) return <Empty>{t('backoffice:player.notes.empty')}</Empty>;
  return (
    <StyledNotes aria-label={t('backoffice:player.tab.notes')}>
      {data.notes.map((note: PlayerNote) => (
        <li key={note.id}>
          <p>{note.text}</p>
          <small>
            {note.operatorEmail} · {format.dateTime(note.createdAt)}
          </small>
        </li>
      ))}
    </StyledNotes>
  );
}
