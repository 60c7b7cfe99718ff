import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationStatusResponse } from '@tessera/shared/contract-api';
import { useBrand, useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, PageState, pageStatus, Select, TableScroll } from '@tessera/shared/ui';
import { formatDateTime } from '@tessera/shared/util-format';
import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { browserVerificationApi, VerificationCallError, type VerificationApi } from './verification.api';

const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'proof_of_address', 'selfie'] as const;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,application/pdf,.heic';

/** A wire value (`id_card`) as the key part of its text (`idCard`). */
const keyOf = (value: string) => value.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Query keys of the verification page. */
export const verificationKeys = { status: () => ['verification', 'status'] as const };

const ApiContext = createContext<VerificationApi | null>(null);

/** Gives the page its fetchers (tests pass fakes); without it the browser's same-origin calls are used. */
export function VerificationApiProvider({ api, children }: { api: VerificationApi; children?: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

function useVerificationApi(): VerificationApi {
  const provided = useContext(ApiContext);
  const [own] = useState(() => provided ?? browserVerificationApi());
  return provided ?? own;
}

const StyledPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 48rem;
  section {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.15em;
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  progress {
    inline-size: 100%;
  }
`;

const StyledStatus = styled.p<{ $tone: 'good' | 'bad' | 'neutral' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  border-inline-start: 4px solid
    ${({ theme, $tone }) =>
      $tone === 'good'
        ? theme.color.status.success.base
        : $tone === 'bad'
          ? theme.color.status.danger.base
          : theme.color.border.strong};
  background: ${({ theme }) => theme.color.surface.raised};
`;

const StyledTableWrap = styled(TableScroll)`
  td[data-name] {
    overflow-wrap: anywhere;
  }
`;
/** The error text of a refused call, by its error_code (spec section 8 shape), else the generic one. */
function useErrorText(): (error: unknown, maxBytes: number) => string {
  const { tDynamic, t } = useT();
  const size = useFileSize();
  return (error, maxBytes) => {
    if (error instanceof VerificationCallError) {
      const code = error.body.error_code ?? (error.status === 429 ? 429 : undefined);
      if (code !== undefined)
        return tDynamic(`verification:errors.${code}`, error.body.message, { size: size(maxBytes) });
    }
    return t('verification:errors.generic');
  };
}

function useFileSize(): (bytes: number) => string {
  const { language } = useT();
  return (bytes) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      bytes / (1024 * 1024),
    );
}

/**
 * The office's verification page: the status, what waits for verification and why (the brand's rules), what to send,
 * the upload with its progress, the submission for review, the documents and compliance's decisions.
 */
export function VerificationPage() {
  const { t } = useT();
  const api = useVerificationApi();
  const headingId = useId();
  const query = useQuery({
    queryKey: verificationKeys.status(),
    queryFn: ({ signal }) => api.status(signal),
  });
  return (
    <StyledPage aria-labelledby={headingId} role="region">
      <h2 id={headingId}>{t('verification:title')}</h2>
      <p>{t('verification:intro')}</p>
      <PageState
        status={pageStatus(query)}
        loadingLabel={t('verification:loading')}
        rows={5}
        rowHeight="1.5rem"
        errorText={t('verification:error')}
        retryLabel={t('verification:retry')}
        onRetry={() => void query.refetch()}
      />
      {query.data ? <VerificationDetails view={query.data} /> : null}
    </StyledPage>
  );
}

function VerificationDetails({ view }: { view: VerificationStatusResponse }) {
  const { t, tDynamic } = useT();
  const open = view.status === 'not_started' || view.status === 'rejected';
  const latestDecision = view.decisions[0];
  return (
    <>
      <section aria-labelledby="verification-status">
        <h3 id="verification-status">{t('verification:status.heading')}</h3>
        <StyledStatus
          role="status"
          $tone={view.status === 'verified' ? 'good' : view.status === 'rejected' ? 'bad' : 'neutral'}
        >
          {tDynamic(`verification:status.${keyOf(view.status)}`, view.status)}
          {view.status === 'rejected' && latestDecision ? (
            <> {t('verification:decisions.reason', { reason: latestDecision.reason })}</>
          ) : null}
        </StyledStatus>
      </section>
      <Rules view={view} />
      {view.status !== 'verified' ? <Needs view={view} /> : null}
      {open ? <UploadForm view={view} /> : view.status !== 'verified' ? <p>{t('verification:upload.closed')}</p> : null}
      {open ? <SubmitForm view={view} /> : null}
      <Documents view={view} />
      <Decisions view={view} />
    </>
  );
}

function Rules({ view }: { view: VerificationStatusResponse }) {
  const { t } = useT();
  const { config } = useBrand();
  const date = (iso: string) => formatDateTime(iso, config.global.dateFormat, { timeZone: config.global.timezone });
  const site = useSiteFormat();
  const money = (amount: number, currency: string) => site.money(amount, currency);
  if (view.status === 'verified') return null;
  return (
    <section aria-labelledby="verification-rules">
      <h3 id="verification-rules">{t('verification:rules.heading')}</h3>
      {view.rules.length === 0 ? <p>{t('verification:rules.none')}</p> : null}
      <ul>
        {view.rules.map((rule) => {
          if (rule.rule === 'withdrawal') return <li key={rule.rule}>{t('verification:rules.withdrawal')}</li>;
          if (rule.rule === 'deposit') return <li key={rule.rule}>{t('verification:rules.deposit')}</li>;
          if (rule.rule === 'deadline' && rule.deadline) {
            const values = { date: date(rule.deadline) };
            return (
              <li key={rule.rule}>
                {rule.active
                  ? t('verification:rules.deadline.active', values)
                  : t('verification:rules.deadline.before', values)}
              </li>
            );
          }
          if (rule.rule === 'deposit_threshold' && rule.currency) {
            const values = {
              threshold: money(rule.threshold ?? 0, rule.currency),
              deposited: money(rule.deposited ?? 0, rule.currency),
            };
            return (
              <li key={rule.rule}>
                {rule.active
                  ? t('verification:rules.threshold.active', values)
                  : t('verification:rules.threshold.before', values)}
              </li>
            );
          }
          return null;
        })}
      </ul>
    </section>
  );
}

function Needs({ view }: { view: VerificationStatusResponse }) {
  const { t, tDynamic } = useT();
  return (
    <section aria-labelledby="verification-needs">
      <h3 id="verification-needs">{t('verification:needs.heading')}</h3>
      <ul>
        {view.needs
          .filter((need) => need.required || need.need === 'selfie')
          .map((need) => (
            <li key={need.need}>
              {tDynamic(`verification:needs.${keyOf(need.need)}`, need.need)} (
              {need.required ? t('verification:needs.required') : t('verification:needs.optional')}
              {need.provided ? `, ${t('verification:needs.provided')}` : ''})
            </li>
          ))}
      </ul>
    </section>
  );
}

function UploadForm({ view }: { view: VerificationStatusResponse }) {
  const { t, tDynamic } = useT();
  const api = useVerificationApi();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const size = useFileSize();
  const [type, setType] = useState<string>('passport');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: (chosen: File) => api.upload(type, chosen, setProgress),
    onSuccess: async (document) => {
      setMessage({ kind: 'done', text: t('verification:upload.done', { name: document.file_name }) });
      setFile(null);
      setInputKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: verificationKeys.status() });
    },
    onError: (error) => setMessage({ kind: 'error', text: errorText(error, view.limits.max_file_bytes) }),
    onSettled: () => setProgress(null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setMessage(null);
    setProgress(0);
    upload.mutate(file);
  };
  return (
    <section aria-labelledby="verification-upload">
      <h3 id="verification-upload">{t('verification:upload.heading')}</h3>
      <form onSubmit={submit}>
        <Field label={t('verification:upload.type')}>
          <Select value={type} onChange={(event) => setType(event.target.value)}>
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {tDynamic(`verification:type.${keyOf(value)}`, value)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('verification:upload.file', { size: size(view.limits.max_file_bytes) })}>
          <Input
            key={inputKey}
            type="file"
            accept={ACCEPT}
            required
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        {progress !== null ? (
          <progress aria-label={t('verification:upload.progress')} max={100} value={Math.round(progress * 100)} />
        ) : null}
        <div>
          <Button type="submit" variant="accent" loading={upload.isPending} disabled={!file}>
            {t('verification:upload.submit')}
          </Button>
        </div>
        <div role={message?.kind === 'error' ? 'alert' : 'status'} aria-live="polite">
          {message?.text}
        </div>
      </form>
    </section>
  );
}

