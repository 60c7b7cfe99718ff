import { useQuery } from '@tanstack/react-query';
import { NotFoundError } from '@tessera/shared/data-access-api';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { formatDateTime } from '@tessera/shared/util-format';
import {
  marketTypeText,
  outcomeLabelText,
  useFeedQueries,
  useFeedText,
  useFormatOdds,
  useLiveFeed,
  useLiveGame,
  usePeriodName,
  useSeedLive,
  type FeedGameRow,
  type FeedMarketGroup,
  type StatisticTarget,
} from '@tessera/sportsbook/data-access-feed';
import { FeedEmpty, FeedError, FeedSection, FeedSkeleton, GameList, GameRow } from '@tessera/sportsbook/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import { clockText } from './clock-text';
import { GAME_POLL_MS } from './game-view';

export { clockText };

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const StyledTable = styled.table`
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: start;
    font-weight: 700;
    padding-block-end: ${({ theme }) => theme.space(1)};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: center;
  }
  th[scope='row'] {
    text-align: start;
  }
`;

const StyledMarkets = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

function useStartText(): (startsAt: number) => string {
  const { config } = useBrand();
  return (startsAt) =>
    formatDateTime(startsAt * 1000, `${config.global.dateFormat} ${config.global.timeFormat}`, {
      timeZone: config.global.timezone,
    });
}

/** The game's state as a bettor reads it: not started, live, finished or cancelled. */
function useStatusText(): (status: FeedGameRow['status']) => string {
  const { t } = useT();
  return (status) =>
    status === 'live'
      ? t('sportsbook:statistic.live')
      : status === 'finished'
        ? t('sportsbook:game.finished')
        : status === 'cancelled'
          ? t('sportsbook:statistic.cancelled')
          : t('sportsbook:statistic.prematch');
}

/** The main markets with their odds, read-only (the popup has no bet slip). */
function MainMarkets({ groups }: { groups: readonly FeedMarketGroup[] }) {
  const { t } = useT();
  const feedText = useFeedText();
  const formatOdds = useFormatOdds();
  const main = groups.find((g) => g.id === 'main') ?? groups[0];
  const markets = (main?.markets ?? []).filter((m) => m.status !== 'settled');
  return (
    <FeedSection aria-labelledby="statistic-markets">
      <h3 id="statistic-markets">{t('sportsbook:statistic.markets')}</h3>
      {markets.length === 0 ? (
        <p>{t('sportsbook:statistic.noMarkets')}</p>
      ) : (
        <StyledMarkets>
          {markets.map((m) => (
            <li key={m.id}>
              <strong>
                {m.line === null || m.type === 'handicap'
                  ? marketTypeText(feedText, m.type)
                  : `${marketTypeText(feedText, m.type)} ${m.line}`}
              </strong>
              {': '}
              {m.status === 'suspended'
                ? t('sportsbook:odds.suspended')
                : m.outcomes.map((o) => `${outcomeLabelText(feedText, m, o)} ${formatOdds(o.odds)}`).join(' · ')}
            </li>
          ))}
        </StyledMarkets>
      )}
    </FeedSection>
  );
}

