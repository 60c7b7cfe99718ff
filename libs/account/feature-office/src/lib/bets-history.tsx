import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBrand, useSiteFormat, useFeature, useStoredPreference, useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Select } from '@tessera/shared/ui';
import {
  betTypeNameKey,
  chosenCoefficientFormat,
  formatCoefficient,
  formatDateTime,
  isValidDecimalOdds,
} from '@tessera/shared/util-format';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { BET_STATUSES, type BetStatus } from '@tessera/shared/contract-api';
import { walletApi, type HistoryBet, type HistoryEvent } from './wallet.api';
import { invalidateWallet, useWalletClient, walletKeys } from './wallet.queries';

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.2em;
  }
`;

// The filter is as wide as its longest status, not the whole column.
const StyledStatusField = styled(Field)`
  justify-self: start;
  min-inline-size: 14rem;
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledBet = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.base};
  h3 {
    margin: 0;
    font-size: 1em;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
  }
`;

/** How often open bets are refreshed while the history is on screen (settlement happens on the server). */
export const HISTORY_REFRESH_MS = 5_000;

/** How long a cash-out quote in the confirmation holds before it is asked again (seconds, counted down on screen). */
export const CASH_OUT_QUOTE_SECONDS = 10;

const StyledConfirm = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 2px solid ${({ theme }) => theme.color.primary.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  p {
    margin: 0;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** Seconds left on a cash-out quote: counts down once a second while shown; at zero asks `onExpired` and starts again. */
function useQuoteCountdown(active: boolean, quote: number | undefined, onExpired: () => void): number {
  const [left, setLeft] = useState(CASH_OUT_QUOTE_SECONDS);
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });
  // A new quote (or opening the confirmation) starts the count again.
  useEffect(() => {
    if (!active) return undefined;
    let seconds = CASH_OUT_QUOTE_SECONDS;
    setLeft(seconds);
    const timer = setInterval(() => {
      seconds -= 1;
      if (seconds <= 0) {
        seconds = CASH_OUT_QUOTE_SECONDS;
        expired.current();
      }
      setLeft(seconds);
    }, 1000);
    return () => clearInterval(timer);
  }, [active, quote]);
  return left;
}

/** Where the sportsbook keeps the bettor's odds format (its `coefficientFormat` preference, read here through shared storage). */
const COEFFICIENT_FORMAT_KEY = 'coefficientFormat';

/** Odds in the bettor's chosen format, as the line and the coupon show them; a price below 1.01 (never offered) stays decimal. */
function useHistoryOdds(): (decimalOdds: number) => string {
  const { config } = useBrand();
  const [chosen] = useStoredPreference<unknown>(COEFFICIENT_FORMAT_KEY, null);
  const format = chosenCoefficientFormat(
    chosen,
    config.betting.coefficientFormats,
    config.betting.defaultCoefficientFormat,
  );
  return (odds) => (isValidDecimalOdds(odds) ? formatCoefficient(odds, format) : odds.toFixed(2));
}

/** A selection's market and outcome in the page's language, from the line's words stored with the bet. */
export type HistorySelectionName = (event: HistoryEvent) => { market: string; outcome: string } | undefined;

/** Props of {@link BetItem}. */
export interface BetItemProps {
  bet: HistoryBet;
  saleOn: boolean;
  partSaleOn: boolean;
  selectionName: HistorySelectionName | undefined;
  /** How often the cash-out value is asked again while shown (the open-bets panel asks more often than the history). */
  quoteRefreshMs?: number;
}

/**
 * Which way a value moved since it was last shown: 'up', 'down' or null (first value, or no change). Worked out while
 * rendering (React's "state from the previous render" pattern), so the render that shows a new value shows its mark
 * too; an effect marked it one render later, and a reader (or a test) could meet the new value still unmarked.
 */
function useMove(value: number | undefined): 'up' | 'down' | null {
  const [shown, setShown] = useState<{ value: number | undefined; move: 'up' | 'down' | null }>({
    value,
    move: null,
  });
  if (value === shown.value) return shown.move;
  const move = shown.value === undefined || value === undefined ? shown.move : value > shown.value ? 'up' : 'down';
  setShown({ value, move });
  return move;
}

const StyledValue = styled.p<{ $move: 'up' | 'down' | null }>`
  margin: 0;
  font-variant-numeric: tabular-nums;
  strong {
    font-size: 1.1em;
  }
  span {
    margin-inline-start: ${({ theme }) => theme.space(1)};
    color: ${({ $move, theme }) => ($move === 'down' ? theme.color.odds.down : theme.color.odds.up)};
  }
