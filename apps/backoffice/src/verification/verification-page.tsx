import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys, submissionsQuery } from '../api/console.queries';
import type { Submission } from '../api/console.types';
import { deskCalls, SUBMISSION_STATES } from '../api/desks.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { StateFilterBar } from '../ui/filter-bar';
import { PageHeader } from '../ui/page-header';
import { ReasonDialog } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';
import { DocumentViewer } from './document-viewer';
import { VerificationStatus } from './verification-status';

const StyledReview = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-start: ${({ theme }) => theme.space(6)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.h3};
  }
  p {
    margin: 0;
  }
`;

const StyledDocuments = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

type Decision = 'verified' | 'rejected';

function isSubmissionState(value: string | null): value is (typeof SUBMISSION_STATES)[number] {
  return (SUBMISSION_STATES as readonly (string | null)[]).includes(value);
}

/**
 * The verification desk: submissions waiting for a decision; one opened shows its documents beside the player's
 * facts, and is verified or rejected with a reason (the player's page shows the decision).
 */
export function VerificationPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const canDecide = useCan('verification.decide');
  const canSeeDocuments = useCan('verification.documents');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('state') ?? 'submitted';
  const state = isSubmissionState(chosen) ? chosen : undefined;
  const query = useQuery(submissionsQuery(client, state));
  const openId = params.get('open');
  const open = query.data?.submissions.find((submission) => submission.submissionId === openId) ?? null;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const reviewHeading = useId();

  const select = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next });

  const decide = async (submission: Submission, decision: Decision, reason: string) => {
    await client.send(deskCalls.decideVerification, {
      accountId: submission.accountId,
      decide: 'decide',
      decision,
      reason,
    });
    const player = submission.playerName ?? submission.playerEmail ?? submission.accountId;
    setOutcome(
      decision === 'verified'
        ? t('backoffice:verification.outcome.verified', { player })
        : t('backoffice:verification.outcome.rejected', { player }),
    );
    setParams(state ? { state } : {});
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };

  return (
    <>
      <PageHeader title={t('backoffice:verification.title')} description={t('backoffice:verification.intro')} />
      <StateFilterBar
        label={t('backoffice:verification.stateFilter')}
        states={SUBMISSION_STATES}
        value={state}
        stateLabel={(value) => t(`backoffice:verification.status.${value}`)}
        onChange={(value) => setParams({ state: value })}
      />
      {outcome ? <p role="status">{outcome}</p> : null}
      <DeskState
        query={query}
        isEmpty={query.data?.submissions.length === 0}
        loadingLabel={t('backoffice:verification.loading')}
        emptyText={t('backoffice:verification.empty')}
      >
        <DataTable<Submission>
          caption={t('backoffice:verification.queue')}
          rows={query.data?.submissions ?? []}
          rowKey={(row) => row.submissionId}
          rowHeader="player"
          columns={[
            { key: 'submitted', header: t('backoffice:column.time'), cell: (row) => format.dateTime(row.submittedAt) },
            {
              key: 'player',
              header: t('backoffice:column.player'),
              cell: (row) => (
                <Link to={`/players/${encodeURIComponent(row.accountId)}?tab=verification`}>
                  {row.playerName ?? row.playerEmail ?? row.accountId}
                </Link>
              ),
            },
            { key: 'brand', header: t('backoffice:player.brand'), cell: (row) => row.brandId },
            { key: 'country', header: t('backoffice:player.country'), cell: (row) => row.country.toUpperCase() },
            {
              key: 'status',
              header: t('backoffice:column.status'),
              cell: (row) => (
                <VerificationStatus
                  status={row.resubmission && row.status === 'submitted' ? 'resubmitted' : row.status}
                />
              ),
            },
            {
              key: 'documents',
              header: t('backoffice:verification.documents'),
              numeric: true,
              cell: (row) => row.documents.length,
            },
            {
              key: 'open',
              header: t('backoffice:column.actions'),
              cell: (row) => (
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => select({ open: row.submissionId })}
                  aria-label={t('backoffice:verification.reviewOf', {
                    player: row.playerName ?? row.playerEmail ?? row.accountId,
                  })}
                >
                  {t('backoffice:verification.review')}
                </Button>
              ),
            },
          ]}
        />
      </DeskState>
      {open ? (
        <StyledReview aria-labelledby={reviewHeading}>
          <h2 id={reviewHeading}>
            {t('backoffice:verification.reviewTitle', {
              player: open.playerName ?? open.playerEmail ?? open.accountId,
            })}
          </h2>
          <p>
            {t('backoffice:verification.facts', {
              birthDate: open.birthDate,
              country: open.country.toUpperCase(),
              brand: open.brandId,
            })}
          </p>
          {canSeeDocuments ? (
            <StyledDocuments>
              {open.documents.map((document) => (
                <DocumentViewer key={document.id} accountId={open.accountId} document={document} />
              ))}
            </StyledDocuments>
          ) : (
            <p>{t('backoffice:verification.documentsHidden', { count: open.documents.length })}</p>
          )}
          {canDecide && open.status === 'submitted' ? (
            <StyledActions>
              <Button onClick={() => setDeciding('verified')}>{t('backoffice:verification.verify')}</Button>
              <Button variant="secondary" onClick={() => setDeciding('rejected')}>
                {t('backoffice:verification.reject')}
              </Button>
            </StyledActions>
          ) : null}
        </StyledReview>
      ) : null}
      {open && deciding ? (
        <ReasonDialog
          title={deciding === 'verified' ? t('backoffice:verification.verify') : t('backoffice:verification.reject')}
          description={t('backoffice:verification.confirm', {
            player: open.playerName ?? open.playerEmail ?? open.accountId,
          })}
          confirmLabel={
            deciding === 'verified' ? t('backoffice:verification.verify') : t('backoffice:verification.reject')
          }
          onConfirm={(reason) => decide(open, deciding, reason)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}
