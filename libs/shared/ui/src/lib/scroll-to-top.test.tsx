import { platformDefaults } from '@tessera/shared/util-config';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => vi.useRealTimers());

const defaults = platformDefaults().other.scrollToTop;

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
    const { t } = renderWithProviders(<ScrollToTop settings={defaults} />);
    const name = t('common:scrollToTop.label');
    scrollTo(3300);
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    scrollTo(3000);
    act(() => screen.getByRole('button', { name }).click());
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('shows its label as text when the brand chooses the label type', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 20_000, configurable: true });
    const { t } = renderWithProviders(<ScrollToTop settings={{ ...defaults, type: 'label', screens: 1 }} />);
    scrollTo(900);
    scrollTo(850);
    expect(screen.getByRole('button', { name: t('common:scrollToTop.label') })).toHaveTextContent(
      t('common:scrollToTop.label'),
    );
  });
});
