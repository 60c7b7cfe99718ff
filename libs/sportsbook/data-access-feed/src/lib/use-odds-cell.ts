import { useT } from '@tessera/shared/data-access-brand';
import { useCallback } from 'react';
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

function lineText(market: FeedMarket, outcome: FeedOutcome): string {
  if (market.line === null) return '';
  if (market.type === 'handicap') {
    const line = outcome.code === 'away' ? -market.line : market.line;
    return ` (${line > 0 ? '+' : ''}${line})`;
  }
  return ` ${market.line}`;
}

/** One outcome's live odds cell: formatted in the player's format, with its move mark and an accessible name. */
export function useOddsCell(game: { home: FeedTeam; away: FeedTeam }, market: FeedMarket, outcome: FeedOutcome, gate?: UpdateGate): OddsCell {
  const { t } = useT();
  const feedText = useFeedText();
  const formatOdds = useFormatOdds();
  const live = useLiveOutcome(outcome, market.status === 'open', gate);
  const label = `${feedText(outcome.nameKey, outcome.code)}${lineText(market, outcome)}`;
  const price = formatOdds(live.odds);
  const marketName = feedText(`market.${market.type === 'double-chance' ? 'doubleChance' : market.type}`, market.type);
  const accessibleName = t('sportsbook:odds.label', { home: game.home.name, away: game.away.name, market: marketName, outcome: label, price: live.suspended ? t('sportsbook:odds.suspended') : price });
  return {
    label,
    price,
    accessibleName,
    move: live.direction,
    moveKey: live.moves,
    suspended: live.suspended,
    moveText: { up: t('sportsbook:odds.up'), down: t('sportsbook:odds.down'), suspended: t('sportsbook:odds.suspended') },
  };
}
