import type { ScrollToTopSettings } from '@tessera/shared/util-config';

/** When the button appears (the brand's `other.scrollToTop`; its `type` only changes the look). */
export type ScrollToTopRules = Pick<ScrollToTopSettings, 'screens' | 'topOffsetPx' | 'bottomOffsetPx'>;

/** What the button remembers between scroll samples. */
export interface ScrollToTopState {
  lastY: number;
  /** Has been deeper than `screens` screen heights since last near the top. */
  armed: boolean;
  visible: boolean;
}

/** One scroll sample. */
export interface ScrollMetrics {
  scrollY: number;
  viewportHeight: number;
  documentHeight: number;
}

/** The starting state: at the top, hidden. */
export const INITIAL_SCROLL_TO_TOP: ScrollToTopState = { lastY: 0, armed: false, visible: false };

/**
 * The button appears after the reader has gone down `screens` screen heights and then scrolls up; it hides while
 * scrolling down, near the top, and near the bottom of the page.
 */
export function nextScrollToTop(
  state: ScrollToTopState,
  { scrollY, viewportHeight, documentHeight }: ScrollMetrics,
  rules: ScrollToTopRules,
): ScrollToTopState {
  const nearTop = scrollY <= rules.topOffsetPx;
  const nearBottom = documentHeight - (scrollY + viewportHeight) <= rules.bottomOffsetPx;
  const armed = nearTop ? false : state.armed || scrollY >= rules.screens * viewportHeight;
  const goingUp = scrollY < state.lastY;
  const goingDown = scrollY > state.lastY;
  let visible = state.visible;
  if (!armed || nearTop || nearBottom || goingDown) visible = false;
  else if (goingUp) visible = true;
  return { lastY: scrollY, armed, visible };
}
