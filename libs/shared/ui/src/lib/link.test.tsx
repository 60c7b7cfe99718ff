import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from './link';

describe('Link', () => {
  it('prefixes the page language from the route', () => {
    renderWithProviders(<Link to="/line">Line</Link>, { route: '/de/casino' });
    expect(screen.getByRole('link', { name: 'Line' })).toHaveAttribute('href', '/de/line');
  });

  it('keeps a path that already carries the language', () => {
    renderWithProviders(<Link to="/de/live">Live</Link>, { route: '/de/' });
    expect(screen.getByRole('link', { name: 'Live' })).toHaveAttribute('href', '/de/live');
  });

  it('leaves external links alone and isolates them', () => {
    renderWithProviders(<Link to="https://help.example.com/">Help</Link>);
    const link = screen.getByRole('link', { name: 'Help' });
    expect(link).toHaveAttribute('href', 'https://help.example.com/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('navigates on click, and skips navigation to the current address', async () => {
    const { router } = renderWithProviders(
      <>
        <Link to="/line">Line</Link>
        <Link to="/casino">Casino</Link>
      </>,
      { route: '/en/line' },
    );
    expect(screen.getByRole('link', { name: 'Line' })).toHaveAttribute('aria-current', 'page');
    const historyBefore = router.state.historyAction;
    await userEvent.click(screen.getByRole('link', { name: 'Line' }));
    expect(router.state.location.pathname).toBe('/en/line');
    expect(router.state.historyAction).toBe(historyBefore);
    await userEvent.click(screen.getByRole('link', { name: 'Casino' }));
    expect(router.state.location.pathname).toBe('/en/casino');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
