import { platformDefaults } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_SCROLL_TO_TOP,
  nextScrollToTop,
  type ScrollToTopRules,
  type ScrollToTopState,
} from './scroll-to-top.state';

const screen = 800;
const page = 20_000;
const defaults = platformDefaults().other.scrollToTop;

function scrollThrough(
  positions: number[],
  documentHeight = page,
  rules: ScrollToTopRules = defaults,
): ScrollToTopState {
  return positions.reduce(
    (state, scrollY) => nextScrollToTop(state, { scrollY, viewportHeight: screen, documentHeight }, rules),
    INITIAL_SCROLL_TO_TOP,
  );
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
    expect(
      nextScrollToTop(
        nextScrollToTop(atTop, { scrollY: 600, viewportHeight: screen, documentHeight: page }, defaults),
        { scrollY: 500, viewportHeight: screen, documentHeight: page },
        defaults,
      ).visible,
    ).toBe(false);
  });

  it('hides near the bottom of the page', () => {
    expect(scrollThrough([4000, 8000, 7990], 8000 + screen + 100).visible).toBe(false);
  });

  it('follows the screens and offsets a brand sets', () => {
    const rules = { screens: 2, topOffsetPx: 400, bottomOffsetPx: 1000 };
    expect(scrollThrough([1000, 1700, 1600], page, rules).visible).toBe(true);
    expect(scrollThrough([1000, 1700, 350], page, rules)).toMatchObject({ visible: false, armed: false });
    expect(scrollThrough([4000, 8000, 7990], 8000 + screen + 900, rules).visible).toBe(false);
    expect(scrollThrough([4000, 8000, 7990], 8000 + screen + 900).visible).toBe(true);
  });
});
