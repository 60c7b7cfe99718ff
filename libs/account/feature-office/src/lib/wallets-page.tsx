import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HTTPError } from '@tessera/shared/data-access-api';
import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, PageState, pageStatus, Select } from '@tessera/shared/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { walletApi, type CurrencyAccounts, type TransferQuote } from './wallet.api';
import { invalidateWallet, useWalletClient, walletKeys } from './wallet.queries';
import { parseAmount } from './withdrawal.machine';

/** The cashier's refusal codes of accounts and transfers (libs/server/wallet README) the page words. */
const REFUSAL_KEYS: Record<number, string> = {
  1310: 'notOffered',
  1311: 'exists',
  1312: 'notFound',
  1313: 'notEmpty',
  1314: 'active',
  1315: 'disabled',
  1316: 'invalid',
  1317: 'aboveBalance',
  1318: 'rateUnavailable',
  1319: 'quoteExpired',
};

const StyledPage = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 40rem;
  h2,
  h3 {
    margin: 0;
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  p {
    margin: 0;
  }
`;

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

const StyledAccounts = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
  .money {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .actions {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/**
 * The wallets settings page: the player's currency accounts with their balances, which one is active (bets and
 * deposits use it), opening one in another currency the brand offers, deleting an empty one, and transfers between
 * them at a quoted rate that expires (the server spends the quote once).
 */
export function WalletsPage() {
  const { t, tDynamic } = useT();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const query = useQuery({
    queryKey: walletKeys.accounts(),
    queryFn: ({ signal }) => client.send(walletApi.currencyAccounts, {}, { signal }),
  });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const site = useSiteFormat();
  const money = (amount: number, currency: string) => site.money(amount, currency);
  const refusal = (e: unknown) => {
    const key = e instanceof HTTPError && e.errorCode ? REFUSAL_KEYS[e.errorCode] : undefined;
    return key
      ? tDynamic(`payments:wallets.refusal.${key}`, t('payments:refusal.generic'))
      : t('payments:refusal.generic');
  };
  const change = async (
    id: string,
    work: () => Promise<{ ok: true; data: CurrencyAccounts } | { ok: false; error: unknown }>,
  ) => {
    setBusy(id);
    const answer = await work();
    setBusy(null);
    setError(answer.ok ? null : answer.error);
    if (answer.ok) queryClient.setQueryData(walletKeys.accounts(), answer.data);
    await invalidateWallet(queryClient);
  };
  const data = query.data;
  return (
    <StyledPage aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments:wallets.title')}</h2>
      <PageState
        status={pageStatus(query)}
        loadingLabel={t('payments:wallets.loading')}
        rowHeight="2.5em"
        errorText={t('payments:wallets.error')}
        retryLabel={t('payments:retry')}
        onRetry={() => void query.refetch()}
      />
      <div role="alert">{error ? <p>{refusal(error)}</p> : null}</div>
      {data ? (
        <>
          {!data.enabled ? <p>{t('payments:wallets.off')}</p> : null}
          <StyledAccounts aria-label={t('payments:wallets.list')}>
            {data.accounts.map((a) => (
              <li key={a.id}>
                <span>
                  {a.name} ({a.symbol}) <span className="money">{money(a.balance, a.currency)}</span>
                </span>
                <span className="actions">
                  {a.active ? (
                    <strong>{t('payments:wallets.active')}</strong>
                  ) : data.enabled ? (
                    <>
                      <Button
                        size="small"
                        variant="secondary"
                        loading={busy === a.id}
                        aria-label={t('payments:wallets.makeActiveOne', { currency: a.currency })}
                        onClick={() =>
                          void change(a.id, () =>
                            client.trySend(walletApi.setActiveCurrencyAccount, { account_id: a.id }),
                          )
                        }
                      >
                        {t('payments:wallets.makeActive')}
                      </Button>
                      {a.balance === 0 ? (
                        <Button
                          size="small"
                          variant="ghost"
                          loading={busy === a.id}
                          aria-label={t('payments:wallets.deleteOne', { currency: a.currency })}
                          onClick={() =>
                            void change(a.id, () =>
                              client.trySend(walletApi.deleteCurrencyAccount, { account_id: a.id }),
                            )
                          }
                        >
                          {t('payments:wallets.delete')}
                        </Button>
                      ) : null}
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </StyledAccounts>
          {data.enabled && data.offered.length > 0 ? (
            <OpenAccount
              data={data}
              busy={busy === 'open'}
              onOpen={(currencyId) =>
                void change('open', () => client.trySend(walletApi.createCurrencyAccount, { currency_id: currencyId }))
              }
            />
          ) : null}
          {data.enabled && data.accounts.length > 1 ? (
            <TransferForm data={data} money={money} refusal={refusal} />
          ) : null}
        </>
      ) : null}
    </StyledPage>
  );
}

function OpenAccount({
  data,
  busy,
  onOpen,
}: {
  data: CurrencyAccounts;
  busy: boolean;
  onOpen: (currencyId: number) => void;
}) {
  const { t } = useT();
  const [currencyId, setCurrencyId] = useState(String(data.offered[0]?.currencyId ?? ''));
  const headingId = useId();
  useEffect(() => {
    if (!data.offered.some((o) => String(o.currencyId) === currencyId))
      setCurrencyId(String(data.offered[0]?.currencyId ?? ''));
  }, [data.offered, currencyId]);
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (currencyId) onOpen(Number(currencyId));
      }}
    >
      <h3 id={headingId}>{t('payments:wallets.open')}</h3>
      <StyledRow>
        <Field label={t('payments:wallets.currency')}>
          <Select value={currencyId} onChange={(event) => setCurrencyId(event.target.value)}>
            {data.offered.map((o) => (
              <option key={o.currencyId} value={o.currencyId}>
                {o.name} ({o.currency})
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" loading={busy}>
          {t('payments:wallets.openSubmit')}
        </Button>
      </StyledRow>
    </form>
  );
}

/** Whole seconds until a quote expires, never below 0. */
function secondsLeft(quote: TransferQuote): number {
  return Math.max(0, Math.ceil((new Date(quote.expiresAt).getTime() - Date.now()) / 1000));
}

function TransferForm({
  data,
  money,
  refusal,
}: {
  data: CurrencyAccounts;
  money: (amount: number, currency: string) => string;
  refusal: (error: unknown) => string;
}) {
  const { t } = useT();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [from, setFrom] = useState(data.accounts[0]?.id ?? '');
  const [to, setTo] = useState(data.accounts[1]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<TransferQuote | null>(null);
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (!quote) return undefined;
    const tick = () => setLeft(secondsLeft(quote));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [quote]);
  const reset = () => {
    setQuote(null);
    setDone(null);
    setError(null);
  };
  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (!Number.isFinite(value) || value <= 0) {
      setError(t('payments:withdraw.issue.amount'));
      return;
    }
    if (from === to) {
      setError(t('payments:wallets.refusal.invalid'));
      return;
    }
    setBusy(true);
    const answer = await client.trySend(walletApi.transferQuote, {
      from_account_id: from,
      to_account_id: to,
      amount: value,
    });
    setBusy(false);
    setDone(null);
    setError(answer.ok ? null : refusal(answer.error));
    // The seconds left arrive with the quote, in the same render: a quote is never drawn as expired first.
    if (answer.ok) setLeft(secondsLeft(answer.data));
    setQuote(answer.ok ? answer.data : null);
  };
  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    const answer = await client.trySend(walletApi.transfer, { quote_id: quote.quoteId });
    setBusy(false);
    if (answer.ok) {
      setDone(
        t('payments:wallets.transferred', {
          from: money(answer.data.fromAmount, answer.data.fromCurrency),
          to: money(answer.data.toAmount, answer.data.toCurrency),
        }),
      );
      setQuote(null);
      setAmount('');
      await invalidateWallet(queryClient);
    } else {
      setError(refusal(answer.error));
      setQuote(null);
    }
  };
  const expired = quote !== null && left === 0;
  return (
    <form aria-labelledby={headingId} onSubmit={(event) => void ask(event)}>
      <h3 id={headingId}>{t('payments:wallets.transfer')}</h3>
      <StyledRow>
        <Field label={t('payments:wallets.from')}>
          <Select
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              reset();
            }}
          >
            {data.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.currency} · {money(a.balance, a.currency)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('payments:wallets.to')}>
          <Select
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              reset();
            }}
          >
            {data.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.currency}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('payments:wallets.amount')}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              reset();
            }}
          />
        </Field>
      </StyledRow>
      <Button type="submit" variant="secondary" loading={busy && quote === null}>
        {t('payments:wallets.quote')}
      </Button>
      <div role="status" aria-live="polite">
        {quote ? (
          <>
            <p>
              {t('payments:wallets.quoted', {
                from: money(quote.fromAmount, quote.fromCurrency),
                to: money(quote.toAmount, quote.toCurrency),
                rate: `1 ${quote.fromCurrency} = ${Number(quote.rate.toPrecision(6))} ${quote.toCurrency}`,
              })}
            </p>
            <p>{expired ? t('payments:wallets.quoteExpired') : null}</p>
          </>
        ) : null}
        {done ? <p>{done}</p> : null}
      </div>
      {quote && !expired ? <p aria-hidden="true">{t('payments:wallets.quoteLeft', { count: left })}</p> : null}
      {quote && !expired ? (
        <Button variant="accent" loading={busy} onClick={() => void confirm()}>
          {t('payments:wallets.confirm')}
        </Button>
      ) : null}
      <div role="alert">{error ? <p>{error}</p> : null}</div>
    </form>
  );
}
