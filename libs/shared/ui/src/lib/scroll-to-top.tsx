import type { ScrollToTopSettings } from '@tessera/shared/util-config';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { INITIAL_SCROLL_TO_TOP, nextScrollToTop } from './scroll-to-top.state';
import { useTranslate } from './use-translate';

const StyledButton = styled.button`
  position: fixed;
  inset-block-end: calc(var(--tab-bar-height, 0px) + ${({ theme }) => theme.space(6)});
  inset-inline-end: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 44px;
  height: 44px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.color.primary.base};
  color: ${({ theme }) => theme.color.primary.text};
  font: inherit;
  cursor: pointer;
`;

/** Props of {@link ScrollToTop}. */
export interface ScrollToTopProps {
  /** The brand's `other.scrollToTop`: when the button appears, how often scrolling is sampled, arrow or label. */
  settings: ScrollToTopSettings;
}

/**
 * The back-to-top button of spec section 9. Rendered only in the browser after the reader scrolls (never on the
 * server), so it cannot cause a hydration mismatch or a layout shift: it floats over the page.
 */
export function ScrollToTop({ settings }: ScrollToTopProps) {
  const t = useTranslate();
  const [visible, setVisible] = useState(false);
  const { screens, topOffsetPx, bottomOffsetPx, throttleMs } = settings;

  useEffect(() => {
    let state = INITIAL_SCROLL_TO_TOP;
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const sample = () => {
      last = Date.now();
      pending = undefined;
      state = nextScrollToTop(
        state,
        {
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          documentHeight: document.documentElement.scrollHeight,
        },
        { screens, topOffsetPx, bottomOffsetPx },
      );
      setVisible(state.visible);
    };
    // Throttled with a trailing sample, so the last position of a fling is always evaluated.
    const onScroll = () => {
      if (pending) return;
      const wait = Math.max(0, throttleMs - (Date.now() - last));
      pending = setTimeout(sample, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (pending) clearTimeout(pending);
    };
  }, [screens, topOffsetPx, bottomOffsetPx, throttleMs]);

  if (!visible) return null;
  const label = t('common:scrollToTop.label');
  const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
  if (settings.type === 'label') {
    return (
      <StyledButton type="button" onClick={toTop}>
        {label}
      </StyledButton>
    );
  }
  return (
    <StyledButton type="button" aria-label={label} onClick={toTop}>
      <span aria-hidden="true">↑</span>
    </StyledButton>
  );
}