function SubmitForm({ view }: { view: VerificationStatusResponse }) {
  const { t } = useT();
  const api = useVerificationApi();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [country, setCountry] = useState(view.declared.country.toUpperCase());
  const [birthDate, setBirthDate] = useState(view.declared.birth_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const complete = view.needs.every((need) => !need.required || need.provided);
  const send = useMutation({
    mutationFn: () => api.submit({ country, birth_date: birthDate }),
    onSuccess: (answer) => {
      setError(null);
      queryClient.setQueryData(verificationKeys.status(), answer);
    },
    onError: (failure) => setError(errorText(failure, view.limits.max_file_bytes)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <section aria-labelledby="verification-submit">
      <h3 id="verification-submit">{t('verification:submit.heading')}</h3>
      {!complete ? <p>{t('verification:submit.missing')}</p> : null}
      <form onSubmit={submit}>
        <Field label={t('verification:submit.country')}>
          <Input
            value={country}
            onChange={(event) => setCountry(event.target.value.toUpperCase())}
            pattern="[A-Za-z]{2}"
            maxLength={2}
            autoComplete="country"
            required
          />
        </Field>
        <Field label={t('verification:submit.birthDate')}>
          <Input
            type="date"
            value={birthDate}
            onChange={(event) => setBirthDate(event.target.value)}
            autoComplete="bday"
            required
          />
        </Field>
        <div>
          <Button type="submit" variant="accent" loading={send.isPending} disabled={!complete}>
            {t('verification:submit.button')}
          </Button>
        </div>
        {error ? <p role="alert">{error}</p> : null}
      </form>
    </section>
  );
}

function Documents({ view }: { view: VerificationStatusResponse }) {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  return (
    <section aria-labelledby="verification-documents">
      <h3 id="verification-documents">{t('verification:documents.heading')}</h3>
      {view.documents.length === 0 ? (
        <p>{t('verification:documents.empty')}</p>
      ) : (
        <StyledTableWrap data-scrolls="">
          <table aria-labelledby="verification-documents">
            <thead>
              <tr>
                <th scope="col">{t('verification:documents.type')}</th>
                <th scope="col">{t('verification:documents.name')}</th>
                <th scope="col">{t('verification:documents.date')}</th>
                <th scope="col">{t('verification:documents.state')}</th>
              </tr>
            </thead>
            <tbody>
              {view.documents.map((document) => (
                <tr key={document.id}>
                  <td>{tDynamic(`verification:type.${keyOf(document.document_type)}`, document.document_type)}</td>
                  <td dir="auto" data-name="">
                    {document.file_name}
                  </td>
                  <td>
                    {formatDateTime(document.uploaded_at, `${config.global.dateFormat} ${config.global.timeFormat}`, {
                      timeZone: config.global.timezone,
                    })}
                  </td>
                  <td>{tDynamic(`verification:state.${document.state}`, document.state)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StyledTableWrap>
      )}
    </section>
  );
}

function Decisions({ view }: { view: VerificationStatusResponse }) {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  return (
    <section aria-labelledby="verification-decisions">
      <h3 id="verification-decisions">{t('verification:decisions.heading')}</h3>
      {view.decisions.length === 0 ? (
        <p>{t('verification:decisions.empty')}</p>
      ) : (
        <ul>
          {view.decisions.map((decision) => (
            <li key={`${decision.submission_id}-${decision.decided_at}`}>
              {formatDateTime(decision.decided_at, config.global.dateFormat, { timeZone: config.global.timezone })}:{' '}
              <strong>{tDynamic(`verification:decision.${decision.decision}`, decision.decision)}</strong>.{' '}
              <span dir="auto">{t('verification:decisions.reason', { reason: decision.reason })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
