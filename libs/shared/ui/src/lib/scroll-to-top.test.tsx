import { renderWithProviders } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => vi.useRealTimers());

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  act(() => vi.advanceTimersByTime(200));
}

describe('ScrollToTop', () => {
  it('appears after going four screens down and then up, and scrolls to the top', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 20_000, configurable: true });
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { t } = renderWithProviders(<ScrollToTop />);
    const name = t('common:scrollToTop.label');
    scrollTo(3300);
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    scrollTo(3000);
    act(() => screen.getByRole('button', { name }).click());
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
