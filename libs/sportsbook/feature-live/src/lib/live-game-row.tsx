import { useT } from '@tessera/shared/data-access-brand';
import {
  favoriteGamesPreference,
  rowMarkets,
  toggleId,
  useBettingView,
  useLiveGame,
  useOddsCell,
  usePeriodName,
  usePreference,
  type FeedGameRow,
  type FeedMarket,
  type FeedOutcome,
  type UpdateGate,
} from '@tessera/sportsbook/data-access-feed';
import { useFeedCouponPick } from '@tessera/sportsbook/data-access-coupon';
import { FavoriteToggle, GameRow, OddsButton } from '@tessera/sportsbook/ui';
import { memo } from 'react';
import { Link } from 'react-router';

/** Props of {@link LiveOddsButton}. */
export interface LiveOddsButtonProps {
  game: Pick<FeedGameRow, 'id' | 'status' | 'home' | 'away'>;
  market: FeedMarket;
  outcome: FeedOutcome;
  /** Holds price moves while the row is off screen (see `useOnScreenGate`). */
  gate?: UpdateGate;
}

/** A live odds button: subscribes to its own outcome only, so a price move re-renders this button and nothing else. */
export const LiveOddsButton = memo(function LiveOddsButton({ game, market, outcome, gate }: LiveOddsButtonProps) {
  const cell = useOddsCell(game, market, outcome, gate);
  // A click adds the outcome to the page's coupon (or removes it); the binding adds no price subscription.
  const pick = useFeedCouponPick(game, market, outcome, cell.label);
  return <OddsButton {...cell} {...pick} />;
});

/** Clock as mm:ss. */
export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Score, period and clock of a live game; re-renders only on this game's score and clock deltas. */
export const LiveScore = memo(function LiveScore({ game, gate }: { game: FeedGameRow; gate?: UpdateGate }) {
  const { t } = useT();
  const periodName = usePeriodName();
  const state = useLiveGame(game, gate);
  if (state.status === 'finished' || state.status === 'cancelled') return <span>{t('sportsbook:game.finished')}</span>;
  if (!state.live) return null;
  return (
    <span>
      <strong data-testid={`score-${game.id}`}>
        {state.live.score.home}:{state.live.score.away}
      </strong>{' '}
      {periodName(game.sportId, state.live.period)} ·{' '}
      <span data-testid={`clock-${game.id}`}>{formatClock(state.live.clockSeconds)}</span>
    </span>
  );
});

/** Props of {@link LiveGameRow}. */
export interface LiveGameRowProps {
  game: FeedGameRow;
  /** Holds score and odds moves while the row is off screen (the live list passes its block's gate). */
  gate?: UpdateGate;
}

/**
 * One live game: star, teams linking to the game page, score and clock, main odds (Asian view: main handicap and
 * total) with up/down marks. With a gate, score and odds hold their moves while the row is off screen and catch up
 * when it scrolls into view (README, "Off-screen blocks hold their updates").
 */
export const LiveGameRow = memo(function LiveGameRow({ game, gate }: LiveGameRowProps) {
  const { t, language } = useT();
  const [favorites] = usePreference(favoriteGamesPreference);
  const name = `${game.home.name} – ${game.away.name}`;
  const on = favorites.includes(game.id);
  // European view: the main market (1X2); Asian view: the main handicap and total lines (data-access-feed README, "Asian list columns").
  const { view } = useBettingView();
  const markets = rowMarkets(game, view);
  return (
    <GameRow
      label={name}
      leading={
        <FavoriteToggle
          on={on}
          label={t(on ? 'sportsbook:favorites.removeGame' : 'sportsbook:favorites.addGame', { name })}
          onToggle={() => favoriteGamesPreference.set(toggleId(favoriteGamesPreference.get(), game.id))}
        />
      }
      title={<Link to={`/${language}/game/${game.id}`}>{name}</Link>}
      meta={<LiveScore game={game} gate={gate} />}
      odds={markets.map((market) =>
        market.outcomes.map((o) => <LiveOddsButton key={o.id} game={game} market={market} outcome={o} gate={gate} />),
      )}
    />
  );
});
