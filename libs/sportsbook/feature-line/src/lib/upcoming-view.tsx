import { useQuery } from '@tanstack/react-query';
import { useFeature, useSiteConfig, useT } from '@tessera/shared/data-access-brand';
import { useFeedQueries, useSeedLive } from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedEmpty, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { Link } from 'react-router';
import { FeedQueryView } from './feed-query-view';
import { LineGameRow } from './line-game-row';

const HOUR = 3600;

/** The dashboard's windows of upcoming games (0-2 h, 2-4 h, over 4 h), as [from, to) offsets in seconds. */
export const UPCOMING_WINDOWS = [
  { id: 'within2h', from: 0, to: 2 * HOUR },
  { id: 'from2to4h', from: 2 * HOUR, to: 4 * HOUR },
  { id: 'over4h', from: 4 * HOUR, to: undefined },
] as const;

/** One window of the upcoming dashboard. */
export type UpcomingWindow = (typeof UPCOMING_WINDOWS)[number];

/**
 * tsFrom/tsTo of a window at `now`, the feed's clock in Unix seconds (both bounds inclusive on the server); tsTo stops
 * one second short so windows never overlap: a game 1:59:59 ahead is in the first window, 2:00:00 in the second.
 */
export function upcomingRange(window: UpcomingWindow, now: number): { tsFrom: number; tsTo: number | undefined } {
  return { tsFrom: now + window.from, tsTo: window.to === undefined ? undefined : now + window.to - 1 };
}

/** The window a game starting at `startsAt` falls in at `now` (Unix seconds), by {@link upcomingRange}; undefined once started. */
export function upcomingWindowOf(startsAt: number, now: number): UpcomingWindow['id'] | undefined {
  return UPCOMING_WINDOWS.find((w) => {
    const { tsFrom, tsTo } = upcomingRange(w, now);
    return startsAt >= tsFrom && (tsTo === undefined || startsAt <= tsTo);
  })?.id;
}

function UpcomingWindowBlock({ window, now, limit }: { window: UpcomingWindow; now: number; limit: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const games = useQuery(queries.games('line', { count: limit, ...upcomingRange(window, now) }));
  useSeedLive(games.data?.games, games.data?.version);
  const title = t(`sportsbook:upcoming.${window.id}`);
  return (
    <FeedSection aria-label={title}>
      <h3>{title}</h3>
      <FeedQueryView
        query={games}
        loadingLabel={title}
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
  );
}

/** The upcoming-events dashboard: games starting within 2 hours, in 2 to 4 hours and later, from the feed's now; limited per block by config. */
export function UpcomingView() {
  const { t } = useT();
  const config = useSiteConfig();
  const queries = useFeedQueries();
  const lineOn = useFeature('betting.line');
  // The feed's now, not the browser's: with a sped-up feed the windows would otherwise pick the wrong games. Read once
  // per visit, so the three windows share one instant and their query keys stay stable while on the page (libs/server/feed README, "The feed's clock").
  const clock = useQuery({ ...queries.clock('line'), enabled: lineOn });
  const limit = config.betting.dashboardGamesLimit ?? 20;
  return (
    <FeedSection aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">{t('sportsbook:upcoming.title')}</h2>
      {lineOn ? (
        <FeedQueryView
          query={clock}
          loadingLabel={t('sportsbook:upcoming.title')}
          emptyMessage={t('sportsbook:line.empty')}
          isEmpty={() => false}
        >
          {(now) => UPCOMING_WINDOWS.map((w) => <UpcomingWindowBlock key={w.id} window={w} now={now} limit={limit} />)}
        </FeedQueryView>
      ) : (
        <FeedEmpty message={t('sportsbook:line.off')} />
      )}
    </FeedSection>
  );
}

/** Top games and top championships of the line (nothing when the brand has the line off). */
export function TopView() {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const lineOn = useFeature('betting.line');
  const games = useQuery({ ...queries.topGames('line'), enabled: lineOn });
  const champs = useQuery({ ...queries.topChamps('line'), enabled: lineOn });
  useSeedLive(games.data?.games, games.data?.version);
  // The upcoming dashboard above says the line is off; the top lists then have nothing to add.
  if (!lineOn) return null;
  return (
    <>
      <FeedSection aria-labelledby="top-champs">
        <h2 id="top-champs">{t('sportsbook:top.champs')}</h2>
        <FeedQueryView
          query={champs}
          loadingLabel={t('sportsbook:top.champs')}
          emptyMessage={t('sportsbook:line.empty')}
          isEmpty={(d) => d.champs.length === 0}
        >
          {(d) => (
            <ChipList>
              {d.champs.map((c) => (
                <li key={c.id}>
                  <Link to={`/${language}/champ/${c.id}`}>{c.name}</Link>
                </li>
              ))}
            </ChipList>
          )}
        </FeedQueryView>
      </FeedSection>
      <FeedSection aria-labelledby="top-games">
        <h2 id="top-games">{t('sportsbook:top.games')}</h2>
        <FeedQueryView
          query={games}
          loadingLabel={t('sportsbook:top.games')}
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
    </>
  );
}
