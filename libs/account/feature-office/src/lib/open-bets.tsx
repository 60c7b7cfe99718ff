import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import type { BetStatus } from '@tessera/shared/contract-api';
import { useId } from 'react';
import styled from 'styled-components';
import { BetsQueryBody, useBetsQuery, type HistorySelectionName } from './bets-history';

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
  const headingId = useId();
  const query = useBetsQuery(OPEN_BET_STATUSES);
  const count = query.data?.items.length;
  return (
    <StyledPanel aria-labelledby={headingId}>
      <h2 id={headingId}>
        {count === undefined ? t('coupon:openBets.title') : t('coupon:openBets.titleCount', { count })}
      </h2>
      {saleOn ? null : <p>{t('coupon:history.saleNotOffered')}</p>}
      <BetsQueryBody
        query={query}
        loading={<Skeleton count={2} height="5rem" label={t('coupon:openBets.loading')} />}
        errorText={t('coupon:openBets.error')}
        emptyText={t('coupon:openBets.empty')}
        saleOn={saleOn}
        partSaleOn={partSaleOn}
        selectionName={selectionName}
        quoteRefreshMs={OPEN_BETS_QUOTE_MS}
      />
    </StyledPanel>
  );
}