`;

const StyledReason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text.muted};
`;

/** One bet with its selections, figures, and (where offered) its live cash-out value, confirmation and part sale. */
export function BetItem({ bet, saleOn, partSaleOn, selectionName, quoteRefreshMs = HISTORY_REFRESH_MS }: BetItemProps) {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const site = useSiteFormat();
  const money = (value: number) => site.money(value, bet.currency);
  const odds = useHistoryOdds();
  const offerSale = saleOn && bet.canSale;
  const saleKey = [...walletKeys.all(), 'sale', bet.betId];
  const [sold, setSold] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // What selling pays now; asked only where a sale is offered and the bet is not sold, and again with every refresh.
  const saleInfo = useQuery({
    queryKey: saleKey,
    queryFn: ({ signal }) => client.send(walletApi.saleInfo, { SaleBetId: bet.betId }, { signal }),
    enabled: offerSale && !sold,
    // While the bettor confirms, the quote on screen changes only when its countdown runs out.
    refetchInterval: confirming ? false : quoteRefreshMs,
    retry: false,
  });
  const sale = useMutation({
    // The value shown is sent: the server sells at it or refuses (never cheaper than what the bettor saw). A part
    // sale sends the part of the stake instead and is priced by the server.
    mutationFn: (what: { saleSumm: number } | { part: number }) =>
      client.send(
        walletApi.saleBet,
        'part' in what ? { SaleBetId: bet.betId, Summ: what.part } : { SaleBetId: bet.betId, saleSumm: what.saleSumm },
      ),
    onSuccess: async () => {
      // A sold bet has no quote: the wallet's refresh below must not ask for one (the server answers 409, the bet is
      // no longer open). The query is dropped before the refresh, and stays off from the next render on.
      setSold(true);
      await queryClient.cancelQueries({ queryKey: saleKey });
      queryClient.removeQueries({ queryKey: saleKey });
    },
    onSettled: () => invalidateWallet(queryClient),
  });
  const confirmId = useId();
  const quote = saleInfo.data?.saleSumm;
  const quoteMove = useMove(quote);
  // Why a bet open on a site that sells bets shows no cash-out: not accepted yet, or no price to sell at right now (a
  // selection's market is suspended or closed); the value comes back by itself when the market reopens.
  const saleReason =
    !saleOn || sale.isSuccess || sold
      ? null
      : bet.status === 'waiting'
        ? t('coupon:history.saleReason.waiting')
        : bet.status === 'accepted' && (!bet.canSale || saleInfo.isError)
          ? t('coupon:history.saleReason.unavailable')
          : null;
  const secondsLeft = useQuoteCountdown(confirming && !sale.isPending, quote, () => void saleInfo.refetch());
  const [part, setPart] = useState('');
  const partId = useId();
  const sellPart = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(part.replace(',', '.'));
    if (Number.isFinite(amount) && amount > 0) sale.mutate({ part: Math.floor(amount * 100) / 100 });
  };
  const headingId = useId();
  // Bets placed before the line's words were stored (or on a line without them) show the outcome's id.
  const pickText = (event: HistoryEvent) => {
    const name = selectionName?.(event);
    return name ? t('coupon:selection.pick', name) : event.outcomeId.split(':').slice(1).join(' ');
  };
  return (
    <StyledBet aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t('coupon:history.bet', { id: bet.betId })} ·{' '}
        {tDynamic(betTypeNameKey(bet.betType, bet.events.length, bet.fullCover), bet.betType, { n: bet.events.length })}{' '}
        ·{' '}
        {tDynamic(
          `coupon:history.status.${bet.status.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`,
          bet.status,
        )}
      </h3>
      {bet.status === 'waiting' && bet.holdReason ? (
        <p>{tDynamic(`coupon:history.hold.${bet.holdReason}`, bet.holdReason)}</p>
      ) : null}
      {bet.vipDecision ? (
        <p>{tDynamic(`coupon:history.vip.${bet.vipDecision}`, bet.vipDecision, { amount: money(bet.summ) })}</p>
      ) : null}
      {/* A held bet refused later (a live hold, an advance bet not covered): why, in the slip's words. VIP bets say it above. */}
      {bet.refusal && !bet.vipDecision ? (
        <p>
          {tDynamic(
            `coupon:issue.${bet.refusal.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`,
            t('coupon:issue.unknown'),
          )}
        </p>
      ) : null}
      {bet.insurance ? (
        <p>
          {t('coupon:history.insurance', {
            premium: money(bet.insurance.premium),
            amount: money(bet.insurance.amount),
          })}
        </p>
      ) : null}
      <ul aria-label={t('coupon:history.events')}>
        {bet.events.map((event) => (
          <li key={event.outcomeId}>
            {t('coupon:selection.game', { home: event.home, away: event.away })} — {pickText(event)} @{' '}
            {odds(event.coef)}
            {event.result ? ` (${event.result})` : ''}
          </li>
        ))}
      </ul>
      <dl>
        <dt>{t('coupon:history.placedAt')}</dt>
        <dd>
          {formatDateTime(bet.createdAt, `${config.global.dateFormat} ${config.global.timeFormat}`, {
            timeZone: config.global.timezone,
          })}
        </dd>
        <dt>{t('coupon:history.stake')}</dt>
        <dd>{money(bet.summ)}</dd>
        <dt>{t('coupon:history.odds')}</dt>
        <dd>{odds(bet.coef)}</dd>
        <dt>{t('coupon:history.potentialWin')}</dt>
        <dd>{money(bet.potentialWin)}</dd>
        {bet.payout !== null ? (
          <>
            <dt>{t('coupon:history.payout')}</dt>
            <dd>{money(bet.payout)}</dd>
          </>
        ) : null}
      </dl>
      {/* The live cash-out value, asked again every few seconds, with the way it last moved. */}
      {offerSale && saleInfo.data && !sale.isSuccess ? (
        <StyledValue $move={quoteMove}>
          {t('coupon:history.saleValue')} <strong>{money(saleInfo.data.saleSumm)}</strong>
          {quoteMove ? (
            <span title={t(quoteMove === 'up' ? 'coupon:history.saleValueUp' : 'coupon:history.saleValueDown')}>
              {quoteMove === 'up' ? '▲' : '▼'}
            </span>
          ) : null}
        </StyledValue>
      ) : null}
      {saleReason ? <StyledReason>{saleReason}</StyledReason> : null}
      {/* Sale of a bet: absent where the brand or country switches it off, whatever the server says. Selling asks
          for a confirmation that shows the quote and how long it holds; at zero the quote is asked again. */}
      {offerSale && saleInfo.data && !sale.isSuccess && !confirming ? (
        <div>
          <Button
            variant="secondary"
            size="small"
            aria-describedby={headingId}
            onClick={() => {
              sale.reset();
              setConfirming(true);
            }}
          >
            {t('coupon:history.sale', { amount: money(saleInfo.data.saleSumm) })}
          </Button>
        </div>
      ) : null}
      {offerSale && saleInfo.data && !sale.isSuccess && confirming ? (
        <StyledConfirm role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>{t('coupon:history.saleConfirm', { amount: money(saleInfo.data.saleSumm) })}</p>
          <p>
            {saleInfo.isFetching
              ? t('coupon:history.saleQuoteRefreshing')
              : t('coupon:history.saleQuoteHolds', { seconds: secondsLeft })}
          </p>
          <div>
            <Button
              size="small"
              loading={sale.isPending}
              disabled={saleInfo.isFetching}
              onClick={() => sale.mutate({ saleSumm: saleInfo.data.saleSumm })}
            >
              {t('coupon:history.saleConfirmOk')}
            </Button>
            <Button variant="ghost" size="small" disabled={sale.isPending} onClick={() => setConfirming(false)}>
              {t('coupon:history.saleConfirmCancel')}
            </Button>
          </div>
        </StyledConfirm>
      ) : null}
      {/* Part sale: only where the brand and country allow it and the server offers it for this bet. */}
      {offerSale && partSaleOn && saleInfo.data?.partSale && !sale.isSuccess ? (
        <form onSubmit={sellPart} aria-label={t('coupon:history.partSale')}>
          <label htmlFor={partId}>{t('coupon:history.partStake', { currency: bet.currency })}</label>{' '}
          <input
            id={partId}
            type="text"
            inputMode="decimal"
            value={part}
            onChange={(event) => setPart(event.target.value)}
          />{' '}
          <Button type="submit" variant="ghost" size="small" loading={sale.isPending}>
            {t('coupon:history.partSale')}
          </Button>
        </form>
      ) : null}
      <div role="status">
        {sale.isSuccess ? <p>{t('coupon:history.saleDone', { amount: money(sale.data.saleSumm) })}</p> : null}
        {sale.isError ? <p>{t('coupon:history.saleFailed')}</p> : null}
      </div>
    </StyledBet>
  );
}

