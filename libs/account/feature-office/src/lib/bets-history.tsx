import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBrand, useFeature, useStoredPreference, useT } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import {
  amountTemplateFor,
  chosenCoefficientFormat,
  formatAmount,
  formatCoefficient,
  formatDateTime,
  isValidDecimalOdds,
} from '@tessera/shared/util-format';
import { useId, useState, type FormEvent } from 'react';
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

interface BetItemProps {
  bet: HistoryBet;
  saleOn: boolean;
  partSaleOn: boolean;
  selectionName: HistorySelectionName | undefined;
}

function BetItem({ bet, saleOn, partSaleOn, selectionName }: BetItemProps) {
  const { t, tDynamic } = useT();
  const { config } = useBrand();
  const client = useWalletClient();
  const queryClient = useQueryClient();
  const money = (value: number) => formatAmount(value, bet.currency, amountTemplateFor(config.global, bet.currency));
  const odds = useHistoryOdds();
  const offerSale = saleOn && bet.canSale;
  // What selling pays now; asked only where a sale is offered, and again with every history refresh.
  const saleInfo = useQuery({
    queryKey: [...walletKeys.all(), 'sale', bet.betId],
    queryFn: ({ signal }) => client.send(walletApi.saleInfo, { SaleBetId: bet.betId }, { signal }),
    enabled: offerSale,
    refetchInterval: HISTORY_REFRESH_MS,
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
    onSettled: () => invalidateWallet(queryClient),
  });
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
        {t('coupon:history.bet', { id: bet.betId })} · {tDynamic(`coupon:betType.${bet.betType}`, bet.betType)} ·{' '}
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
      {/* Sale of a bet: absent where the brand or country switches it off, whatever the server says. */}
      {offerSale && saleInfo.data && !sale.isSuccess ? (
        <div>
          <Button
            variant="secondary"
            size="small"
            loading={sale.isPending}
            onClick={() => sale.mutate({ saleSumm: saleInfo.data.saleSumm })}
          >
            {t('coupon:history.sale', { id: bet.betId, amount: money(saleInfo.data.saleSumm) })}
          </Button>
        </div>
      ) : null}
      {/* Part sale: only where the brand and country allow it and the server offers it for this bet. */}
      {offerSale && partSaleOn && saleInfo.data?.partSale && !sale.isSuccess ? (
        <form onSubmit={sellPart} aria-label={t('coupon:history.partSale', { id: bet.betId })}>
          <label htmlFor={partId}>{t('coupon:history.partStake', { currency: bet.currency })}</label>{' '}
          <input
            id={partId}
            type="text"
            inputMode="decimal"
            value={part}
            onChange={(event) => setPart(event.target.value)}
          />{' '}
          <Button type="submit" variant="ghost" size="small" loading={sale.isPending}>
            {t('coupon:history.partSale', { id: bet.betId })}
          </Button>
        </form>
      ) : null}
      <div role="status">
        {sale.isSuccess ? (
          <p>{t('coupon:history.saleDone', { id: bet.betId, amount: money(sale.data.saleSumm) })}</p>
        ) : null}
        {sale.isError ? <p>{t('coupon:history.saleFailed')}</p> : null}
      </div>
    </StyledBet>
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
  const client = useWalletClient();
  const [status, setStatus] = useState<BetStatus | 'all'>('all');
  const statuses: BetStatus[] = status === 'all' ? [] : [status];
  const query = useQuery({
    queryKey: walletKeys.bets(statuses),
    queryFn: ({ signal }) => client.send(walletApi.betsHistory, statuses.length ? { statuses } : {}, { signal }),
    refetchInterval: HISTORY_REFRESH_MS,
  });
  const headingId = useId();
  return (
    <StyledSection aria-labelledby={headingId}>
      <h2 id={headingId}>{t('coupon:history.title')}</h2>
      <p>{t('coupon:history.period', { days: config.coupon.historyDays })}</p>
      <label>
        {t('coupon:history.status')}{' '}
        <select value={status} onChange={(event) => setStatus(event.target.value as BetStatus | 'all')}>
          <option value="all">{t('coupon:history.status.all')}</option>
          {BET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`coupon:history.status.${s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as 'won'}`)}
            </option>
          ))}
        </select>
      </label>
      {query.isPending ? <p aria-busy="true">{t('coupon:panel.loading')}</p> : null}
      {query.isError ? (
        <div role="alert">
          <p>{t('coupon:history.error')}</p>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('coupon:history.retry')}
          </Button>
        </div>
      ) : null}
      {query.data && query.data.items.length === 0 ? <p>{t('coupon:history.empty')}</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <StyledList>
          {query.data.items.map((bet) => (
            <BetItem key={bet.betId} bet={bet} saleOn={saleOn} partSaleOn={partSaleOn} selectionName={selectionName} />
          ))}
        </StyledList>
      ) : null}
    </StyledSection>
  );
}
