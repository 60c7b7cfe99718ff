import { useQuery } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import {
  favoriteChampsPreference,
  favoriteGamesPreference,
  useFeedQueries,
  usePreference,
  useSeedLive,
} from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedEmpty, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { Link } from 'react-router';
import { ChampToggle } from './champ-games';
import { FeedQueryView } from './feed-query-view';
import { LineGameRow } from './line-game-row';

/** Favourite games (live and pre-match, from GetFavoritesZip) and championships, kept in storage across reloads. */
export function FavoritesView() {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const [gameIds] = usePreference(favoriteGamesPreference);
  const [champIds] = usePreference(favoriteChampsPreference);
  const games = useQuery({ ...queries.favorites(gameIds), enabled: gameIds.length > 0 });
  const topChamps = useQuery({ ...queries.topChamps('line', 200), enabled: champIds.length > 0 });
  useSeedLive(games.data?.games, 0);
  if (gameIds.length === 0 && champIds.length === 0) return <FeedEmpty message={t('sportsbook:favorites.empty')} />;
  // Championship names come from the feed when it knows them; an id it no longer lists still shows, by id.
  const champName = (id: number) => topChamps.data?.champs.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <>
      {champIds.length > 0 ? (
        <FeedSection aria-labelledby="fav-champs">
          <h2 id="fav-champs">{t('sportsbook:favorites.champs')}</h2>
          <ChipList>
            {champIds.map((id) => (
              <li key={id}>
                <ChampToggle champId={id} name={champName(id)} />
                <Link to={`/${language}/champ/${id}`}>{champName(id)}</Link>
              </li>
            ))}
          </ChipList>
        </FeedSection>
      ) : null}
      {gameIds.length > 0 ? (
        <FeedSection aria-labelledby="fav-games">
          <h2 id="fav-games">{t('sportsbook:favorites.games')}</h2>
          <FeedQueryView
            query={games}
            loadingLabel={t('sportsbook:line.loading')}
            emptyMessage={t('sportsbook:line.empty')}
            isEmpty={(d) => d.games.length === 0}
          >
            {(d) => (
              <GameList>
                {d.games.map((g) => (
                  <LineGameRow key={g.id} game={g} />
                ))}
              </GameList>
            )}
          </FeedQueryView>
        </FeedSection>
      ) : null}
    </>
  );
}
