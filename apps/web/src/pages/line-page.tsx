import { useT } from '@tessera/shared/data-access-brand';
import { SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { GameView } from '@tessera/sportsbook/feature-game';
import {
  ChampView,
  CyberView,
  ExpressView,
  FavoritesView,
  LineView,
  SearchView,
  SportsbookNav,
  TopView,
  UpcomingView,
} from '@tessera/sportsbook/feature-line';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CouponArea } from './coupon-area';
import { PageLayout } from './page-layout';

/** A positive integer id from the address, or undefined (an unknown id then reads as "not available", never a crash). */
function idParam(value: string | undefined): number | undefined {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

function SportsbookPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SportsbookProvider>
      <CouponArea>
        <PageLayout title={title}>
          <SportsbookNav />
          {children}
        </PageLayout>
      </CouponArea>
    </SportsbookProvider>
  );
}

/** Pre-match line: `/:lng/line` and `/:lng/line/:sportId`; `/:lng/line/cyber` (the header's esports link) is the cyber section. */
export function LinePage() {
  const { t } = useT();
  const params = useParams();
  const [first, second] = (params['*'] ?? '').split('/');
  if (first === 'cyber') {
    return (
      <SportsbookPage title={t('sportsbook:cyber.title')}>
        <CyberView sportId={idParam(second)} />
      </SportsbookPage>
    );
  }
  return (
    <SportsbookPage title={t('pages:line.title')}>
      <LineView sportId={idParam(params['*'])} />
    </SportsbookPage>
  );
}

/** Championship page: `/:lng/champ/:champId`. */
export function ChampPage() {
  const { t } = useT();
  const id = idParam(useParams()['champId']);
  return <SportsbookPage title={t('pages:line.title')}>{id ? <ChampView champId={id} /> : <p>{t('sportsbook:champ.notFound')}</p>}</SportsbookPage>;
}

/** Game page: `/:lng/game/:gameId`. */
export function GamePage() {
  const { t } = useT();
  const id = idParam(useParams()['gameId']);
  return <SportsbookPage title={t('pages:line.title')}>{id ? <GameView gameId={id} /> : <p>{t('sportsbook:game.notFound')}</p>}</SportsbookPage>;
}

/** Search: `/:lng/search?text=`. */
export function SearchPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  return (
    <SportsbookPage title={t('sportsbook:nav.search')}>
      <SearchView initialText={params.get('text') ?? ''} onSearch={(text) => setParams(text ? { text } : {}, { replace: true })} />
    </SportsbookPage>
  );
}

/** Favourites: `/:lng/favorites`. */
export function FavoritesPage() {
  const { t } = useT();
  return (
    <SportsbookPage title={t('sportsbook:favorites.title')}>
      <FavoritesView />
    </SportsbookPage>
  );
}

/** Express of the day: `/:lng/express`. */
export function ExpressPage() {
  const { t } = useT();
  return (
    <SportsbookPage title={t('sportsbook:express.title')}>
      <ExpressView />
    </SportsbookPage>
  );
}

/** Upcoming-events dashboard with top games and championships: `/:lng/upcoming`. */
export function UpcomingPage() {
  const { t } = useT();
  return (
    <SportsbookPage title={t('sportsbook:upcoming.title')}>
      <UpcomingView />
      <TopView />
    </SportsbookPage>
  );
}

/** Cyber section: `/:lng/cyber` and `/:lng/cyber/:sportId`. */
export function CyberPage() {
  const { t } = useT();
  const params = useParams();
  return (
    <SportsbookPage title={t('sportsbook:cyber.title')}>
      <CyberView sportId={idParam(params['*'])} />
    </SportsbookPage>
  );
}
