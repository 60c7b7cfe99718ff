import { useT } from '@tessera/shared/data-access-brand';
import { GameTitle, gameTitle, GameView } from '@tessera/sportsbook/feature-game';
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

/** The championship page's first HTML: the championship's games and odds (ADR 0131); an unknown one is a 404 (apps/web README, "An unknown game or championship answers 404"). */
export const champServerData: ServerData = {
  kind: 'item',
  async prefetch({ params, queryClient, feed }) {
    const id = idParam(params['champId']);
    if (id !== undefined) await queryClient.prefetchQuery({ ...feed.champ('line', id), retry: false });
  },
};

/**
 * The game page's first HTML: its markets too (without them it painted a skeleton, then shifted: CLS 0.17), and the
 * match as the document's title.
 */
export const gameServerData: ServerData = {
  kind: 'item',
  async prefetch({ params, queryClient, feed }) {
    const id = idParam(params['gameId']);
    if (id !== undefined) await queryClient.prefetchQuery({ ...feed.game('line', id), retry: false });
  },
  title({ params, queryClient, feed }) {
    const id = idParam(params['gameId']);
    const data = id === undefined ? undefined : queryClient.getQueryData(feed.game('line', id).queryKey);
    return data ? gameTitle(data.game) : undefined;
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

/** Game page: `/:lng/game/:gameId`, titled with its match. */
export function GamePage() {
  const { t } = useT();
  const id = idParam(useParams()['gameId']);
  return (
    <SportsbookPage
      title={id ? <GameTitle gameId={id} fallback={t('sportsbook:game.title')} /> : t('sportsbook:game.title')}
    >
      {id ? <GameView gameId={id} /> : <p>{t('sportsbook:game.notFound')}</p>}
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