/** The bettor's bets in the given states (all where none is given), asked again every HISTORY_REFRESH_MS. */
export function useBetsQuery(statuses: readonly BetStatus[]) {
  const client = useWalletClient();
  return useQuery({
    queryKey: walletKeys.bets(statuses),
    queryFn: ({ signal }) =>
      client.send(walletApi.betsHistory, statuses.length ? { statuses: [...statuses] } : {}, { signal }),
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

/** Props of {@link BetsQueryBody}. */
export interface BetsQueryBodyProps {
  query: ReturnType<typeof useBetsQuery>;
  /** What stands while the first answer is on its way. */
  loading: ReactNode;
  errorText: string;
  emptyText: string;
  saleOn: boolean;
  partSaleOn: boolean;
  selectionName: HistorySelectionName | undefined;
  quoteRefreshMs?: number;
}

/** A bets list's states: loading, the error with a retry, empty, and each bet with its cash-out. */
export function BetsQueryBody({ query, loading, errorText, emptyText, ...item }: BetsQueryBodyProps) {
  const { t } = useT();
  return (
    <>
      {query.isPending ? loading : null}
      {query.isError ? (
        <div role="alert">
          <p>{errorText}</p>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('coupon:history.retry')}
          </Button>
        </div>
      ) : null}
      {query.data && query.data.items.length === 0 ? <p>{emptyText}</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <StyledList>
          {query.data.items.map((bet) => (
            <BetItem key={bet.betId} bet={bet} {...item} />
          ))}
        </StyledList>
      ) : null}
    </>
  );
}

/**
 * The bets history of the office: the last coupon.historyDays days (7 by default), filtered by status, newest first,
 * with cash-out buttons on open bets where the brand and country allow the sale of a bet. Open bets refresh on their
 * own while the page is shown, so a settlement appears without a reload. `selectionName` names selections in the page's
 * language (the app composes the sportsbook's words; the office does not depend on the sportsbook).
 */
export function BetsHistory({ selectionName }: { selectionName?: HistorySelectionName } = {}) {
  const { t } = useT();
  const { config } = useBrand();
  const saleOn = useFeature('coupon.sale');
  const partSaleOn = useFeature('coupon.partSale');
  const [status, setStatus] = useState<BetStatus | 'all'>('all');
  const query = useBetsQuery(status === 'all' ? [] : [status]);
  const headingId = useId();
  return (
    <StyledSection aria-labelledby={headingId}>
      <h2 id={headingId}>{t('coupon:history.title')}</h2>
      <p>{t('coupon:history.period', { count: config.coupon.historyDays })}</p>
      {/* Where the brand or the country does not offer cash-out, the bettor is told so rather than left to wonder. */}
      {saleOn ? null : <p>{t('coupon:history.saleNotOffered')}</p>}
      <StyledStatusField label={t('coupon:history.status')}>
        <Select value={status} onChange={(event) => setStatus(event.target.value as BetStatus | 'all')}>
          <option value="all">{t('coupon:history.status.all')}</option>
          {BET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`coupon:history.status.${s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as 'won'}`)}
            </option>
          ))}
        </Select>
      </StyledStatusField>
      <BetsQueryBody
        query={query}
        loading={<p aria-busy="true">{t('coupon:panel.loading')}</p>}
        errorText={t('coupon:history.error')}
        emptyText={t('coupon:history.empty')}
        saleOn={saleOn}
        partSaleOn={partSaleOn}
        selectionName={selectionName}
      />
    </StyledSection>
  );
}
