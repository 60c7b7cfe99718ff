import {
  marketTypeText,
  outcomeLabelText,
  useFeedText,
  useLiveStore,
  type FeedMarket,
  type FeedOutcome,
  type FeedTeam,
  type FeedText,
} from '@tessera/sportsbook/data-access-feed';
import { useCallback } from 'react';
import { useCouponPick, type CouponPickBinding } from './coupon-context';

/** The game fields a feed odds button knows. */
export interface FeedPickGame {
  id: number;
  home: FeedTeam;
  away: FeedTeam;
  status?: string;
}

/** The market's name on the coupon: the type's name, with the line except for a handicap (its outcome shows it). */
export function couponMarketName(feedText: FeedText, market: Pick<FeedMarket, 'type' | 'line'>): string {
  const name = marketTypeText(feedText, market.type);
  return market.line === null || market.type === 'handicap' ? name : `${name} ${market.line}`;
}

/** The line's words for a selection that was not picked on this page (a coupon loaded by code, a bet in the history). */
export interface SelectionWords {
  marketType?: string;
  marketLine?: number | null;
  outcomeCode?: string;
  outcomeNameKey?: string;
}

/** A selection's market and outcome named as its odds button names them; undefined when the words are missing. */
export function selectionPickName(
  feedText: FeedText,
  words: SelectionWords,
): { market: string; outcome: string } | undefined {
  const { marketType, outcomeCode, outcomeNameKey } = words;
  if (marketType === undefined || outcomeCode === undefined || outcomeNameKey === undefined) return undefined;
  const market = { type: marketType, line: words.marketLine ?? null };
  return {
    market: couponMarketName(feedText, market),
    outcome: outcomeLabelText(feedText, market, { code: outcomeCode, nameKey: outcomeNameKey }),
  };
}

/** {@link selectionPickName} in the page's language. */
export function useSelectionPickName(): (words: SelectionWords) => { market: string; outcome: string } | undefined {
  const feedText = useFeedText();
  return useCallback((words: SelectionWords) => selectionPickName(feedText, words), [feedText]);
}

/**
 * The coupon binding of a feed odds button (line, live, game page). The price and suspension are read from the live
 * store at the moment of the click, so the binding adds no subscription to the outcome: a busy live list re-renders
 * exactly as it did without a coupon (only the button's own "in the coupon" state is followed).
 */
export function useFeedCouponPick(
  game: FeedPickGame,
  market: FeedMarket,
  outcome: FeedOutcome,
  outcomeLabel: string,
): CouponPickBinding {
  const feedText = useFeedText();
  const live = useLiveStore();
  const pick = useCallback(() => {
    const now = live.outcome(outcome.id);
    return {
      selection: {
        gameId: String(game.id),
        marketId: market.id,
        outcomeId: outcome.id,
        odds: now?.odds ?? outcome.odds,
        blocked: now?.suspended ?? (market.status !== 'open' || outcome.status !== 'open'),
        live: game.status === 'live' || live.game(game.id)?.status === 'live',
      },
      label: {
        home: game.home.name,
        away: game.away.name,
        market: couponMarketName(feedText, market),
        outcome: outcomeLabel,
      },
    };
  }, [live, game, market, outcome, feedText, outcomeLabel]);
  return useCouponPick(pick, { gameId: String(game.id), marketId: market.id, outcomeId: outcome.id });
}
