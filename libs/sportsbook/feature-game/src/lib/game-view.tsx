import { useQuery } from '@tanstack/react-query';
import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import type { CoefficientFormat } from '@tessera/shared/util-format';
import {
  openStatisticWindow,
  orderMarketGroups,
  statisticGameUrl,
  useBettingView,
  useCoefficientFormat,
  useFeedQueries,
  useFeedText,
  useLiveFeed,
  useLiveGame,
  useMarketGroupsCollapse,
  useOddsCell,
  usePeriodName,
  useSeedLive,
  type BettingView,
  type FeedGameRow,
  type FeedMarket,
  type FeedMarketGroup,
  type FeedOutcome,
} from '@tessera/sportsbook/data-access-feed';
import { useFeedCouponPick } from '@tessera/sportsbook/data-access-coupon';
import { FeedEmpty, FeedError, FeedSection, FeedSkeleton, OddsButton, OptionSelect } from '@tessera/sportsbook/ui';
import { NotFoundError } from '@tessera/shared/data-access-api';
import { memo, useMemo, type MouseEvent } from 'react';
import styled from 'styled-components';
import { MatchTracker, useMarketSuspended } from './match-tracker';

/** Refetch interval of a live game page while the push channel is down. */
export const GAME_POLL_MS = 5000;

const StyledMarket = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding-block: ${({ theme }) => theme.space(1)};
  h4 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: 0.9em;
    color: ${({ theme }) => theme.color.text.muted};
  }
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const StyledGroupHeader = styled.h3`
  margin: 0;
  button {
    width: 100%;
    text-align: start;
    font: inherit;
    font-weight: 700;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.raised};
    color: ${({ theme }) => theme.color.text.base};
    cursor: pointer;
  }
`;

const StyledGameHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  p {
    margin: 0;
  }
  time {
    font-weight: 600;
  }
  /* WCAG 2.2 target size: a link on a line of its own is at least 24 px high to press. */
  a {
    justify-self: start;
    display: inline-block;
    min-height: 24px;
    line-height: 24px;
  }
`;

/** The "collapse all" switch: at least 24 px high to press (WCAG 2.2 target size). */
const StyledCollapseAll = styled.button`
  justify-self: start;
  min-height: 24px;
  padding-inline: ${({ theme }) => theme.space(2)};
`;

const GameOddsButton = memo(function GameOddsButton({
  game,
  market,
  outcome,
}: {
  game: FeedGameRow;
  market: FeedMarket;
  outcome: FeedOutcome;
}) {
  const cell = useOddsCell(game, market, outcome);
  const pick = useFeedCouponPick(game, market, outcome, cell.label);
  return <OddsButton {...cell} {...pick} />;
});

function marketTitle(feedText: (key: string, fallback?: string) => string, market: FeedMarket): string {
  const name = feedText(`market.${market.type === 'double-chance' ? 'doubleChance' : market.type}`, market.type);
  return market.line === null || market.type === 'handicap' ? name : `${name} ${market.line}`;
}

const StyledSuspended = styled.span`
  padding: 0 ${({ theme }) => theme.space(1)};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.color.text.base};
  font-weight: 700;
