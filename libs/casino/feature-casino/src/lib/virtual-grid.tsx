import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** Lists up to this many items are drawn whole; longer ones are windowed. */
export const WINDOW_FROM = 60;
/** Items drawn before the grid is measured (the server's render, the first paint). */
export const FIRST_PAINT_ITEMS = 24;
/** Rows drawn above and below the visible ones, so the Tab key always finds the next card. */
export const OVERSCAN_ROWS = 2;

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

const StyledGrid = styled.ul<{ $windowed: boolean }>`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
  > li {
    min-inline-size: 0;
  }
  ${({ $windowed }) =>
    $windowed
      ? `
    > li {
      position: absolute;
      inset-block-start: 0;
      inset-inline-start: 0;
    }`
      : ''}
`;

/** The grid's geometry as the browser laid it out. */
export interface GridMetrics {
  columns: number;
  columnWidth: number;
  columnGap: number;
  rowHeight: number;
  /** The grid's top relative to the viewport. */
  top: number;
  viewportHeight: number;
}

/**
 * The items to draw: the rows that meet the viewport, with {@link OVERSCAN_ROWS} more on each side, as an index range
 * [start, end).
 */
export function visibleRange(count: number, m: GridMetrics): { start: number; end: number } {
  if (m.columns <= 0 || m.rowHeight <= 0) return { start: 0, end: Math.min(count, FIRST_PAINT_ITEMS) };
  const rows = Math.ceil(count / m.columns);
  const first = Math.floor(Math.max(0, -m.top) / m.rowHeight) - OVERSCAN_ROWS;
  const last = Math.ceil((m.viewportHeight - m.top) / m.rowHeight) + OVERSCAN_ROWS;
  const startRow = Math.min(rows, Math.max(0, first));
  const endRow = Math.min(rows, Math.max(startRow, last));
  return { start: startRow * m.columns, end: Math.min(count, endRow * m.columns) };
}

function px(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

function measure(list: HTMLUListElement, rowHeight: number): GridMetrics | undefined {
  const style = window.getComputedStyle(list);
  const tracks = style.gridTemplateColumns.split(/\s+/).filter((t) => /^[\d.]+px$/.test(t));
  if (tracks.length === 0) return undefined;
  return {
    columns: tracks.length,
    columnWidth: px(tracks[0] ?? '0'),
    columnGap: px(style.columnGap),
    rowHeight,
    top: list.getBoundingClientRect().top,
    viewportHeight: window.innerHeight,
  };
}

/** Props of {@link VirtualGrid}. */
export interface VirtualGridProps<T> {
  items: readonly T[];
  label: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * A grid of cards that stays smooth with thousands of entries: short lists are drawn whole; a long one draws only the
 * rows near the viewport (positioned where the full grid would put them, in the writing direction), and the card that
 * holds the keyboard focus is kept drawn wherever the page scrolls, so focus is never lost. Every card says its place
 * in the whole list (aria-posinset / aria-setsize). The cards must be of one height (the grid measures the first).
 */
export function VirtualGrid<T>({ items, label, itemKey, renderItem }: VirtualGridProps<T>) {
  const windowed = items.length > WINDOW_FROM;
  const listRef = useRef<HTMLUListElement>(null);
  const [metrics, setMetrics] = useState<GridMetrics | undefined>(undefined);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  const rowHeightRef = useRef(0);

  const update = useCallback(() => {
    const list = listRef.current;
    if (!list || !windowed) return;
    const first = list.querySelector<HTMLLIElement>(':scope > li');
    if (first && first.offsetHeight > 0) {
      rowHeightRef.current = first.offsetHeight + px(window.getComputedStyle(list).rowGap);
    }
    const next = measure(list, rowHeightRef.current);
    setMetrics((m) =>
      next &&
      m &&
      m.columns === next.columns &&
      m.columnWidth === next.columnWidth &&
      m.rowHeight === next.rowHeight &&
      m.top === next.top &&
      m.viewportHeight === next.viewportHeight
        ? m
        : next,
    );
  }, [windowed]);

  useIsomorphicLayoutEffect(() => {
    if (!windowed) {
      setMetrics(undefined);
      return;
    }
    update();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onScroll);
    if (listRef.current) observer?.observe(listRef.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [update, windowed, items.length]);

  // The first card measured: the layout can now draw the windowed grid.
  useIsomorphicLayoutEffect(() => {
    if (windowed && metrics && metrics.rowHeight === 0) update();
  });

  const placed = windowed && metrics !== undefined && metrics.rowHeight > 0;
  let indexes: number[];
  if (!windowed) indexes = items.map((_, i) => i);
  else if (!placed) indexes = items.slice(0, FIRST_PAINT_ITEMS).map((_, i) => i);
  else {
    const { start, end } = visibleRange(items.length, metrics);
    indexes = [];
    if (focused !== undefined && focused < start && focused < items.length) indexes.push(focused);
    for (let i = start; i < end; i++) indexes.push(i);
    if (focused !== undefined && focused >= end && focused < items.length) indexes.push(focused);
  }
  const rows = placed ? Math.ceil(items.length / metrics.columns) : 0;

  return (
    <StyledGrid
      ref={listRef}
      aria-label={label}
      $windowed={placed}
      style={placed ? { blockSize: `${rows * metrics.rowHeight - metrics.columnGap}px` } : undefined}
      onFocus={(e) => {
        const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-index]');
        if (li) setFocused(Number(li.dataset['index']));
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(undefined);
      }}
    >
      {indexes.map((i) => {
        const item = items[i] as T;
        const style = placed
          ? {
              inlineSize: `${metrics.columnWidth}px`,
              insetBlockStart: `${Math.floor(i / metrics.columns) * metrics.rowHeight}px`,
              insetInlineStart: `${(i % metrics.columns) * (metrics.columnWidth + metrics.columnGap)}px`,
            }
          : undefined;
        return (
          <li key={itemKey(item)} data-index={i} aria-posinset={i + 1} aria-setsize={items.length} style={style}>
            {renderItem(item)}
          </li>
        );
      })}
    </StyledGrid>
  );
}
