import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ITEMS, visibleRange, VirtualGrid } from './virtual-grid';

// jsdom lays nothing out: the browser's answers (three 200px columns, 16px gaps, cards 250px high, the grid's top as
// the page scrolls) are given here, as a browser would give them.
const CARD = 250;
const GAP = 16;
let scrollY = 0;

function layOut() {
  const real = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((el, pseudo) => {
    const style = real(el, pseudo);
    if (el instanceof HTMLUListElement)
      return {
        gridTemplateColumns: '200px 200px 200px',
        columnGap: `${GAP}px`,
        rowGap: `${GAP}px`,
        getPropertyValue: () => '',
      } as unknown as CSSStyleDeclaration;
    return style;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'LI' ? CARD : 0;
  });
  vi.spyOn(HTMLUListElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ top: 100 - scrollY, left: 0, right: 632, bottom: 0, width: 632, height: 0, x: 0, y: 0 }) as DOMRect,
  );
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
}

function scrollTo(y: number) {
  scrollY = y;
  act(() => {
    fireEvent.scroll(window);
  });
}

const items = Array.from({ length: 1000 }, (_, i) => `game-${i}`);

function render() {
  renderWithProviders(
    <VirtualGrid
      items={items}
      label="Games"
      itemKey={(id) => id}
      renderItem={(id) => <a href={`#${id}`}>Play {id}</a>}
    />,
    { brand: testBrandPayload({ language: 'en' }) },
  );
  return screen.getByRole('list', { name: 'Games' });
}

afterEach(() => {
  vi.restoreAllMocks();
  scrollY = 0;
});

describe('VirtualGrid', () => {
  it('draws only the rows near the viewport of 1,000 entries, each telling its place in the whole list', async () => {
    layOut();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    const grid = render();
    const shown = within(grid).getAllByRole('listitem');
    // 800px of viewport from a grid 100px down: rows 0-2 visible, two more below: 5 rows of 3.
    expect(shown.length).toBeLessThanOrEqual(6 * 3);
    expect(shown[0]).toHaveAttribute('aria-setsize', '1000');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    // The whole list's height is kept, so the scroll bar is the full list's.
    expect(grid.style.blockSize).toBe(`${334 * (CARD + GAP) - GAP}px`);
    scrollTo(100 + 200 * (CARD + GAP));
    const later = within(grid).getAllByRole('listitem');
    expect(later.length).toBeLessThanOrEqual(8 * 3);
    expect(within(grid).getByRole('link', { name: 'Play game-600' })).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: 'Play game-0' })).toBeNull();
    const card = within(grid).getByRole('link', { name: 'Play game-600' }).closest('li');
    expect(card?.style.insetBlockStart).toBe(`${200 * (CARD + GAP)}px`);
    expect(card?.style.insetInlineStart).toBe('0px');
  });

  it('keeps the focused card drawn, and focused, while the page scrolls far away from it', () => {
    layOut();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    const grid = render();
    const link = within(grid).getByRole('link', { name: 'Play game-4' });
    act(() => link.focus());
    scrollTo(100 + 300 * (CARD + GAP));
    expect(within(grid).getByRole('link', { name: 'Play game-4' })).toBe(link);
    expect(document.activeElement).toBe(link);
    expect(within(grid).getByRole('link', { name: 'Play game-900' })).toBeInTheDocument();
    // Once focus leaves the grid, the far card is no longer kept.
    act(() => link.blur());
    scrollTo(100 + 301 * (CARD + GAP));
    expect(within(grid).queryByRole('link', { name: 'Play game-4' })).toBeNull();
  });

  it('before the grid is measured (the server render) draws the first cards in the page flow', () => {
    const grid = render();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(FIRST_PAINT_ITEMS);
  });

  it('computes the range from the geometry', () => {
    const m = { columns: 4, columnWidth: 200, columnGap: 16, rowHeight: 266, top: -2660, viewportHeight: 800 };
    // Scrolled 10 rows down, 800px of viewport: rows 10 to 13 seen, 8 to 15 drawn (two of overscan each side).
    expect(visibleRange(1000, m)).toEqual({ start: 32, end: 64 });
    expect(visibleRange(10, { ...m, top: 0 })).toEqual({ start: 0, end: 10 });
  });
});
