import { useT } from '@tessera/shared/data-access-brand';
import {
  ChampView,
  ExpressView,
  FavoritesView,
  SearchView,
  TopView,
  UpcomingView,
} from '@tessera/sportsbook/feature-line';
import { useParams, useSearchParams } from 'react-router';
import type { ServerData } from '../app/server-data';
import { idParam, SportsbookPage } from './sportsbook-page';

// Sportsbook pages beside the line, in one lazy chunk of their own (the line page is the one that must load fastest).
// The game page has its own (game-page.tsx): it is a landing page too, and must not carry search or favourites.

/** The championship page's first HTML: the championship's games and odds (ADR 0131); an unknown one is a 404 (apps/web README, "An unknown game or championship answers 404"). */
export const champServerData: ServerData = {
  kind: 'item',
  async prefetch({ params, queryClient, feed }) {
    const id = idParam(params['champId']);
    if (id !== undefined) await queryClient.prefetchQuery({ ...feed.champ('line', id), retry: false });
  },
};

/** Championship page: `/:lng/champ/:champId`. */
export function ChampPage() {
  const { t } = useT();
  const id = idParam(useParams()['champId']);
  return (
    <SportsbookPage title={t('pages:line.title')}>
      {id ? <ChampView champId={id} /> : <p>{t('sportsbook:champ.notFound')}</p>}
    </SportsbookPage>
  );
}

/** Search: `/:lng/search?text=`. */
export function SearchPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  return (
    <SportsbookPage title={t('sportsbook:nav.search')}>
      <SearchView
        initialText={params.get('text') ?? ''}
        onSearch={(text) => setParams(text ? { text } : {}, { replace: true })}
      />
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
