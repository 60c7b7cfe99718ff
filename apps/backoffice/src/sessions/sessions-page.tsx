import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeSessionsResponse } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys, sessionsQuery } from '../api/console.queries';
import { deskCalls } from '../api/desks.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { errorMessage } from '../ui/error-message';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { useFormat } from '../ui/use-format';

type ConsoleSession = BackofficeSessionsResponse['sessions'][number];

/** Live console sessions: one's own (an admin sees everyone's); any but the current one can be ended. */
export function SessionsPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const seesAll = useCan('sessions.read-all');
  const query = useQuery(sessionsQuery(client));
  const [ending, setEnding] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const end = async (session: ConsoleSession) => {
    setEnding(session.id);
    const result = await client.trySend(deskCalls.endSession, { id: session.id });
    setEnding(null);
    setMessage(result.ok ? t('backoffice:sessions.ended') : errorMessage(t, result.error));
    await queryClient.invalidateQueries({ queryKey: consoleKeys.sessions() });
  };

  return (
    <>
      <PageHeader
        title={t('backoffice:sessions.title')}
        description={seesAll ? t('backoffice:sessions.introAll') : t('backoffice:sessions.intro')}
      />
      {message ? <p role="status">{message}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.sessions.length === 0}
        loadingLabel={t('backoffice:sessions.loading')}
        emptyText={t('backoffice:sessions.empty')}
      >
        <DataTable<ConsoleSession>
          caption={t('backoffice:sessions.title')}
          rows={query.data?.sessions ?? []}
          rowKey={(row) => row.id}
          rowHeader="operator"
          columns={[
            {
              key: 'operator',
              header: t('backoffice:column.operator'),
              cell: (row) => (
                <>
                  {row.operatorEmail}{' '}
                  {row.current ? <StatusBadge tone="success">{t('backoffice:sessions.current')}</StatusBadge> : null}
                </>
              ),
            },
            { key: 'created', header: t('backoffice:session.started'), cell: (row) => format.dateTime(row.createdAt) },
            { key: 'seen', header: t('backoffice:session.lastSeen'), cell: (row) => format.dateTime(row.lastSeenAt) },
            { key: 'ip', header: t('backoffice:session.ip'), cell: (row) => <bdi dir="ltr">{row.ip ?? '—'}</bdi> },
            { key: 'agent', header: t('backoffice:session.browser'), cell: (row) => row.userAgent ?? '—' },
            {
              key: 'actions',
              header: t('backoffice:column.actions'),
              cell: (row) =>
                row.current ? (
                  '—'
                ) : (
                  <Button
                    size="small"
                    variant="secondary"
                    loading={ending === row.id}
                    onClick={() => void end(row)}
                    aria-label={t('backoffice:sessions.endOf', {
                      email: row.operatorEmail,
                      at: format.dateTime(row.createdAt),
                    })}
                  >
                    {t('backoffice:sessions.end')}
                  </Button>
                ),
            },
          ]}
        />
      </DeskState>
    </>
  );
}
