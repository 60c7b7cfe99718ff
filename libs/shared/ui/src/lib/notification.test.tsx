import { renderWithProviders } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notification, NotificationRegion } from './notification';

afterEach(() => vi.useRealTimers());

describe('Notification', () => {
  it('announces errors as alerts inside the named region, and closes with its button', async () => {
    const onClose = vi.fn();
    const { t } = renderWithProviders(
      <NotificationRegion>
        <Notification type="error" title="Bet refused" text="Odds changed" onClose={onClose} duration={null} />
      </NotificationRegion>,
    );
    const region = screen.getByRole('region', { name: t('common:notification.region') });
    expect(region).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('Bet refused');
    await userEvent.click(screen.getByRole('button', { name: t('common:notification.close') }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('announces successes politely and can hide the close button', () => {
    renderWithProviders(<Notification type="success" title="Saved" onClose={() => undefined} hideCloseButton duration={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes by itself after 3000 ms by default', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithProviders(<Notification type="info" title="Hello" onClose={onClose} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
