import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { describe, expect, it, vi } from 'vitest';
import { FeedError } from './feed-states';
import { OddsButton } from './odds-button';

const MOVES = { up: 'Odds went up', down: 'Odds went down', suspended: 'Suspended' };

describe('OddsButton', () => {
  it('is a button named by its full pick and reports a selection', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <OddsButton
        label="1"
        price="2.50"
        accessibleName="Arsenal – Chelsea, Match result, 1, 2.50"
        move="up"
        moveKey={1}
        onSelect={onSelect}
      />,
    );
    const button = screen.getByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 2.50' });
    expect(button).toHaveAttribute('data-move', 'up');
    await userEvent.setup().click(button);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('has visible text its accessible name contains, moved or not (WCAG 2.5.3: "1 2.50" in "…, 1, 2.50")', () => {
    renderWithProviders(
      <OddsButton label="1" price="2.50" accessibleName="A – B, Match result, 1, 2.50" move="down" moveText={MOVES} />,
    );
    const button = screen.getByRole('button', { name: 'A – B, Match result, 1, 2.50' });
    // As axe compares them: punctuation dropped, white space folded; the move mark is drawn, not written.
    const curated = (text: string) =>
      text
        .replace(/[\p{P}]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();
    // axe reads no text out of an image (the drawn mark and its title).
    const text = button.cloneNode(true) as HTMLElement;
    text.querySelectorAll('svg').forEach((image) => image.remove());
    expect(curated(text.textContent ?? '')).toBe('1 2 50');
    expect(curated('A – B, Match result, 1, 2.50')).toContain(curated(text.textContent ?? ''));
    expect(button.querySelector('svg[data-mark="down"] title')).toHaveTextContent('Odds went down');
  });

  it('takes no clicks and hides the price while suspended', () => {
    renderWithProviders(
      <OddsButton label="X" price="3.10" accessibleName="A – B, Match result, X, Suspended" suspended />,
    );
    const button = screen.getByRole('button', { name: 'A – B, Match result, X, Suspended' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveTextContent('3.10');
    expect(button).not.toHaveTextContent('—');
    expect(button.querySelector('svg[data-suspended="true"]')).not.toBeNull();
  });
});

describe('FeedError', () => {
  it('offers a retry', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<FeedError message="The odds could not be loaded." retryLabel="Try again" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The odds could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
