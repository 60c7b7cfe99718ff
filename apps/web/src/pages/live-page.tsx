import { useT } from '@tessera/shared/data-access-brand';
import { SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { SportsbookNav } from '@tessera/sportsbook/feature-line';
import { LiveView, prefetchLiveView } from '@tessera/sportsbook/feature-live';
import { useParams } from 'react-router';
// Types only: the server-data runner stays out of the client's chunks.
import type { ServerData } from '../app/server-data';
import { CouponArea } from './coupon-area';
import { sportParam } from './sportsbook-page';
import { PageLayout } from './page-layout';

/** The live page's first HTML: the live games and odds of the sport in the address (ADR 0131). */
export const liveServerData: ServerData = {
  kind: 'list',
  prefetch: ({ params, queryClient, feed }) =>
    prefetchLiveView(queryClient, feed, { sportId: sportParam(params['*']) }),
};

/** Live betting: `/:lng/live` and `/:lng/live/:sportId`, moving in real time over the push channel. */
export function LivePage() {
  const { t } = useT();
  const raw = useParams()['*'];
  const sportId = raw && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined;
  return (
    <SportsbookProvider>
      <CouponArea>
        <PageLayout title={t('pages:live.title')}>
          <SportsbookNav />
          <LiveView sportId={sportId} />
        </PageLayout>
      </CouponArea>
    </SportsbookProvider>
  );
}
