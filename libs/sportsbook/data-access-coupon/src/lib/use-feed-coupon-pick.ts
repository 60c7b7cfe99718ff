import { useFeedText, useLiveOutcome, type FeedMarket, type FeedOutcome, type FeedTeam } from '@tessera/sportsbook/data-access-feed';
import { useCallback } from 'react';
import { useCouponPick, type CouponPickBinding } from './coupon-context';

/** The game fields a feed odds button knows. */
export interface FeedPickGame {
  id: number;
  home: FeedTeam;
  away: FeedTeam;
  status?: string;
}

/** The market's display name, as the odds button's accessible name says it. */
function marketName(feedText: (key: string, fallback?: string) => string, market: FeedMarket): string {
  const name = feedText(`market.${market.type === 'double-chance' ? 'doubleChance' : market.type}`, market.type);
  return market.line === null || market.type === 'handicap' ? name : `${name} ${market.line}`;
}

/**
 * The coupon binding of a feed odds button (line, live, game page): the pick carries the live price and suspension at
 * the moment of the click, and the labels the coupon shows.
 */
export function useFeedCouponPick(game: FeedPickGame, market: FeedMarket, outcome: FeedOutcome, outcomeLabel: string): CouponPickBinding {
  const feedText = useFeedText();
  const live = useLiveOutcome(outcome, market.status === 'open');
  const pick = useCallback(
    () => ({
      selection: {
        gameId: String(game.id),
        marketId: market.id,
        outcomeId: outcome.id,
        odds: live.odds,
        blocked: live.suspended,
        live: game.status === 'live',
      },
      label: { home: game.home.name, away: game.away.name, market: marketName(feedText, market), outcome: outcomeLabel },
    }),
    [game, market, outcome.id, live.odds, live.suspended, feedText, outcomeLabel],
  );
  return useCouponPick(pick, { gameId: String(game.id), marketId: market.id, outcomeId: outcome.id });
}
