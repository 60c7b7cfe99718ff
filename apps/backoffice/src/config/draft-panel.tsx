import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, PageState, useFieldControl } from '@tessera/shared/ui';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useOperator } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { DataTable } from '../ui/data-table';
import { errorMessage } from '../ui/error-message';
import { MIN_REASON_LENGTH } from '../ui/reason-dialog';
import { StatusBadge } from '../ui/status-badge';
import { useFormat } from '../ui/use-format';
import { type ConfigDraft, configCalls, configDraftQuery, configKeys } from './config.api';
import { refusalText } from './config-text';
import { shown } from './config-values';

type Change = ConfigDraft['preview'][number]['changes'][number];

const StyledPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.color.primary.base};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.raised};
  h2,
  h3 {
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.typography.size.large};
  }
  p {
    margin: 0;
  }
  code,
  bdi.value {
    direction: ltr;
    unicode-bidi: isolate;
    font-family: ${({ theme }) => theme.typography.mono};
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
  }
  [role='alert'] {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-inline-start: 4px solid ${({ theme }) => theme.color.status.danger.base};
  }
`;

const StyledTextarea = styled.textarea`
  inline-size: 100%;
  min-block-size: 4em;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.strong};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.base};
  color: ${({ theme }) => theme.color.text.base};
  font: inherit;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const field = useFieldControl();
  return (
    <StyledTextarea
      {...(field ?? {})}
      value={value}
      onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
    />
  );
}

/** Props of {@link DraftPanel}. */
export interface DraftPanelProps {
  id: string;
  /** The brand's four-eyes sections. */
  fourEyes: readonly string[];
  onClose: () => void;
}

/**
 * One change under review: where it stands, what the validators found, the preview of every country and language it
 * changes (before and after), and the steps the operator may take: approve (a second operator, four-eyes sections),
 * publish with a reason, discard.
 */
