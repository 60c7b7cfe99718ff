import { useQuery } from '@tanstack/react-query';
import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { useFeedQueries, useSeedLive } from '@tessera/sportsbook/data-access-feed';
import { FeedEmpty, GameList } from '@tessera/sportsbook/ui';
import { ChampToggle } from './champ-games';
import { BettingViewSetting, CoefficientFormatSetting } from './coefficient-format-setting';
import { FeedQueryView } from './feed-query-view';
import { LineGameRow } from './line-game-row';

/** Props of {@link ChampView}. */
export interface ChampViewProps {
  champId: number;
}

/** A championship page: its name and star, and every pre-match game with main odds; unknown ids and a line switched off say so plainly. */
export function ChampView({ champId }: ChampViewProps) {
  const { t } = useT();
  const queries = useFeedQueries();
  // A championship page lists the pre-match line: a brand (or country) with the line off is told so, without a call.
  const lineOn = useFeature('betting.line');
  // A "not found" the server rendered is kept, not refetched, when the page hydrates: it renders as served (apps/web README, "An unknown game or championship answers 404").
  const champ = useQuery({ ...queries.champ('line', champId), retryOnMount: false, enabled: lineOn });
  useSeedLive(champ.data?.games, champ.data?.version);
  if (!lineOn) return <FeedEmpty message={t('sportsbook:line.off')} />;
  return (
    <>
      <CoefficientFormatSetting />
      <BettingViewSetting />
      <FeedQueryView
        query={champ}
        loadingLabel={t('sportsbook:champ.loading')}
        emptyMessage={t('sportsbook:line.empty')}
        notFoundMessage={t('sportsbook:champ.notFound')}
        isEmpty={() => false}
      >
        {(d) => (
          <section aria-labelledby="champ-title">
            <h2 id="champ-title">
              <ChampToggle champId={d.champ.id} name={d.champ.name} />
              {d.champ.sportName} · {d.champ.name}
            </h2>
            {d.games.length === 0 ? (
              <p>{t('sportsbook:line.empty')}</p>
            ) : (
              <GameList>
                {d.games.map((g) => (
                  <LineGameRow key={g.id} game={g} />
                ))}
              </GameList>
            )}
          </section>
        )}
      </FeedQueryView>
    </>
  );
}
