import { useT } from '@tessera/shared/data-access-brand';
import { GameTitle, gameTitle, GameView } from '@tessera/sportsbook/feature-game';
import { useParams } from 'react-router';
import type { ServerData } from '../app/server-data';
import { idParam, SportsbookPage } from './sportsbook-page';

// The game page's own chunk: a bettor often lands here from a shared link or a search engine, so it carries only the
// game view beside the shell (initial JS ≤ 170 KB gzip on every page, issue 16), not the other sportsbook pages.

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
