import { useQuery } from '@tanstack/react-query';
import { useSiteConfig, useT } from '@tessera/shared/data-access-brand';
import { useFeedQueries, useSeedLive } from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { useState } from 'react';
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

/** tsFrom/tsTo of a window at `now` (Unix seconds); tsTo stops one second short so windows never overlap. */
export function upcomingRange(window: (typeof UPCOMING_WINDOWS)[number], now: number): { tsFrom: number; tsTo: number | undefined } {
  return { tsFrom: now + window.from, tsTo: window.to === undefined ? undefined : now + window.to - 1 };
}

function UpcomingWindow({ window, now, limit }: { window: (typeof UPCOMING_WINDOWS)[number]; now: number; limit: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const games = useQuery(queries.games('line', { count: limit, ...upcomingRange(window, now) }));
  useSeedLive(games.data?.games, games.data?.version);
  const title = t(`sportsbook:upcoming.${window.id}`);
  return (
    <FeedSection aria-label={title}>
      <h3>{title}</h3>
      <FeedQueryView query={games} loadingLabel={title} emptyMessage={t('sportsbook:line.empty')} isEmpty={(d) => d.games.length === 0}>
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

/** The upcoming-events dashboard: games starting within 2 hours, in 2 to 4 hours and later; limited per block by config. */
export function UpcomingView() {
  const { t } = useT();
  const config = useSiteConfig();
  // Rounded to the minute so the three windows share one instant and their query keys stay stable while on the page.
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const limit = config.betting.dashboardGamesLimit ?? 20;
  return (
    <FeedSection aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">{t('sportsbook:upcoming.title')}</h2>
      {UPCOMING_WINDOWS.map((w) => (
        <UpcomingWindow key={w.id} window={w} now={now} limit={limit} />
      ))}
    </FeedSection>
  );
}

/** Top games and top championships of the line. */
export function TopView() {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const games = useQuery(queries.topGames('line'));
  const champs = useQuery(queries.topChamps('line'));
  useSeedLive(games.data?.games, games.data?.version);
  return (
    <>
      <FeedSection aria-labelledby="top-champs">
        <h2 id="top-champs">{t('sportsbook:top.champs')}</h2>
        <FeedQueryView query={champs} loadingLabel={t('sportsbook:top.champs')} emptyMessage={t('sportsbook:line.empty')} isEmpty={(d) => d.champs.length === 0}>
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
        <FeedQueryView query={games} loadingLabel={t('sportsbook:top.games')} emptyMessage={t('sportsbook:line.empty')} isEmpty={(d) => d.games.length === 0}>
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
