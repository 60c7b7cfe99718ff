import { useT } from '@tessera/shared/data-access-brand';
import { parseStatisticPath, SportsbookProvider, type StatisticTarget } from '@tessera/sportsbook/data-access-feed';
import { StatisticView } from '@tessera/sportsbook/feature-game';
import { useEffect, type ReactNode } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import styled from 'styled-components';
import type { ServerData } from '../app/server-data';
import { usePageTitle } from '../app/shell/shell';
import { PageLayout } from './page-layout';
import { RouteErrorPage } from './route-error-page';

// The popup window is 1024 px wide (spec section 2): no header, footer or coupon, just the statistics.
const StyledPopup = styled.main`
  max-width: 1024px;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space(4)};
`;

function Popup({ children }: { children: ReactNode }) {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <StyledPopup id="main" tabIndex={-1}>
      {children}
    </StyledPopup>
  );
}

/** A game's statistics popup carries the game in its first HTML; an unknown game is a 404 (apps/web README, "An unknown game or championship answers 404"). */
export const statisticPopupServerData: ServerData = {
  kind: 'item',
  async prefetch({ params, queryClient, feed }) {
    const target = parseStatisticPath(params['*']);
    if (target?.kind === 'game') await queryClient.prefetchQuery({ ...feed.game('line', target.gameId), retry: false });
  },
};

/** Reads what the address asks for; an address no statistic link builds is answered with 404 (the not-found page). */
export function statisticPopupLoader({ params }: LoaderFunctionArgs): StatisticTarget {
  const target = parseStatisticPath(params['*']);
  if (!target) throw data(null, { status: 404 });
  return target;
}

/** The statistics popup: `/:lng/statisticpopup/{game|team|player|...}/...`, opened by the statistic links. */
export function StatisticPopupPage() {
  const { t } = useT();
  const target = useLoaderData<typeof statisticPopupLoader>();
  return (
    <Popup>
      <SportsbookProvider>
        <PageLayout title={t('sportsbook:statistic.title')}>
          <StatisticView target={target} />
        </PageLayout>
      </SportsbookProvider>
    </Popup>
  );
}

/** The route errors of the popup (404 for an address no link builds), inside the popup frame. */
export function StatisticPopupErrorPage() {
  return (
    <Popup>
      <RouteErrorPage />
    </Popup>
  );
}
