import { createGlobalStyle } from 'styled-components';

/** The height of the phone's bet-slip bar (a fixed button at the bottom of the screen, above the tab bar). */
export const SLIP_BAR_HEIGHT = '48px';

// Fixed bars at the bottom of a narrow screen (the tab bar, the bet-slip bar) would cover the end of the page: the body
// reserves the sum of the bars on the page, each announcing its share in a custom property while it is rendered.
// Wide screens have neither bar and reserve nothing.
export const BottomBarsSpace = createGlobalStyle`
  @media (max-width: ${({ theme }) => theme.breakpoints.lg - 0.02}px) {
    body {
      padding-block-end: calc(var(--tab-bar-height, 0px) + var(--slip-bar-space, 0px));
    }
  }
`;

const SlipBarShare = createGlobalStyle`
  @media (max-width: ${({ theme }) => theme.breakpoints.lg - 0.02}px) {
    :root {
      --slip-bar-space: calc(${SLIP_BAR_HEIGHT} + 2 * ${({ theme }) => theme.space(3)});
    }
  }
`;

/**
 * Rendered beside the phone's bet-slip bar: the page keeps the bar's height (and its margins) free at its end, so the
 * last market or the footer is never hidden behind it.
 */
export function SlipBarSpace() {
  return (
    <>
      <BottomBarsSpace />
      <SlipBarShare />
    </>
  );
}
