import { useOnScreenGate, type FeedGameRow } from '@tessera/sportsbook/data-access-feed';
import { FeedSection, GameList } from '@tessera/sportsbook/ui';
import { memo, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { LiveGameRow } from './live-game-row';

/** Props of {@link LiveGameList}. */
export interface LiveGameListProps {
  /** Live games in feed order; grouped here by championship, keeping the order of first appearance. */
  games: readonly FeedGameRow[];
}

interface ChampGroup {
  champId: number;
  name: string;
  games: FeedGameRow[];
}

function groupByChamp(games: readonly FeedGameRow[]): ChampGroup[] {
  const groups = new Map<number, ChampGroup>();
  for (const g of games) {
    let group = groups.get(g.champId);
    if (!group)
      groups.set(g.champId, (group = { champId: g.champId, name: `${g.sportName} · ${g.champName}`, games: [] }));
    group.games.push(g);
  }
  return [...groups.values()];
}

/** Estimated height of one row (about 79 px with the platform fonts), for the size of a block the browser has skipped. */
const ROW_REM = 4.9;
/**
 * Rows per block. A block is what the browser skips or renders as one: small enough that a block scrolling into view
 * costs one short task, large enough that the browser's per-element visibility checks stay few (feature-live README, "Off-screen blocks hold their updates").
 */
export const LIVE_BLOCK_ROWS = 8;

/**
 * A block of rows far off screen skips style, layout and paint (`content-visibility: auto`); its estimated size
 * keeps the scroll height right, and `auto` remembers the real size once it was rendered. The blocks of a
 * championship join into one visual list.
 */
const StyledBlock = styled(GameList)<{ $rows: number }>`
  content-visibility: auto;
  contain-intrinsic-size: auto ${({ $rows }) => `${$rows * ROW_REM}rem`};
  &:not(:first-child) {
    border-block-start: 0;
    border-start-start-radius: 0;
    border-start-end-radius: 0;
  }
  &:not(:last-child) {
    border-end-start-radius: 0;
    border-end-end-radius: 0;
  }
`;

const LiveBlock = memo(function LiveBlock({ games }: { games: FeedGameRow[] }) {
  const block = useRef<HTMLUListElement>(null);
  // While the browser skips the block, its rows' score and odds moves wait in the store.
  const gate = useOnScreenGate(() => block.current, { contentVisibility: true });
  return (
    <StyledBlock ref={block} $rows={games.length}>
      {games.map((g) => (
        <LiveGameRow key={g.id} game={g} gate={gate} />
      ))}
    </StyledBlock>
  );
});

function blocksOf(games: FeedGameRow[]): FeedGameRow[][] {
  const out: FeedGameRow[][] = [];
  for (let i = 0; i < games.length; i += LIVE_BLOCK_ROWS) out.push(games.slice(i, i + LIVE_BLOCK_ROWS));
  return out;
}

const LiveChampSection = memo(function LiveChampSection({ group }: { group: ChampGroup }) {
  const blocks = useMemo(() => blocksOf(group.games), [group.games]);
  return (
    <FeedSection aria-labelledby={`live-champ-${group.champId}`}>
      <h2 id={`live-champ-${group.champId}`}>{group.name}</h2>
      <div>
        {blocks.map((games) => (
          <LiveBlock key={games[0]?.id} games={games} />
        ))}
      </div>
    </FeedSection>
  );
});

/**
 * The live list: championships with their live games. Memoised on the list it is given, so price, score and clock
 * deltas (which go to the live store, not to this list) never re-render it; each row updates itself (ADR 0101; README, "Off-screen blocks hold their updates").
 */
export const LiveGameList = memo(function LiveGameList({ games }: LiveGameListProps) {
  const groups = useMemo(() => groupByChamp(games), [games]);
  return (
    <>
      {groups.map((group) => (
        <LiveChampSection key={group.champId} group={group} />
      ))}
    </>
  );
});
