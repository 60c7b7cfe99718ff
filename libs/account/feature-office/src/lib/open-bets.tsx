import { useQuery } from '@tanstack/react-query';
import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { Button, Skeleton } from '@tessera/shared/ui';
import type { BetStatus } from '@tessera/shared/contract-api';
import { useId } from 'react';
import styled from 'styled-components';
import { BetItem, HISTORY_REFRESH_MS, type HistorySelectionName } from './bets-history';
import { walletApi } from './wallet.api';
import { useWalletClient, walletKeys } from './wallet.queries';

/** How often an open bet's cash-out value is asked again while the panel is on screen. */
export const OPEN_BETS_QUOTE_MS = 3_000;

/** The bets the panel lists: accepted ones (cash-out) and those still being confirmed (held). */
export const OPEN_BET_STATUSES: readonly BetStatus[] = ['accepted', 'waiting'];

const StyledPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1em;
  }
  > p {
    margin: 0;
  }
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Props of {@link OpenBets}. */
export interface OpenBetsProps {
  /** Names selections in the page's language (the app composes the sportsbook's words). */
  selectionName?: HistorySelectionName;
}

/**
 * The open-bets panel: the bettor's bets not settled yet, newest first, each with its live cash-out value (asked again
 * every OPEN_BETS_QUOTE_MS, marked when it moves), the cash-out confirmation counting down on the quote, and, where no
 * cash-out is offered, why: the site does not sell bets from the bettor's country, the bet is still being confirmed,
 * or a selection's market is suspended or closed right now. Settlement removes a bet by itself (the list refreshes).
 */
export function OpenBets({ selectionName }: OpenBetsProps) {
  const { t } = useT();
  const saleOn = useFeature('coupon.sale');
  const partSaleOn = useFeature('coupon.partSale');
  const client = useWalletClient();
  const headingId = useId();
  const query = useQuery({
    queryKey: walletKeys.bets(OPEN_BET_STATUSES),
    queryFn: ({ signal }) => client.send(walletApi.betsHistory, { statuses: [...OPEN_BET_STATUSES] }, { signal }),
    refetchInterval: HISTORY_REFRESH_MS,
  });
  const count = query.data?.items.length;
  return (
    <StyledPanel aria-labelledby={headingId}>
      <h2 id={headingId}>
        {count === undefined ? t('coupon:openBets.title') : t('coupon:openBets.titleCount', { count })}
      </h2>
      {saleOn ? null : <p>{t('coupon:history.saleNotOffered')}</p>}
      {query.isPending ? <Skeleton count={2} height="5rem" label={t('coupon:openBets.loading')} /> : null}
      {query.isError ? (
        <div role="alert">
          <p>{t('coupon:openBets.error')}</p>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('coupon:history.retry')}
          </Button>
        </div>
      ) : null}
      {query.data && query.data.items.length === 0 ? <p>{t('coupon:openBets.empty')}</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <StyledList>
          {query.data.items.map((bet) => (
            <BetItem
              key={bet.betId}
              bet={bet}
              saleOn={saleOn}
              partSaleOn={partSaleOn}
              selectionName={selectionName}
              quoteRefreshMs={OPEN_BETS_QUOTE_MS}
            />
          ))}
        </StyledList>
      ) : null}
    </StyledPanel>
  );
}