function GameFacts({ game }: { game: FeedGameRow }) {
  const { t } = useT();
  const periodName = usePeriodName();
  const state = useLiveGame(game);
  const startText = useStartText();
  const statusText = useStatusText();
  const live = state.status === 'live' ? state.live : null;
  return (
    <>
      <StyledFacts>
        <dt>{t('sportsbook:statistic.champ')}</dt>
        <dd>
          {game.sportName} · {game.champName}
        </dd>
        <dt>{t('sportsbook:statistic.start')}</dt>
        <dd>
          <time dateTime={new Date(game.startsAt * 1000).toISOString()}>{startText(game.startsAt)}</time>
        </dd>
        <dt>{t('sportsbook:statistic.status')}</dt>
        <dd>{statusText(state.status)}</dd>
        {live ? (
          <>
            <dt>{t('sportsbook:statistic.score')}</dt>
            <dd>
              {live.score.home}:{live.score.away}
            </dd>
            <dt>{t('sportsbook:statistic.clock')}</dt>
            <dd>
              {periodName(game.sportId, live.period)} · {clockText(live.clockSeconds)}
            </dd>
          </>
        ) : null}
      </StyledFacts>
      {live && live.periodScores.length > 0 ? (
        <StyledTable>
          <caption>{t('sportsbook:statistic.periods')}</caption>
          <thead>
            <tr>
              <td />
              {live.periodScores.map((_, i) => (
                <th key={i} scope="col">
                  {periodName(game.sportId, i + 1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{game.home.name}</th>
              {live.periodScores.map((p, i) => (
                <td key={i}>{p.home}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{game.away.name}</th>
              {live.periodScores.map((p, i) => (
                <td key={i}>{p.away}</td>
              ))}
            </tr>
          </tbody>
        </StyledTable>
      ) : null}
    </>
  );
}

/** A game's statistics: teams, championship, start, state, live score with period scores and clock, main markets. */
function GameStatistics({ gameId }: { gameId: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const status = useLiveFeed({ games: [gameId] });
  // The same GetGameZip entry as the game page (and its server prefetch). A not-found answer the server rendered is
  // kept rather than retried on hydration, so the page hydrates as it was rendered (apps/web README, "An unknown game or championship answers 404").
  const game = useQuery({
    ...queries.game('line', gameId),
    retryOnMount: false,
    refetchInterval: (q) => (status !== 'push' && q.state.data?.game.status === 'live' ? GAME_POLL_MS : false),
  });
  const rows = useMemo(() => (game.data ? [game.data.game] : undefined), [game.data]);
  useSeedLive(rows, game.data?.version);

  if (game.isPending) return <FeedSkeleton label={t('sportsbook:statistic.loading')} rows={4} />;
  if (game.isError) {
    if (game.error instanceof NotFoundError) return <FeedEmpty message={t('sportsbook:game.notFound')} />;
    return (
      <FeedError
        message={t('sportsbook:common.error')}
        retryLabel={t('sportsbook:common.retry')}
        onRetry={() => void game.refetch()}
      />
    );
  }
  const { game: row, groups } = game.data;
  const title = t('sportsbook:common.vs', { home: row.home.name, away: row.away.name });
  return (
    <article aria-labelledby="statistic-game">
      <h2 id="statistic-game">{title}</h2>
      <GameFacts game={row} />
      <MainMarkets groups={groups} />
    </article>
  );
}

function TeamGame({ game }: { game: FeedGameRow }) {
  const { t } = useT();
  const state = useLiveGame(game);
  const startText = useStartText();
  const title = t('sportsbook:common.vs', { home: game.home.name, away: game.away.name });
  const live = state.status === 'live' ? state.live : null;
  return (
    <GameRow
      label={title}
      title={<span>{title}</span>}
      meta={
        <>
          {game.champName} ·{' '}
          {live ? (
            <strong>
              {live.score.home}:{live.score.away} · {clockText(live.clockSeconds)}
            </strong>
          ) : (
            <time dateTime={new Date(game.startsAt * 1000).toISOString()}>{startText(game.startsAt)}</time>
          )}
        </>
      }
    />
  );
}

/** A team's statistics: its games on the line and live (GetGamesTeamZip), named after the team. */
function TeamStatistics({ teamId }: { teamId: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const games = useQuery(queries.teamGames(teamId));
  useSeedLive(games.data?.games, games.data?.version);

  if (games.isPending) return <FeedSkeleton label={t('sportsbook:statistic.loading')} rows={4} />;
  if (games.isError)
    return (
      <FeedError
        message={t('sportsbook:common.error')}
        retryLabel={t('sportsbook:common.retry')}
        onRetry={() => void games.refetch()}
      />
    );
  const list = games.data.games;
  const first = list[0];
  const name = first
    ? first.home.id === teamId
      ? first.home.name
      : first.away.name
    : t('sportsbook:statistic.team', { id: teamId });
  return (
    <section aria-labelledby="statistic-team">
      <h2 id="statistic-team">{name}</h2>
      {list.length === 0 ? (
        <FeedEmpty message={t('sportsbook:statistic.teamEmpty')} />
      ) : (
        <GameList aria-label={t('sportsbook:statistic.teamGames', { name })}>
          {list.map((g) => (
            <TeamGame key={g.id} game={g} />
          ))}
        </GameList>
      )}
    </section>
  );
}

/** Props of {@link StatisticView}. */
export interface StatisticViewProps {
  /** What the popup address asks for (`parseStatisticPath`). */
  target: StatisticTarget;
}

/**
 * The statistics popup's content: a game's facts and main markets, a team's games, or, for the kinds the platform has
 * no statistics for yet (player, stage, tournament, rating, horse, graph, cyber), a plain statement of that.
 */
export function StatisticView({ target }: StatisticViewProps) {
  const { t } = useT();
  if (target.kind === 'game') return <GameStatistics gameId={target.gameId} />;
  if (target.kind === 'team') return <TeamStatistics teamId={target.teamId} />;
  return <FeedEmpty message={t('sportsbook:statistic.unavailable')} />;
}
