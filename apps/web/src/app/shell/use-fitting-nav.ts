import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTheme } from 'styled-components';

// React warns about useLayoutEffect on the server, where there is nothing to measure anyway.
const useBrowserLayoutEffect: typeof useLayoutEffect =
  typeof window === 'undefined' ? () => undefined : useLayoutEffect;

/** Room kept for the "more" toggle when items move under it, in pixels. */
const MORE_ROOM = 96;

/**
 * How many of the bar's items fit in one row on wide screens ("priority plus" navigation): the server and the first
 * render show them all (their widths are measured then); after that the bar keeps the items that fit and the rest go
 * under "more" (whose toggle's room is kept), re-counted when the bar's width changes. Narrow screens keep every item
 * in a row that scrolls. null until measured, or where everything fits.
 */
export function useFittingNav(
  count: number,
  hasMore: boolean,
): { listRef: RefObject<HTMLUListElement | null>; fitting: number | null } {
  const listRef = useRef<HTMLUListElement | null>(null);
  const widths = useRef<number[]>([]);
  const [fitting, setFitting] = useState<number | null>(null);
  const { breakpoints } = useTheme();
  useBrowserLayoutEffect(() => {
    const list = listRef.current;
    const bar = list?.parentElement;
    if (!list || !bar || typeof ResizeObserver !== 'function' || typeof window.matchMedia !== 'function')
      return undefined;
    const wide = window.matchMedia(`(min-width: ${breakpoints.lg}px)`);
    widths.current = Array.from(list.children).map((li) => li.getBoundingClientRect().width);
    const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
    const measure = () => {
      if (!wide.matches) return setFitting(null);
      const room = bar.clientWidth;
      const total = widths.current.reduce((sum, w) => sum + w + gap, 0);
      if (total <= room - (hasMore ? MORE_ROOM : 0)) return setFitting(null);
      let used = MORE_ROOM;
      let n = 0;
      while (n < widths.current.length && used + (widths.current[n] ?? 0) + gap <= room) {
        used += (widths.current[n] ?? 0) + gap;
        n += 1;
      }
      setFitting(Math.max(1, n));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    wide.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      wide.removeEventListener('change', measure);
    };
    // The items' widths are read once per set of items (a language's page is a fresh load).
  }, [count, hasMore, breakpoints.lg]);
  return { listRef, fitting };
}