export function DraftPanel({ id, fourEyes, onClose }: DraftPanelProps) {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const format = useFormat();
  const me = useOperator();
  const query = useQuery(configDraftQuery(client, id));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  const draft = query.data?.draft;
  const open = draft?.state === 'draft' || draft?.state === 'approved';
  const tooShort = reason.trim().length < MIN_REASON_LENGTH;
  const mine = draft?.createdBy === me.operator.email;
  const canApprove =
    draft !== undefined &&
    open &&
    draft.needsApproval &&
    draft.state === 'draft' &&
    !mine &&
    me.permissions.includes('config.approve');
  const canPublish =
    draft !== undefined &&
    open &&
    !draft.stale &&
    draft.issues.length === 0 &&
    (!draft.needsApproval || draft.state === 'approved') &&
    me.permissions.includes('config.publish');

  const step = async (kind: 'approve' | 'publish' | 'discard') => {
    setTouched(true);
    if (kind !== 'discard' && tooShort) return;
    setSending(true);
    setFailure(null);
    try {
      if (kind === 'discard') {
        await client.send(configCalls.discard, { id });
        setOutcome(t('backoffice-config:config.outcome.discarded'));
      } else {
        const answer = await client.send(configCalls.decide, { id, step: kind, reason: reason.trim() });
        setOutcome(
          kind === 'publish'
            ? t('backoffice-config:config.outcome.published', { version: answer.draft.version ?? 0 })
            : t('backoffice-config:config.outcome.approved'),
        );
        setReason('');
        setTouched(false);
      }
      await queryClient.invalidateQueries({ queryKey: configKeys.all() });
    } catch (error) {
      setFailure(refusalText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <StyledPanel aria-labelledby="config-draft-title">
      <h2 id="config-draft-title" ref={heading} tabIndex={-1}>
        {t('backoffice-config:config.draft.title')}{' '}
        {draft ? (
          <StatusBadge
            tone={draft.state === 'published' ? 'success' : draft.state === 'discarded' ? 'neutral' : 'warning'}
          >
            {t(`backoffice-config:config.draft.state.${draft.state}`)}
          </StatusBadge>
        ) : null}
      </h2>
      {outcome ? <p role="status">{outcome}</p> : null}
      <PageState
        status={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'}
        loadingLabel={t('backoffice-config:config.draft.loading')}
        rows={4}
        rowHeight="2em"
        errorText={errorMessage(t, query.error)}
        retryLabel={t('backoffice:state.retry')}
        onRetry={() => void query.refetch()}
        emptyText=""
      >
        {draft ? (
          <>
            <p>
              {t('backoffice-config:config.draft.by', {
                operator: draft.createdBy,
                at: format.dateTime(draft.createdAt),
                sections: draft.sections.join(', '),
              })}
              {draft.restoredFrom !== null
                ? ` ${t('backoffice-config:config.draft.restore', { version: draft.restoredFrom })}`
                : ''}
            </p>
            {draft.needsApproval ? (
              <p>
                {t('backoffice-config:config.draft.fourEyes', {
                  sections: draft.sections.filter((s) => fourEyes.includes(s)).join(', '),
                })}
                {draft.approvedBy
                  ? ` ${t('backoffice-config:config.draft.approvedBy', { operator: draft.approvedBy })}`
                  : ''}
              </p>
            ) : null}
            {open && draft.stale ? <p role="alert">{t('backoffice-config:config.draft.stale')}</p> : null}
            {open && draft.issues.length > 0 ? (
              <div role="alert">
                <h3>{t('backoffice-config:config.draft.issues')}</h3>
                <ul>
                  {draft.issues.map((issue) => (
                    <li key={issue.message}>
                      <bdi>{issue.message}</bdi>
                    </li>
                  ))}
                </ul>
              </div>
            ) : open ? (
              <p>{t('backoffice-config:config.draft.valid')}</p>
            ) : null}
            {open ? (
              <>
                <h3>{t('backoffice-config:config.preview.title')}</h3>
                {draft.preview.length === 0 ? <p>{t('backoffice-config:config.preview.empty')}</p> : null}
                {draft.preview.map((p) => (
                  <DataTable<Change>
                    key={`${p.country}/${p.language}`}
                    caption={t('backoffice-config:config.preview.caption', {
                      country: p.country.toUpperCase(),
                      language: p.language,
                    })}
                    showCaption
                    rows={p.changes}
                    rowKey={(c) => c.pointer}
                    rowHeader="pointer"
                    columns={[
                      {
                        key: 'pointer',
                        header: t('backoffice-config:config.preview.setting'),
                        cell: (c) => <code>{c.pointer}</code>,
                      },
                      {
                        key: 'before',
                        header: t('backoffice-config:config.preview.before'),
                        cell: (c) => <bdi className="value">{shown(c.before)}</bdi>,
                      },
                      {
                        key: 'after',
                        header: t('backoffice-config:config.preview.after'),
                        cell: (c) => <bdi className="value">{shown(c.after)}</bdi>,
                      },
                    ]}
                  />
                ))}
                {failure ? <p role="alert">{failure}</p> : null}
                {canApprove || canPublish ? (
                  <form
                    onSubmit={(event: FormEvent<HTMLFormElement>) => {
                      event.preventDefault();
                      void step(canPublish ? 'publish' : 'approve');
                    }}
                  >
                    <Field
                      label={t('backoffice-config:config.reason.label')}
                      error={touched && tooShort ? t('backoffice-config:config.reason.tooShort') : undefined}
                      invalid={touched && tooShort}
                    >
                      <ReasonField value={reason} onChange={setReason} />
                    </Field>
                  </form>
                ) : null}
                <StyledActions>
                  {canApprove ? (
                    <Button variant="primary" loading={sending} onClick={() => void step('approve')}>
                      {t('backoffice-config:config.action.approve')}
                    </Button>
                  ) : null}
                  {canPublish ? (
                    <Button variant="primary" loading={sending} onClick={() => void step('publish')}>
                      {t('backoffice-config:config.action.publish')}
                    </Button>
                  ) : null}
                  {me.permissions.includes('config.edit') ? (
                    <Button variant="secondary" disabled={sending} onClick={() => void step('discard')}>
                      {t('backoffice-config:config.action.discard')}
                    </Button>
                  ) : null}
                  <Button variant="ghost" onClick={onClose}>
                    {t('backoffice-config:config.action.close')}
                  </Button>
                </StyledActions>
              </>
            ) : (
              <StyledActions>
                <Button variant="ghost" onClick={onClose}>
                  {t('backoffice-config:config.action.close')}
                </Button>
              </StyledActions>
            )}
          </>
        ) : null}
      </PageState>
    </StyledPanel>
  );
}
