import { describe, expect, it } from 'vitest';
import { INITIAL_SCROLL_TO_TOP, nextScrollToTop, type ScrollToTopState } from './scroll-to-top.state';

const screen = 800;
const page = 20_000;

function scrollThrough(positions: number[], documentHeight = page): ScrollToTopState {
  return positions.reduce((state, scrollY) => nextScrollToTop(state, { scrollY, viewportHeight: screen, documentHeight }), INITIAL_SCROLL_TO_TOP);
}

describe('scroll-to-top visibility', () => {
  it('stays hidden while scrolling down, however far', () => {
    expect(scrollThrough([1000, 3000, 5000, 8000]).visible).toBe(false);
  });

  it('appears when scrolling up after four screen heights', () => {
    expect(scrollThrough([1000, 3200, 3100]).visible).toBe(true);
  });

  it('does not appear when scrolling up before reaching four screens', () => {
    expect(scrollThrough([1000, 3000, 2900]).visible).toBe(false);
  });

  it('stays visible while going on up, and hides again on the way down', () => {
    expect(scrollThrough([4000, 3500, 2000]).visible).toBe(true);
    expect(scrollThrough([4000, 3500, 3600]).visible).toBe(false);
  });

  it('hides and disarms near the top', () => {
    const atTop = scrollThrough([4000, 3500, 50]);
    expect(atTop).toMatchObject({ visible: false, armed: false });
    expect(nextScrollToTop(nextScrollToTop(atTop, { scrollY: 600, viewportHeight: screen, documentHeight: page }), { scrollY: 500, viewportHeight: screen, documentHeight: page }).visible).toBe(false);
  });

  it('hides near the bottom of the page', () => {
    expect(scrollThrough([4000, 8000, 7990], 8000 + screen + 100).visible).toBe(false);
  });
});