`;

/** One market: its name, a visible "suspended" mark while none of its prices takes bets, and its odds buttons. */
function MarketBlock({ game, market }: { game: FeedGameRow; market: FeedMarket }) {
  const { t } = useT();
  const feedText = useFeedText();
  const suspended = useMarketSuspended(market);
  return (
    <StyledMarket data-suspended={suspended || undefined}>
      <h4>
        {marketTitle(feedText, market)}
        {suspended ? (
          <StyledSuspended title={t('sportsbook:market.suspended')}>{t('sportsbook:odds.suspended')}</StyledSuspended>
        ) : null}
      </h4>
      <div>
        {market.outcomes.map((o) => (
          <GameOddsButton key={o.id} game={game} market={market} outcome={o} />
        ))}
      </div>
    </StyledMarket>
  );
}

/** Props of {@link MarketGroupSection}. */
export interface MarketGroupSectionProps {
  game: FeedGameRow;
  group: FeedMarketGroup;
  collapsed: boolean;
  onToggle: () => void;
}

/** One market group: a heading button that collapses and expands it, then its markets with live odds. */
export function MarketGroupSection({ game, group, collapsed, onToggle }: MarketGroupSectionProps) {
  const feedText = useFeedText();
  const title = feedText(group.nameKey, group.id);
  const panelId = `market-group-${group.id}`;
  return (
    <FeedSection aria-label={title}>
      <StyledGroupHeader>
        <button type="button" aria-expanded={!collapsed} aria-controls={panelId} onClick={onToggle}>
          <span aria-hidden="true">{collapsed ? '▸ ' : '▾ '}</span>
          {title}
        </button>
      </StyledGroupHeader>
      <div id={panelId} hidden={collapsed}>
        {collapsed ? null : group.markets.map((m) => <MarketBlock key={m.id} game={game} market={m} />)}
      </div>
    </FeedSection>
  );
}

/** The game's kick-off: weekday, the brand's date and time formats, in the brand's time zone. */
function KickOff({ startsAt }: { startsAt: number }) {
  const { t } = useT();
  const site = useSiteFormat();
  const at = startsAt * 1000;
  return (
    <time dateTime={new Date(at).toISOString()}>
      {t('sportsbook:game.kickOff', { when: `${site.pattern(at, 'EEE')} ${site.date(at)} ${site.time(at)}` })}
    </time>
  );
}

function GameHeader({ game }: { game: FeedGameRow }) {
  const { t, language } = useT();
  const periodName = usePeriodName();
  const state = useLiveGame(game);
  const statisticUrl = statisticGameUrl({ lng: language, sportId: game.sportId, gameId: game.id });
  const openStatistics = (e: MouseEvent<HTMLAnchorElement>) => {
    // A popup sized and centred by the spec's rule; if a blocker refuses it, the link opens the page normally.
    if (openStatisticWindow(statisticUrl, window)) e.preventDefault();
  };
  // The match itself is the page's heading (GameTitle); this line says what and when.
  return (
    <StyledGameHeader>
      <p>
        {game.sportName} · {game.champName}
      </p>
      <p>
        {state.live ? (
          <>
            <strong>
              {state.live.score.home}:{state.live.score.away}
            </strong>{' '}
            {periodName(game.sportId, state.live.period)}
          </>
        ) : state.status === 'finished' ? (
          t('sportsbook:game.finished')
        ) : (
          <KickOff startsAt={game.startsAt} />
        )}
      </p>
      <a href={statisticUrl} target="_blank" rel="noopener" onClick={openStatistics}>
        {t('sportsbook:game.statistics')}
      </a>
    </StyledGameHeader>
  );
}

/** Props of {@link GameView}. */
export interface GameViewProps {
  gameId: number;
}

/**
 * The game page: teams, score, statistics popup link, and every market by group (handicaps and totals first in the
 * Asian view). Groups collapse and expand; the
 * choice is remembered in storage (gameCollapsedMarketGroups and friends) across games and reloads.
 */
export function GameView({ gameId }: GameViewProps) {
  const { t } = useT();
  const queries = useFeedQueries();
  const status = useLiveFeed({ games: [gameId] });
  // A "not found" the server rendered is kept, not refetched, when the page hydrates: it renders as served (apps/web README, "An unknown game or championship answers 404").
  const game = useQuery({
    ...queries.game('line', gameId),
    retryOnMount: false,
    refetchInterval: (q) => (status !== 'push' && q.state.data?.game.status === 'live' ? GAME_POLL_MS : false),
  });
  const markets = useMemo(() => game.data?.groups.flatMap((g) => g.markets), [game.data]);
  const rows = useMemo(() => (game.data ? [game.data.game] : undefined), [game.data]);
  useSeedLive(rows, game.data?.version, markets);
  const { isCollapsed, toggle, allCollapsed, setAllCollapsed } = useMarketGroupsCollapse();
  const { format, formats, setFormat } = useCoefficientFormat();
  const { view, views, setView } = useBettingView();

  if (game.isPending) return <FeedSkeleton label={t('sportsbook:game.loading')} />;
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
  return (
    <article aria-label={`${row.home.name} – ${row.away.name}`}>
      <GameHeader game={row} />
      {/* A game in play has the match tracker (score, clock, key events, score by period); it appears by itself when a
          game shown before its start kicks off. */}
      <MatchTracker game={row} mainMarket={row.mainMarket ?? groups.find((g) => g.id === 'main')?.markets[0]} />
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
      <StyledCollapseAll type="button" onClick={() => setAllCollapsed(!allCollapsed)}>
        {allCollapsed ? t('sportsbook:game.expandAll') : t('sportsbook:game.collapseAll')}
      </StyledCollapseAll>
      {groups.length === 0 ? <FeedEmpty message={t('sportsbook:line.empty')} /> : null}
      {orderMarketGroups(groups, view).map((g) => (
        <MarketGroupSection
          key={g.id}
          game={row}
          group={g}
          collapsed={isCollapsed(g.id)}
          onToggle={() => toggle(g.id)}
        />
      ))}
    </article>
  );
}
