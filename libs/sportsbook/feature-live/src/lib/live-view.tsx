import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import {
  useBettingView,
  useCoefficientFormat,
  useFeedQueries,
  useLiveFeed,
  useSeedLive,
  type BettingView,
  type FeedQueries,
} from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedEmpty, FeedError, FeedSkeleton, OptionSelect } from '@tessera/sportsbook/ui';
import type { CoefficientFormat } from '@tessera/shared/util-format';
import { NavLink } from 'react-router';
import { LiveGameList } from './live-game-list';

/** Most live games one page lists. */
export const LIVE_PAGE_GAMES = 300;
/** Refetch interval of the live list while the push channel is down (polling fallback). */
export const LIVE_POLL_MS = 5000;

/** Props of {@link LiveView}. */
export interface LiveViewProps {
  /** Sport from the address; all sports when absent. */
  sportId?: number;
}

/**
 * Fills `queryClient` with what {@link LiveView} shows first (live sports and live games), with the same query
 * options, so a server render shows the live games with score and odds and the client hydrates without fetching.
 */
export async function prefetchLiveView(
  queryClient: QueryClient,
  queries: FeedQueries,
  { sportId }: LiveViewProps,
): Promise<void> {
  // No retries: a server render waits for these; a failure is left to the browser.
  await Promise.all([
    queryClient.prefetchQuery({ ...queries.sports('live'), retry: false }),
    queryClient.prefetchQuery({ ...queries.games('live', { sportId, count: LIVE_PAGE_GAMES }), retry: false }),
  ]);
}

/**
 * The live page: sports with live games, odds format, and live games by championship. One push subscription for the
 * page follows the live list; deltas re-render only the scores and odds they touch. Without the channel it polls.
 */
export function LiveView({ sportId }: LiveViewProps) {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const status = useLiveFeed({ live: true });
  const polling = status !== 'push';
  const sports = useQuery({ ...queries.sports('live'), refetchInterval: polling ? LIVE_POLL_MS * 3 : false });
  const games = useQuery({
    ...queries.games('live', { sportId, count: LIVE_PAGE_GAMES }),
    refetchInterval: polling ? LIVE_POLL_MS : false,
  });
  useSeedLive(games.data?.games, games.data?.version);
  const { format, formats, setFormat } = useCoefficientFormat();
  const { view, views, setView } = useBettingView();

  return (
    <>
      <nav aria-label={t('sportsbook:menu.label')}>
        <ChipList>
          <li>
            <NavLink to={`/${language}/live`} end>
              {t('sportsbook:menu.all')}
            </NavLink>
          </li>
          {(sports.data?.sports ?? [])
            .filter((s) => s.gamesCount > 0)
            .map((s) => (
              <li key={s.id}>
                <NavLink to={`/${language}/live/${s.id}`}>
                  {s.name} <span aria-hidden="true">({s.gamesCount})</span>
                </NavLink>
              </li>
            ))}
        </ChipList>
      </nav>
      {formats.length > 1 ? (
        <OptionSelect<CoefficientFormat>
          label={t('sportsbook:format.label')}
          value={format}
          options={formats.map((f) => ({ value: f, label: t(`sportsbook:format.${f}`) }))}
          onChange={setFormat}
        />
      ) : null}
      {views.length > 1 ? (
        <OptionSelect<BettingView>
          label={t('sportsbook:view.label')}
          value={view}
          options={views.map((v) => ({ value: v, label: t(`sportsbook:view.${v}`) }))}
          onChange={setView}
        />
      ) : null}
      {status === 'polling' && games.isSuccess ? <p role="status">{t('sportsbook:live.polling')}</p> : null}
      {status === 'stale' && games.isSuccess ? <p role="status">{t('sportsbook:live.stale')}</p> : null}
      {games.isPending ? (
        <FeedSkeleton label={t('sportsbook:live.loading')} />
      ) : games.isError ? (
        <FeedError
          message={t('sportsbook:common.error')}
          retryLabel={t('sportsbook:common.retry')}
          onRetry={() => void games.refetch()}
        />
      ) : games.data.games.length === 0 ? (
        <FeedEmpty message={t('sportsbook:live.empty')} />
      ) : (
        <LiveGameList games={games.data.games} />
      )}
    </>
  );
}
