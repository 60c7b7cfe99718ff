import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBrand, useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, Link } from '@tessera/shared/ui';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { cardDigits, groupCardNumber } from './card-number';
import { walletApi, type DepositAnswer } from './wallet.api';
import { invalidateWallet, useActiveAccount, useWalletClient, walletKeys } from './wallet.queries';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 28rem;
  h2 {
    margin: 0;
    font-size: 1.2em;
  }
`;

// Each field keeps room for its label: three across where they fit, fewer on a narrow phone, never overlapping.
const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

const StyledQuick = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledSuccess = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
  max-width: 28rem;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-inline-start: 4px solid ${({ theme }) => theme.color.status.success.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: 1.2em;
  }
`;

const StyledAmount = styled.p`
  font-size: 1.6em;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** How often a pending deposit is asked about: the sandbox provider decides in about 2 s. */
export const DEPOSIT_POLL_MS = 1_000;

const FINAL = new Set(['succeeded', 'declined', 'expired']);

function newReference(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** Props of {@link DepositForm}. */
export interface DepositFormProps {
  /** Explains a refusal another area gave (player protection's limits): the app composes it; null for the generic text. */
  explainRefusal?: (error: unknown) => ReactNode;
}

/**
 * A deposit through the sandbox payment provider: the form sends amount and card, the provider confirms or declines
 * asynchronously, so the page shows the payment as pending and polls it; once confirmed the wallet is refreshed and
 * the new balance shown. A retry of the same attempt reuses its merchantReference, so it cannot pay twice.
 */
export function DepositForm({ explainRefusal }: DepositFormProps = {}) {
  const { t } = useT();
  const { config } = useBrand();
  const site = useSiteFormat();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const { account } = useActiveAccount(true);
  const currency = account?.iso ?? '';
  const [amount, setAmount] = useState('');
  const [number, setNumber] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [cvc, setCvc] = useState('');
  const [code, setCode] = useState('');
  const [reference, setReference] = useState<string | null>(null);
  const [started, setStarted] = useState<DepositAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const [sending, setSending] = useState(false);
  const headingId = useId();

  const status = useQuery({
    queryKey: [...walletKeys.all(), 'deposit', reference],
    queryFn: ({ signal }) => client.send(walletApi.depositStatus, { merchantReference: reference ?? '' }, { signal }),
    enabled: reference !== null && started !== null && !FINAL.has(started.status),
    refetchInterval: (query) => (query.state.data && FINAL.has(query.state.data.status) ? false : DEPOSIT_POLL_MS),
  });
  const current = status.data ?? started;
  const done = current?.status === 'succeeded';
  useEffect(() => {
    if (done) void invalidateWallet(queryClient);
  }, [done, queryClient]);

  const quickAmounts = config.cashier.deposits.quickAmounts[currency] ?? [];
  // Money as every page writes it (the site formatter: the brand's template, the language's separators).
  const money = site.money;

  // After a deposit, a new one starts from an empty form with a reference of its own.
  const again = () => {
    setReference(null);
    setStarted(null);
    setAmount('');
    setCode('');
    setFailed(false);
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0) return;
    const merchantReference = reference && current && !FINAL.has(current.status) ? reference : newReference();
    setReference(merchantReference);
    setSending(true);
    const answer = await client.trySend(walletApi.deposit, {
      amount: Math.floor(value * 100) / 100,
      card: { number: cardDigits(number), expiryMonth: Number(month), expiryYear: Number(year), cvc },
      merchantReference,
    });
    setSending(false);
    setFailed(!answer.ok);
    setRefusal(answer.ok ? null : (explainRefusal?.(answer.error) ?? null));
    setStarted(answer.ok ? answer.data : null);
  };

  const challenge = async () => {
    if (!reference) return;
    const answer = await client.trySend(walletApi.depositChallenge, {
      merchantReference: reference,
      step: 'challenge',
      code,
    });
    if (answer.ok) setStarted(answer.data);
  };

  // The success state replaces the form: what was paid, the new balance, and where to go next.
  if (done && current) {
    return (
      <StyledSuccess aria-labelledby={headingId}>
        <h2 id={headingId}>{t('pages:deposit.successTitle')}</h2>
        <div role="status">
          <StyledAmount>{money(current.amount, current.currency)}</StyledAmount>
          <p>{t('coupon:deposit.succeeded', { amount: money(current.amount, current.currency) })}</p>
          {account ? <p>{t('coupon:deposit.newBalance', { amount: money(account.money, account.iso) })}</p> : null}
        </div>
        <StyledActions>
          <Link to="/line" variant="accent">
            {t('pages:deposit.toSports')}
          </Link>
          <Button variant="secondary" onClick={again}>
            {t('pages:deposit.again')}
          </Button>
        </StyledActions>
      </StyledSuccess>
    );
  }

  return (
    <StyledForm onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('coupon:deposit.title')}</h2>
      <Field label={t('coupon:deposit.amount', { currency })}>
        <Input
          type="text"
          inputMode="decimal"
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </Field>
      {quickAmounts.length > 0 ? (
        <StyledQuick role="group" aria-label={t('pages:deposit.quickAmounts')}>
          {quickAmounts.map((value) => (
            <Button
              key={value}
              size="small"
              variant="secondary"
              aria-pressed={Number(amount.replace(',', '.')) === value}
              onClick={() => setAmount(String(value))}
            >
              {money(value, currency)}
            </Button>
          ))}
        </StyledQuick>
      ) : null}
      <Field label={t('coupon:deposit.cardNumber')}>
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          // Card digits read left to right in every script.
          dir="ltr"
          placeholder="0000 0000 0000 0000"
          value={number}
          onChange={(event) => setNumber(groupCardNumber(event.target.value))}
        />
      </Field>
      <StyledRow>
        <Field label={t('coupon:deposit.expiryMonth')}>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            dir="ltr"
            required
            maxLength={2}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          />
        </Field>
        <Field label={t('coupon:deposit.expiryYear')}>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            dir="ltr"
            required
            maxLength={4}
            value={year}
            onChange={(event) => setYear(event.target.value)}
          />
        </Field>
        <Field label={t('coupon:deposit.cvc')}>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            dir="ltr"
            required
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </Field>
      </StyledRow>
      <Button type="submit" variant="accent" loading={sending || (current !== null && !FINAL.has(current.status))}>
        {t('coupon:deposit.submit')}
      </Button>
      {current?.status === 'requires_action' ? (
        <>
          <Field label={t('coupon:deposit.challenge')}>
            <Input type="text" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
          </Field>
          <Button variant="secondary" onClick={() => void challenge()}>
            {t('coupon:deposit.challengeSubmit')}
          </Button>
        </>
      ) : null}
      <div role="status" aria-live="polite">
        {current?.status === 'processing' ? <p>{t('coupon:deposit.pending')}</p> : null}
      </div>
      <div role="alert">
        {current?.status === 'declined' ? <p>{t('coupon:deposit.declined')}</p> : null}
        {current?.status === 'expired' ? <p>{t('coupon:deposit.expired')}</p> : null}
        {failed ? refusal || <p>{t('coupon:deposit.error')}</p> : null}
      </div>
    </StyledForm>
  );
}
