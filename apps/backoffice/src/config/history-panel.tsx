import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeConfigHistoryResponse } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { StatusBadge } from '../ui/status-badge';
import { useFormat } from '../ui/use-format';
import { configCalls, configHistoryQuery, configKeys } from './config.api';
import { refusalText } from './config-text';

type Version = BackofficeConfigHistoryResponse['versions'][number];

const StyledHistory = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
  }
`;

/** Props of {@link HistoryPanel}. */
export interface HistoryPanelProps {
  brand: string;
  /** The version served now. */
  current: number;
  canRestore: boolean;
  /** Opens the draft a restore made. */
  onDraft: (id: string) => void;
}

/** Every published version of a brand (who, when, why); any earlier one restores through a draft, like any change. */
export function HistoryPanel({ brand, current, canRestore, onDraft }: HistoryPanelProps) {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const format = useFormat();
  const query = useQuery(configHistoryQuery(client, brand));
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const restore = async (version: number) => {
    setSending(true);
    setFailure(null);
    try {
      const answer = await client.send(configCalls.restore, { brand, restore: 'restore', version });
      await queryClient.invalidateQueries({ queryKey: configKeys.all() });
      onDraft(answer.draft.id);
    } catch (error) {
      setFailure(refusalText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <StyledHistory>
      {failure ? <p role="alert">{failure}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.versions.length === 0}
        loadingLabel={t('backoffice-config:config.history.loading')}
        emptyText={t('backoffice-config:config.history.empty')}
      >
        <DataTable<Version>
          caption={t('backoffice-config:config.history.caption')}
          rows={query.data?.versions ?? []}
          rowKey={(v) => String(v.version)}
          rowHeader="version"
          columns={[
            {
              key: 'version',
              header: t('backoffice-config:config.history.version'),
              cell: (v) => (
                <>
                  {v.version}{' '}
                  {v.version === current ? (
                    <StatusBadge tone="success">{t('backoffice-config:config.history.current')}</StatusBadge>
                  ) : null}
                </>
              ),
              numeric: true,
            },
            { key: 'at', header: t('backoffice-config:config.history.at'), cell: (v) => format.dateTime(v.at) },
            { key: 'by', header: t('backoffice-config:config.history.by'), cell: (v) => <bdi>{v.operator}</bdi> },
            {
              key: 'reason',
              header: t('backoffice-config:config.history.reason'),
              cell: (v) => (
                <>
                  <bdi>{v.reason}</bdi>
                  {v.restoredFrom !== null
                    ? ` (${t('backoffice-config:config.history.restored', { version: v.restoredFrom })})`
                    : ''}
                </>
              ),
            },
            {
              key: 'approvedBy',
              header: t('backoffice-config:config.history.approvedBy'),
              cell: (v) => (v.approvedBy ? <bdi>{v.approvedBy}</bdi> : '—'),
            },
            {
              key: 'sections',
              header: t('backoffice-config:config.history.sections'),
              cell: (v) => v.sections.join(', '),
            },
            {
              key: 'restore',
              header: t('backoffice-config:config.history.actions'),
              cell: (v) =>
                canRestore && v.version !== current ? (
                  <Button size="small" variant="secondary" disabled={sending} onClick={() => void restore(v.version)}>
                    {t('backoffice-config:config.history.restore', { version: v.version })}
                  </Button>
                ) : null,
            },
          ]}
        />
      </DeskState>
      {canRestore && current > 0 ? (
        <p>
          <Button variant="secondary" disabled={sending} onClick={() => void restore(0)}>
            {t('backoffice-config:config.history.restoreFiles')}
          </Button>
        </p>
      ) : null}
    </StyledHistory>
  );
}
