/** Spec section 9: the button arms after scrolling down this many screen heights. */
export const SCROLL_TO_TOP_SCREENS = 4;
/** Spec section 9: within this many pixels of the top the button hides and disarms. */
export const SCROLL_TO_TOP_TOP_OFFSET = 100;
/** Spec section 9: within this many pixels of the bottom the button hides (it would cover the footer). */
export const SCROLL_TO_TOP_BOTTOM_OFFSET = 150;
/** Spec section 9: scroll events are sampled at most this often. */
export const SCROLL_TO_TOP_THROTTLE_MS = 150;

/** What the button remembers between scroll samples. */
export interface ScrollToTopState {
  lastY: number;
  /** Has been deeper than four screens since last near the top. */
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
 * The button appears after the reader has gone down four screen heights and then scrolls up; it hides while
 * scrolling down, near the top, and near the bottom of the page.
 */
export function nextScrollToTop(state: ScrollToTopState, { scrollY, viewportHeight, documentHeight }: ScrollMetrics): ScrollToTopState {
  const nearTop = scrollY <= SCROLL_TO_TOP_TOP_OFFSET;
  const nearBottom = documentHeight - (scrollY + viewportHeight) <= SCROLL_TO_TOP_BOTTOM_OFFSET;
  const armed = nearTop ? false : state.armed || scrollY >= SCROLL_TO_TOP_SCREENS * viewportHeight;
  const goingUp = scrollY < state.lastY;
  const goingDown = scrollY > state.lastY;
  let visible = state.visible;
  if (!armed || nearTop || nearBottom || goingDown) visible = false;
  else if (goingUp) visible = true;
  return { lastY: scrollY, armed, visible };
}
