import { useT } from '@tessera/shared/data-access-brand';
import { useCallback, useMemo } from 'react';
import type { FeedMarket, FeedOutcome, FeedTeam } from './feed.types';
import type { OddsDirection } from './live-store';
import type { UpdateGate } from './update-gate';
import { useFormatOdds, useLiveOutcome } from './sportsbook-provider';

/** Translates a feed name key (`feed:outcome.home`) through the sportsbook namespace, falling back to the given text. */
export function useFeedText(): (nameKey: string, fallback?: string) => string {
  const { tDynamic } = useT();
  return useCallback(
    (nameKey: string, fallback?: string) => {
      const key = nameKey.includes(':') ? nameKey.slice(nameKey.indexOf(':') + 1) : nameKey;
      return tDynamic(`sportsbook:${key}`, fallback ?? key);
    },
    [tDynamic],
  );
}

/** What an odds button shows for one outcome, live: everything `OddsButton` takes. */
export interface OddsCell {
  label: string;
  price: string;
  accessibleName: string;
  move: OddsDirection;
  moveKey: number;
  suspended: boolean;
  moveText: { up: string; down: string; suspended: string };
}

function lineText(market: Pick<FeedMarket, 'type' | 'line'>, outcome: Pick<FeedOutcome, 'code'>): string {
  if (market.line === null) return '';
  if (market.type === 'handicap') {
    const line = outcome.code === 'away' ? -market.line : market.line;
    return ` (${line > 0 ? '+' : ''}${line})`;
  }
  return ` ${market.line}`;
}

/** A feed text function: `useFeedText()`'s result. */
export type FeedText = (nameKey: string, fallback?: string) => string;

/** An outcome's label as its odds button shows it ("Over 2.5", "Home (-1)"). */
export function outcomeLabelText(
  feedText: FeedText,
  market: Pick<FeedMarket, 'type' | 'line'>,
  outcome: Pick<FeedOutcome, 'code' | 'nameKey'>,
): string {
  return `${feedText(outcome.nameKey, outcome.code)}${lineText(market, outcome)}`;
}

/** A market's name as an odds button's accessible name says it ("Double chance"). */
export function marketTypeText(feedText: FeedText, type: string): string {
  return feedText(`market.${type === 'double-chance' ? 'doubleChance' : type}`, type);
}

/** One outcome's live odds cell: formatted in the player's format, with its move mark and an accessible name. */
export function useOddsCell(
  game: { home: FeedTeam; away: FeedTeam },
  market: FeedMarket,
  outcome: FeedOutcome,
  gate?: UpdateGate,
): OddsCell {
  const { t } = useT();
  const feedText = useFeedText();
  const formatOdds = useFormatOdds();
  const live = useLiveOutcome(outcome, market.status === 'open', gate);
  // A list re-renders hundreds of cells at once (450 on the line page): the translations are kept between renders
  // and redone only when what they read changes (apps/web README, "Start-up blocking time").
  const { line, type } = market;
  const label = useMemo(() => outcomeLabelText(feedText, { line, type }, outcome), [feedText, outcome, line, type]);
  const price = formatOdds(live.odds);
  const marketName = useMemo(() => marketTypeText(feedText, type), [feedText, type]);
  const moveText = useMemo(
    () => ({ up: t('sportsbook:odds.up'), down: t('sportsbook:odds.down'), suspended: t('sportsbook:odds.suspended') }),
    [t],
  );
  const home = game.home.name;
  const away = game.away.name;
  const shownPrice = live.suspended ? moveText.suspended : price;
  const accessibleName = useMemo(
    () => t('sportsbook:odds.label', { home, away, market: marketName, outcome: label, price: shownPrice }),
    [t, home, away, marketName, label, shownPrice],
  );
  return {
    label,
    price,
    accessibleName,
    move: live.direction,
    moveKey: live.moves,
    suspended: live.suspended,
    moveText,
  };
}
