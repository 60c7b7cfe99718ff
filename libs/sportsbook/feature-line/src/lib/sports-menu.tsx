import { useQuery } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import { useFeedQueries, type FeedKind, type FeedSport } from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedSkeleton } from '@tessera/sportsbook/ui';
import { NavLink } from 'react-router';

/** Props of {@link SportsMenu}. */
export interface SportsMenuProps {
  kind: FeedKind;
  /** Path the sport id is appended to, e.g. `/en/line`. */
  basePath: string;
  /** Which sports to list (the cyber section passes cyber only). */
  filter?: (sport: FeedSport) => boolean;
}

/** The sports menu of a feed: sports with games, the brand's top sports first, as links. */
export function SportsMenu({ kind, basePath, filter }: SportsMenuProps) {
  const { t } = useT();
  const queries = useFeedQueries();
  const sports = useQuery(queries.sports(kind));
  const list = (sports.data?.sports ?? []).filter((s) => s.gamesCount > 0 && (!filter || filter(s)));
  return (
    <nav aria-label={t('sportsbook:menu.label')}>
      {sports.isPending ? (
        <FeedSkeleton label={t('sportsbook:menu.label')} rows={1} />
      ) : (
        <ChipList>
          {list.map((s) => (
            <li key={s.id}>
              <NavLink to={`${basePath}/${s.id}`}>
                {s.name} <span aria-hidden="true">({s.gamesCount})</span>
              </NavLink>
            </li>
          ))}
        </ChipList>
      )}
    </nav>
  );
}
