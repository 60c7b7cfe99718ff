import { useQuery } from '@tanstack/react-query';
import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { useFeedQueries, useFormatOdds, useSeedLive } from '@tessera/sportsbook/data-access-feed';
import { FeedEmpty, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { FeedQueryView } from './feed-query-view';
import { LineGameRow } from './line-game-row';

/** The express (accumulator) of the day with its total odds; said plainly when the brand has it off or none qualifies. */
export function ExpressView() {
  const { t } = useT();
  const on = useFeature('betting.expressOfTheDay');
  const queries = useFeedQueries();
  const formatOdds = useFormatOdds();
  const express = useQuery({ ...queries.express(), enabled: on });
  useSeedLive(
    express.data?.express?.events.map((e) => e.game),
    express.data?.version,
  );
  if (!on) return <FeedEmpty message={t('sportsbook:express.empty')} />;
  return (
    <FeedQueryView
      query={express}
      loadingLabel={t('sportsbook:express.title')}
      emptyMessage={t('sportsbook:express.empty')}
      isEmpty={(d) => d.express === null}
    >
      {({ express: picks }) =>
        picks && (
          <FeedSection aria-labelledby="express-title">
            <h2 id="express-title">
              {t('sportsbook:express.title')} · {t('sportsbook:express.total', { odds: formatOdds(picks.totalOdds) })}
            </h2>
            <GameList>
              {picks.events.map((e) => (
                <LineGameRow key={e.game.id} game={e.game} />
              ))}
            </GameList>
          </FeedSection>
        )
      }
    </FeedQueryView>
  );
}
