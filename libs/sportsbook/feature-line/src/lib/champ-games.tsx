import { useT } from '@tessera/shared/data-access-brand';
import {
  favoriteChampsPreference,
  toggleId,
  usePreference,
  type FeedGameRow,
} from '@tessera/sportsbook/data-access-feed';
import { FavoriteToggle, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { Link } from 'react-router';
import { LineGameRow } from './line-game-row';

/** Games grouped by championship, in the order they came (the server sorts by tier and start). */
export function groupByChamp(
  games: readonly FeedGameRow[],
): { champId: number; champName: string; sportName: string; games: FeedGameRow[] }[] {
  const groups = new Map<number, { champId: number; champName: string; sportName: string; games: FeedGameRow[] }>();
  for (const g of games) {
    let group = groups.get(g.champId);
    if (!group)
      groups.set(
        g.champId,
        (group = { champId: g.champId, champName: g.champName, sportName: g.sportName, games: [] }),
      );
    group.games.push(g);
  }
  return [...groups.values()];
}

/** Props of {@link ChampToggle}. */
export interface ChampToggleProps {
  champId: number;
  name: string;
}

/** The favourite star of a championship. */
export function ChampToggle({ champId, name }: ChampToggleProps) {
  const { t } = useT();
  const [favorites] = usePreference(favoriteChampsPreference);
  const on = favorites.includes(champId);
  return (
    <FavoriteToggle
      on={on}
      label={t(on ? 'sportsbook:favorites.removeChamp' : 'sportsbook:favorites.addChamp', { name })}
      onToggle={() => favoriteChampsPreference.set(toggleId(favoriteChampsPreference.get(), champId))}
    />
  );
}

/** Props of {@link ChampGames}. */
export interface ChampGamesProps {
  games: readonly FeedGameRow[];
}

/** Championship blocks: a heading linking to the championship page, its star, and its games with main odds. */
export function ChampGames({ games }: ChampGamesProps) {
  const { language } = useT();
  return (
    <>
      {groupByChamp(games).map((group) => (
        <FeedSection key={group.champId} aria-labelledby={`champ-${group.champId}`}>
          <h2 id={`champ-${group.champId}`}>
            <ChampToggle champId={group.champId} name={group.champName} />
            <Link to={`/${language}/champ/${group.champId}`}>{group.champName}</Link>
          </h2>
          <GameList>
            {group.games.map((g) => (
              <LineGameRow key={g.id} game={g} />
            ))}
          </GameList>
        </FeedSection>
      ))}
    </>
  );
}
