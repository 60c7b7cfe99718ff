import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { INITIAL_SCROLL_TO_TOP, nextScrollToTop, SCROLL_TO_TOP_THROTTLE_MS } from './scroll-to-top.state';
import { useTranslate } from './use-translate';

const StyledButton = styled.button`
  position: fixed;
  inset-block-end: ${({ theme }) => theme.space(6)};
  inset-inline-end: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.color.primary.base};
  color: ${({ theme }) => theme.color.primary.text};
  font: inherit;
  cursor: pointer;
`;

/**
 * The back-to-top button of spec section 9. Rendered only in the browser after the reader scrolls (never on the
 * server), so it cannot cause a hydration mismatch or a layout shift: it floats over the page.
 */
export function ScrollToTop() {
  const t = useTranslate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let state = INITIAL_SCROLL_TO_TOP;
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const sample = () => {
      last = Date.now();
      pending = undefined;
      state = nextScrollToTop(state, {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      });
      setVisible(state.visible);
    };
    // Throttled with a trailing sample, so the last position of a fling is always evaluated.
    const onScroll = () => {
      if (pending) return;
      const wait = Math.max(0, SCROLL_TO_TOP_THROTTLE_MS - (Date.now() - last));
      pending = setTimeout(sample, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (pending) clearTimeout(pending);
    };
  }, []);

  if (!visible) return null;
  return (
    <StyledButton type="button" aria-label={t('common:scrollToTop.label')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <span aria-hidden="true">↑</span>
    </StyledButton>
  );
}
