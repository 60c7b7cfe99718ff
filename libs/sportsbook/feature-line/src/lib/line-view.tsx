import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import { useFeedQueries, useSeedLive, type FeedQueries, type FeedSport } from '@tessera/sportsbook/data-access-feed';
import { useState } from 'react';
import { ChampGames } from './champ-games';
import { BettingViewSetting, CoefficientFormatSetting } from './coefficient-format-setting';
import { FeedQueryView } from './feed-query-view';
import { SportsMenu } from './sports-menu';

/**
 * Games a sport page lists at first, and how many more each "Show more games" adds. The server renders this first page
 * only: 150 games made a 490 KB document (600 odds buttons and their data) that a phone parsed and hydrated for
 * hundreds of milliseconds before the first tap counted (issue 19); 40 fill several phone screens.
 */
export const LINE_PAGE_GAMES = 40;

/** Props of {@link LineView}. */
export interface LineViewProps {
  /** The sport from the address; the first sport of the menu when absent or unknown. */
  sportId?: number;
  /** Sports the view may show (the cyber section passes cyber only). */
  filter?: (sport: FeedSport) => boolean;
  /** Where the sports menu links to (`/en/line`). */
  basePath?: string;
}

/** The sport a line page shows: the asked one if it has games (and passes the filter), else the first that does. */
export function pickLineSport(
  sports: readonly FeedSport[] | undefined,
  sportId: number | undefined,
  filter?: (sport: FeedSport) => boolean,
): FeedSport | undefined {
  const visible = (sports ?? []).filter((s) => s.gamesCount > 0 && (!filter || filter(s)));
  return visible.find((s) => s.id === sportId) ?? visible[0];
}

/**
 * Fills `queryClient` with what {@link LineView} shows first (the line's sports and the chosen sport's games), with
 * the same query options, so a server render shows championships and odds and the client hydrates without fetching.
 * A failed call is left in the cache as an error; the caller drops those (see apps/web's sportsbook prefetch).
 */
export async function prefetchLineView(
  queryClient: QueryClient,
  queries: FeedQueries,
  { sportId }: Pick<LineViewProps, 'sportId'>,
): Promise<void> {
  // No retries: a server render waits for these; a failure is left to the browser.
  const sports = await queryClient.fetchQuery({ ...queries.sports('line'), retry: false }).catch(() => undefined);
  const sport = pickLineSport(sports?.sports, sportId);
  if (sport)
    await queryClient.prefetchQuery({
      ...queries.games('line', { sportId: sport.id, count: LINE_PAGE_GAMES }),
      retry: false,
    });
}

/** The pre-match line: sports menu, odds format, then championships with their games and main odds. */
export function LineView({ sportId, filter, basePath }: LineViewProps) {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const sports = useQuery(queries.sports('line'));
  const sport = pickLineSport(sports.data?.sports, sportId, filter);
  // Pages shown of the current sport; another sport starts again at the first page.
  const [more, setMore] = useState<{ sportId: number | undefined; pages: number }>({ sportId: undefined, pages: 1 });
  const pages = more.sportId === sport?.id ? more.pages : 1;
  const count = LINE_PAGE_GAMES * pages;
  const games = useQuery({
    ...queries.games('line', { sportId: sport?.id, count }),
    enabled: sport !== undefined,
    // The games already shown stay while the longer list loads (no skeleton in their place).
    placeholderData: pages > 1 ? keepPreviousData : undefined,
  });
  useSeedLive(games.data?.games, games.data?.version);
  return (
    <>
      <SportsMenu kind="line" basePath={basePath ?? `/${language}/line`} filter={filter} />
      <CoefficientFormatSetting />
      <BettingViewSetting />
      {sports.isSuccess && sport === undefined ? (
        <FeedQueryView
          query={sports}
          loadingLabel={t('sportsbook:line.loading')}
          emptyMessage={t('sportsbook:line.empty')}
          isEmpty={() => true}
        >
          {() => null}
        </FeedQueryView>
      ) : sports.isError && sports.data === undefined ? (
        <FeedQueryView
          query={sports}
          loadingLabel={t('sportsbook:line.loading')}
          emptyMessage={t('sportsbook:line.empty')}
          isEmpty={() => false}
        >
          {() => null}
        </FeedQueryView>
      ) : (
        <FeedQueryView
          query={games}
          loadingLabel={t('sportsbook:line.loading')}
          emptyMessage={t('sportsbook:line.empty')}
          isEmpty={(d) => d.games.length === 0}
        >
          {(d) => (
            <>
              <ChampGames games={d.games} />
              {/* More exist when the page came back full and the sport counts more (a shorter page is the end). */}
              {sport && d.games.length < sport.gamesCount && (games.isPlaceholderData || d.games.length >= count) ? (
                <Button
                  variant="secondary"
                  loading={games.isPlaceholderData}
                  onClick={() => setMore({ sportId: sport.id, pages: pages + 1 })}
                >
                  {t('sportsbook:line.more', { shown: d.games.length, total: sport.gamesCount })}
                </Button>
              ) : null}
            </>
          )}
        </FeedQueryView>
      )}
    </>
  );
}
