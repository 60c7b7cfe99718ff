import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteConfig, useT } from '@tessera/shared/data-access-brand';
import { Button, Checkbox, Field, Input, PageState, pageStatus, Select } from '@tessera/shared/ui';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { responsibleApi, type LimitItem, type ResponsibleOverview } from './responsible.api';
import { camel, useResponsibleFormat } from './use-responsible-format';

/** Query keys of player protection. */
export const responsibleKeys = {
  all: () => ['responsible'] as const,
  overview: () => ['responsible', 'overview'] as const,
  session: () => ['responsible', 'session'] as const,
};

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(6)};
`;

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space(3)};
  h4 {
    flex-basis: 100%;
    margin: 0;
  }
  > div {
    min-inline-size: 10rem;
  }
`;

// The panic button's text is long ("Panik-Button: Spielen für 24 Stunden sperren"): it wraps on a phone.
const StyledPanicButton = styled(Button)`
  && {
    white-space: normal;
    text-align: center;
  }
`;

const StyledCheckbox = styled(Checkbox)`
  flex-basis: 100%;
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

type LimitKind = LimitItem['kind'];
type Period = LimitItem['period'];

/** The player's limits and breaks (office section `responsible-gambling`): set, change, pause, exclude. */
export function ResponsiblePage() {
  const { t } = useT();
  const client = useApiClient();
  const overview = useQuery({
    queryKey: responsibleKeys.overview(),
    queryFn: ({ signal }) => client.send(responsibleApi.overview, {}, { signal }),
  });
  const helpline = useSiteConfig().responsible.helplineUrl;
  return (
    <div>
      <h2>{t('responsible:office.title')}</h2>
      <p>{t('responsible:office.intro')}</p>
      <PageState
        status={pageStatus(overview)}
        loadingLabel={t('responsible:office.loading')}
        rowHeight="4rem"
        errorText={t('responsible:office.error')}
        retryLabel={t('responsible:office.retry')}
        onRetry={() => void overview.refetch()}
      >
        {overview.data ? (
          <>
            <LockBanner data={overview.data} />
            <LimitsSection data={overview.data} />
            <BreaksSection data={overview.data} />
          </>
        ) : null}
      </PageState>
      {helpline ? (
        <StyledSection aria-labelledby="responsible-help">
          <h3 id="responsible-help">{t('responsible:help.heading')}</h3>
          <p>
            <a href={helpline} rel="noopener noreferrer" target="_blank">
              {t('responsible:help.link')}
            </a>
          </p>
        </StyledSection>
      ) : null}
    </div>
  );
}

function LockBanner({ data }: { data: ResponsibleOverview }) {
  const { t, tDynamic } = useT();
  const { when } = useResponsibleFormat();
  const lock = data.lock;
  if (!lock) return null;
  const text =
    lock.kind === 'self_exclusion' && lock.endsAt === null
      ? t('responsible:lock.active.selfExclusionPermanent')
      : tDynamic(`responsible:lock.active.${camel(lock.kind)}`, lock.kind, {
          until: lock.endsAt ? when(lock.endsAt) : '',
        });
  return (
    <p role="status">
      <strong>{text}</strong>
    </p>
  );
}

function LimitLine({ item }: { item: LimitItem }) {
  const { t, tDynamic } = useT();
  const { money, when } = useResponsibleFormat();
  const show = (amount: number) =>
    item.kind === 'session'
      ? t('responsible:limits.minutes', { minutes: String(amount) })
      : money(amount, item.currency);
  return (
    <li>
      <strong>
        {tDynamic(`responsible:limits.kind.${item.kind}`, item.kind)} {item.amount !== null ? show(item.amount) : ''}{' '}
        {tDynamic(`responsible:limits.period.${item.period}`, item.period)}
      </strong>
      {item.amount !== null && item.remaining !== null ? (
        <div>
          {item.kind === 'session'
            ? t('responsible:limits.usedSession', { used: show(item.used), left: show(item.remaining) })
            : t('responsible:limits.used', {
                used: show(item.used),
                left: show(item.remaining),
                resetsAt: item.resetsAt ? when(item.resetsAt) : '',
              })}
        </div>
      ) : null}
      {item.pending ? (
        <div>
          {item.amount === null
            ? t('responsible:limits.pendingOnly', { at: when(item.pending.effectiveAt) })
            : item.pending.amount === null
              ? t('responsible:limits.pendingRemoval', { at: when(item.pending.effectiveAt) })
              : t('responsible:limits.pending', {
                  amount: show(item.pending.amount),
                  at: when(item.pending.effectiveAt),
                })}
        </div>
      ) : null}
    </li>
  );
}

function LimitsSection({ data }: { data: ResponsibleOverview }) {
  const { t, tDynamic } = useT();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { when } = useResponsibleFormat();
  const headingId = useId();
  const offered = data.offers.limitTypes;
  const [kind, setKind] = useState<LimitKind>(offered[0] ?? 'deposit');
  const [period, setPeriod] = useState<Period>('day');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const effectivePeriod: Period = kind === 'session' ? 'session' : period === 'session' ? 'day' : period;

  const save = async (value: number | null) => {
    setBusy(true);
    setMessage(null);
    const answer = await client.trySend(responsibleApi.setLimit, { kind, period: effectivePeriod, amount: value });
    setBusy(false);
    if (!answer.ok) {
      setMessage({ ok: false, text: t('responsible:limits.saveError') });
      return;
    }
    queryClient.setQueryData(responsibleKeys.overview(), answer.data);
    const change = answer.data.change;
    setMessage({
      ok: true,
      text:
        change?.applied === 'pending'
          ? t('responsible:limits.saved.pending', { at: when(change.effectiveAt) })
          : t('responsible:limits.saved.now'),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0) return;
    void save(kind === 'session' ? Math.round(value) : Math.round(value * 100) / 100);
  };

  return (
    <StyledSection aria-labelledby={headingId}>
      <h3 id={headingId}>{t('responsible:limits.heading')}</h3>
      {offered.length === 0 ? (
        <p>{t('responsible:limits.off')}</p>
      ) : (
        <>
          {data.limits.length === 0 ? (
            <p>{t('responsible:limits.none')}</p>
          ) : (
            <StyledList>
              {data.limits.map((item) => (
                <LimitLine key={`${item.kind}:${item.period}`} item={item} />
              ))}
            </StyledList>
          )}
          <p>{t('responsible:limits.coolingOff', { count: data.coolingOffHours })}</p>
          <h4>{t('responsible:limits.form.heading')}</h4>
          <StyledForm onSubmit={submit}>
            <Field label={t('responsible:limits.form.kind')}>
              <Select value={kind} onChange={(event) => setKind(event.target.value as LimitKind)}>
                {offered.map((k) => (
                  <option key={k} value={k}>
                    {tDynamic(`responsible:limits.kind.${k}`, k)}
                  </option>
                ))}
              </Select>
            </Field>
            {kind !== 'session' ? (
              <Field label={t('responsible:limits.form.period')}>
                <Select value={effectivePeriod} onChange={(event) => setPeriod(event.target.value as Period)}>
                  {(['day', 'week', 'month'] as const).map((p) => (
                    <option key={p} value={p}>
                      {tDynamic(`responsible:limits.period.${p}`, p)}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            <Field
              label={
                kind === 'session'
                  ? t('responsible:limits.form.minutes')
                  : t('responsible:limits.form.amount', { currency: data.currency })
              }
            >
              <Input
                type="text"
                inputMode="decimal"
                required
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Field>
            <Button type="submit" variant="accent" loading={busy}>
              {t('responsible:limits.form.submit')}
            </Button>
            {data.limits.some((l) => l.kind === kind && l.period === effectivePeriod && l.amount !== null) ? (
              <Button variant="secondary" onClick={() => void save(null)} disabled={busy}>
                {t('responsible:limits.form.remove')}
              </Button>
            ) : null}
          </StyledForm>
          <div role={message && !message.ok ? 'alert' : 'status'} aria-live="polite">
            {message ? <p>{message.text}</p> : null}
          </div>
        </>
      )}
    </StyledSection>
  );
}

const TIMEOUTS = [
  { hours: 24, key: 'hours24' },
  { hours: 72, key: 'days3' },
  { hours: 168, key: 'week1' },
  { hours: 1008, key: 'weeks6' },
] as const;
const EXCLUSIONS = [
  { months: 6, key: 'months6' },
  { months: 12, key: 'year1' },
  { months: 60, key: 'years5' },
  { months: 0, key: 'permanent' },
] as const;

function BreaksSection({ data }: { data: ResponsibleOverview }) {
  const { t, tDynamic } = useT();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [failed, setFailed] = useState(false);
  const { offers } = data;
  if (!offers.timeout && !offers.selfExclusion && !offers.panicButton) return null;

  const take = async (body: {
    kind: 'timeout' | 'self_exclusion' | 'panic';
    hours?: number;
    months?: number;
    permanent?: boolean;
  }) => {
    setFailed(false);
    const answer = await client.trySend(responsibleApi.lock, body);
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    queryClient.setQueryData(responsibleKeys.overview(), answer.data);
    void queryClient.invalidateQueries({ queryKey: responsibleKeys.all() });
  };

  return (
    <StyledSection aria-labelledby={headingId}>
      <h3 id={headingId}>{t('responsible:lock.heading')}</h3>
      {offers.panicButton ? (
        <div>
          <StyledPanicButton variant="accent" onClick={() => void take({ kind: 'panic' })}>
            {t('responsible:panic.button')}
          </StyledPanicButton>
          <p>{t('responsible:panic.note')}</p>
        </div>
      ) : null}
      <p>{t('responsible:lock.notReversible')}</p>
      {offers.timeout ? (
        <BreakForm
          heading={t('responsible:lock.timeout.heading')}
          lengthLabel={t('responsible:lock.timeout.length')}
          submitLabel={t('responsible:lock.timeout.submit')}
          options={TIMEOUTS.map((o) => ({
            value: o.hours,
            label: tDynamic(`responsible:lock.timeout.${o.key}`, o.key),
          }))}
          onTake={(hours) => void take({ kind: 'timeout', hours })}
        />
      ) : null}
      {offers.selfExclusion ? (
        <BreakForm
          heading={t('responsible:lock.exclusion.heading')}
          lengthLabel={t('responsible:lock.exclusion.length')}
          submitLabel={t('responsible:lock.exclusion.submit')}
          options={EXCLUSIONS.map((o) => ({
            value: o.months,
            label: tDynamic(`responsible:lock.exclusion.${o.key}`, o.key),
          }))}
          onTake={(months) =>
            void take(months === 0 ? { kind: 'self_exclusion', permanent: true } : { kind: 'self_exclusion', months })
          }
        />
      ) : null}
      <div role="alert">{failed ? <p>{t('responsible:lock.error')}</p> : null}</div>
    </StyledSection>
  );
}

/** Props of {@link BreakForm}. */
interface BreakFormProps {
  /** The form's heading, also its accessible name. */
  heading: string;
  lengthLabel: string;
  submitLabel: string;
  /** The lengths offered, the first chosen at start. */
  options: { value: number; label: string }[];
  /** Called with the chosen length once the player has confirmed they understand. */
  onTake: (value: number) => void;
}

/** A break the player takes (a time-out or a self-exclusion): its length, a confirmation box, and the button. */
function BreakForm({ heading, lengthLabel, submitLabel, options, onTake }: BreakFormProps) {
  const { t } = useT();
  const [value, setValue] = useState<number>(options[0]?.value ?? 0);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <StyledForm
      aria-label={heading}
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed) onTake(value);
      }}
    >
      <h4>{heading}</h4>
      <Field label={lengthLabel}>
        <Select value={value} onChange={(event) => setValue(Number(event.target.value))}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <StyledCheckbox
        required
        checked={confirmed}
        onChange={(event) => setConfirmed(event.target.checked)}
        label={t('responsible:lock.confirm')}
      />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </StyledForm>
  );
}
