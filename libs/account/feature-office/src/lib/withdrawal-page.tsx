import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HTTPError } from '@tessera/shared/data-access-api';
import { useBrand, useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, Link, PageState, pageStatus, Radio } from '@tessera/shared/ui';
import { formatDateTime } from '@tessera/shared/util-format';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { walletApi, type DeduceData, type WithdrawalItem } from './wallet.api';
import { invalidateWallet, useWalletClient, walletKeys } from './wallet.queries';
import { withdrawalMachine, type WithdrawalIssue } from './withdrawal.machine';

/** How often the page asks again while a withdrawal is on its way (approval, the provider's answer). */
export const WITHDRAWAL_POLL_MS = 2_000;

const OPEN = new Set<WithdrawalItem['state']>(['requested', 'approved', 'sent']);

/** The cashier's refusal codes (libs/server/wallet README) the page explains in its own words. */
const REFUSAL_KEYS: Record<number, string> = {
  1300: 'minimum',
  1301: 'above',
  1302: 'method',
  1303: 'notFound',
  1304: 'notCancellable',
  1305: 'cancelDisabled',
  1002: 'off',
  1041: 'unavailable',
};

/** The provider's failure codes the page words; another reason (a person's) is shown as written. */
const REASON_KEYS: Record<string, string> = {
  payout_declined: 'payoutDeclined',
  beneficiary_account_closed: 'beneficiaryAccountClosed',
  provider_timeout: 'providerTimeout',
};

const StyledPage = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 40rem;
  h2,
  h3 {
    margin: 0;
  }
