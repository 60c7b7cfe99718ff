import { useQuery } from '@tanstack/react-query';
import { useBrand } from '@tessera/shared/data-access-brand';
import { useFeedQueries, type FeedGameRow } from '@tessera/sportsbook/data-access-feed';
import { useEffect } from 'react';

/** The name a game page is titled with: "Home – Away". */
export function gameTitle(game: Pick<FeedGameRow, 'home' | 'away'>): string {
  return `${game.home.name} – ${game.away.name}`;
}

/** Props of {@link GameTitle}. */
export interface GameTitleProps {
  gameId: number;
  /** Shown while the game loads and when the feed does not know it. */
  fallback: string;
}

/**
 * The game page's heading text and the document's title: the match ("Arsenal – Chelsea | Brand"), read from the same
 * query the game view shows (prefetched by the server render, so the first HTML already carries it).
 */
export function GameTitle({ gameId, fallback }: GameTitleProps) {
  const queries = useFeedQueries();
  const { name } = useBrand();
  const game = useQuery({ ...queries.game('line', gameId), retryOnMount: false, refetchOnMount: false });
  const title = game.data ? gameTitle(game.data.game) : fallback;
  useEffect(() => {
    document.title = `${title} | ${name}`;
  }, [title, name]);
  return <>{title}</>;
}