`;

const StyledBlock = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  p {
    margin: 0;
  }
`;

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  dt.total,
  dd.total {
    color: ${({ theme }) => theme.color.text.base};
    font-weight: 700;
  }
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  fieldset {
    display: grid;
    margin: 0;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    align-items: center;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
  p {
    margin: 0;
  }
  .amount {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .meta {
    color: ${({ theme }) => theme.color.text.muted};
    font-size: 0.9em;
  }
`;

/** Props of {@link WithdrawalPage}. */
export interface WithdrawalPageProps {
  /** Explains a refusal another area gave (player protection, verification); null for the page's own words. */
  explainRefusal?: (error: unknown) => ReactNode;
}

/** The page's words for a refusal: the cashier's codes, else another area's explanation, else a generic one. */
function useRefusalText(explainRefusal?: (error: unknown) => ReactNode) {
  const { tDynamic, t } = useT();
  return (error: unknown): ReactNode => {
    const key = error instanceof HTTPError && error.errorCode ? REFUSAL_KEYS[error.errorCode] : undefined;
    if (key) return <p>{tDynamic(`payments:refusal.${key}`, t('payments:refusal.generic'))}</p>;
    return explainRefusal?.(error) ?? <p>{t('payments:refusal.generic')}</p>;
  };
}

/**
 * The withdrawal ("deduce") page: how much can be withdrawn now and why the rest cannot (bonus money, advance bets
 * waiting for cover, withdrawals in progress), the deposit card the money goes back to (closed loop), the form (an
 * XState machine: withdrawalMachine), and the player's withdrawals with their state, cancellable while not yet sent
 * where the brand allows. Polls while a withdrawal is on its way.
 */
export function WithdrawalPage({ explainRefusal }: WithdrawalPageProps = {}) {
  const { t } = useT();
  const client = useWalletClient();
  const headingId = useId();
  const query = useQuery({
    queryKey: walletKeys.deduce(),
    queryFn: ({ signal }) => client.send(walletApi.deduceData, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.withdrawals.some((w) => OPEN.has(w.state)) ? WITHDRAWAL_POLL_MS : false),
  });
  return (
    <StyledPage aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments:withdraw.title')}</h2>
      <PageState
        status={pageStatus(query)}
        loadingLabel={t('payments:withdraw.loading')}
        rows={5}
        errorText={t('payments:withdraw.error')}
        retryLabel={t('payments:retry')}
        onRetry={() => void query.refetch()}
      />
      {query.data ? <WithdrawalContent data={query.data} explainRefusal={explainRefusal} /> : null}
    </StyledPage>
  );
}

function WithdrawalContent({
  data,
  explainRefusal,
}: {
  data: DeduceData;
  explainRefusal?: (error: unknown) => ReactNode;
}) {
  const { t } = useT();
  const site = useSiteFormat();
  const money = (amount: number) => site.money(amount, data.currency);
  const factsId = useId();
  return (
    <>
      <StyledBlock aria-labelledby={factsId}>
        <h3 id={factsId}>{t('payments:withdraw.available')}</h3>
        <StyledFacts>
          <dt>{t('payments:withdraw.main')}</dt>
          <dd>{money(data.main)}</dd>
          {data.advanceHeld > 0 ? (
            <>
              <dt>{t('payments:withdraw.advanceHeld')}</dt>
              <dd>−{money(data.advanceHeld)}</dd>
            </>
          ) : null}
          <dt className="total">{t('payments:withdraw.withdrawable')}</dt>
          <dd className="total">{money(data.withdrawable)}</dd>
          {data.bonus > 0 ? (
            <>
              <dt>{t('payments:withdraw.bonus')}</dt>
              <dd>{money(data.bonus)}</dd>
            </>
          ) : null}
          {data.reserved > 0 ? (
            <>
              <dt>{t('payments:withdraw.reserved')}</dt>
              <dd>{money(data.reserved)}</dd>
            </>
          ) : null}
        </StyledFacts>
        <p>
          {data.autoApproveMax !== null && data.autoApproveMax > 0
            ? t('payments:withdraw.rule.auto', { amount: money(data.autoApproveMax) })
            : t('payments:withdraw.rule.manual')}{' '}
          {data.playerMayCancel ? t('payments:withdraw.rule.cancel') : t('payments:withdraw.rule.noCancel')}
        </p>
      </StyledBlock>
      {data.methods.length === 0 ? (
        <p>
          {t('payments:withdraw.noMethods')}{' '}
          <Link to="/office/deposit" variant="accent" size="small">
            {t('payments:withdraw.depositFirst')}
          </Link>
        </p>
      ) : (
        <WithdrawalForm data={data} money={money} explainRefusal={explainRefusal} />
      )}
      <WithdrawalList data={data} money={money} explainRefusal={explainRefusal} />
    </>
  );
}

function WithdrawalForm({
  data,
  money,
  explainRefusal,
}: {
  data: DeduceData;
  money: (amount: number) => string;
  explainRefusal?: (error: unknown) => ReactNode;
}) {
  const { t, tDynamic } = useT();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const refusalText = useRefusalText(explainRefusal);
  const machine = useMemo(
    () =>
      withdrawalMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            const answer = await client.send(walletApi.withdraw, input);
            await invalidateWallet(queryClient);
            return answer;
          }),
        },
      }),
    [client, queryClient],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { limits: { withdrawable: data.withdrawable, minAmount: data.minAmount } },
  });
  useEffect(() => {
    send({ type: 'limits.update', limits: { withdrawable: data.withdrawable, minAmount: data.minAmount } });
  }, [send, data.withdrawable, data.minAmount]);
  const { context } = snapshot;
  const issueId = useId();
  const first = data.methods[0]?.reference;
  useEffect(() => {
    // One card: it is the choice (closed loop), so the player need not pick it.
    if (data.methods.length === 1 && first && context.methodReference === null)
      send({ type: 'method.choose', reference: first });
  }, [data.methods.length, first, context.methodReference, send]);

  if (snapshot.matches('done') && context.result) {
    return (
      <div role="status">
        <p>
          {t('payments:withdraw.requested', {
            amount: money(context.result.amount),
            state: tDynamic(`payments:state.${context.result.state}`, context.result.state),
          })}
        </p>
        <Button variant="secondary" onClick={() => send({ type: 'again' })}>
          {t('payments:withdraw.again')}
        </Button>
      </div>
    );
  }
  const issueText = (issue: WithdrawalIssue) =>
    issue === 'minimum'
      ? t('payments:withdraw.issue.minimum', { amount: money(data.minAmount) })
      : issue === 'above'
        ? t('payments:withdraw.issue.above', { amount: money(data.withdrawable) })
        : t(`payments:withdraw.issue.${issue}`);
  const amountIssue = context.issue && context.issue !== 'method' ? context.issue : null;
  return (
    <StyledForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'submit' });
      }}
    >
      <fieldset aria-describedby={context.issue === 'method' ? issueId : undefined}>
        <legend>{t('payments:withdraw.method')}</legend>
        {data.methods.map((method) => (
          <Radio
            key={method.reference}
            name="withdrawal-method"
            value={method.reference}
            checked={context.methodReference === method.reference}
            onChange={() => send({ type: 'method.choose', reference: method.reference })}
            label={t('payments:withdraw.card', { last4: method.last4 })}
          />
        ))}
      </fieldset>
      <Field
        label={t('payments:withdraw.amount', { currency: data.currency })}
        hint={t('payments:withdraw.range', { min: money(data.minAmount), max: money(data.withdrawable) })}
        invalid={amountIssue !== null}
        describedBy={amountIssue ? issueId : undefined}
      >
        <Input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={context.amount}
          onChange={(event) => send({ type: 'amount.change', value: event.target.value })}
        />
      </Field>
      <div role="alert" id={issueId}>
        {context.issue ? <p>{issueText(context.issue)}</p> : null}
        {context.error && snapshot.matches('editing') ? refusalText(context.error) : null}
      </div>
      <Button type="submit" variant="accent" loading={snapshot.matches('submitting')}>
        {t('payments:withdraw.submit')}
      </Button>
    </StyledForm>
  );
}

function WithdrawalList({
  data,
  money,
  explainRefusal,
}: {
  data: DeduceData;
  money: (amount: number) => string;
  explainRefusal?: (error: unknown) => ReactNode;
}) {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const refusalText = useRefusalText(explainRefusal);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();
  const cancel = async (id: string) => {
    setCancelling(id);
    const answer = await client.trySend(walletApi.cancelWithdrawal, { id, step: 'cancel' });
    setCancelling(null);
    setError(answer.ok ? null : answer.error);
    await invalidateWallet(queryClient);
  };
  return (
    <StyledBlock aria-labelledby={headingId}>
      <h3 id={headingId}>{t('payments:withdraw.list')}</h3>
      {data.withdrawals.length === 0 ? <p>{t('payments:withdraw.none')}</p> : null}
      <div role="alert">{error ? refusalText(error) : null}</div>
      {data.withdrawals.length > 0 ? (
        <StyledList>
          {data.withdrawals.map((w) => (
            <li key={w.id}>
              <p className="amount">{money(w.amount)}</p>
              <p>
                <strong>{tDynamic(`payments:state.${w.state}`, w.state)}</strong>
              </p>
              <p className="meta">
                {formatDateTime(w.createdAt, `${config.global.dateFormat} ${config.global.timeFormat}`, {
                  timeZone: config.global.timezone,
                })}{' '}
                · {t('payments:withdraw.card', { last4: w.methodLast4 })}
                {w.reason
                  ? ` · ${REASON_KEYS[w.reason] ? tDynamic(`payments:reason.${REASON_KEYS[w.reason]}`, w.reason) : w.reason}`
                  : ''}
              </p>
              {w.cancellable ? (
                <Button
                  variant="secondary"
                  size="small"
                  loading={cancelling === w.id}
                  aria-label={t('payments:withdraw.cancelOne', { amount: money(w.amount) })}
                  onClick={() => void cancel(w.id)}
                >
                  {t('payments:withdraw.cancel')}
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </StyledList>
      ) : null}
    </StyledBlock>
  );
}
