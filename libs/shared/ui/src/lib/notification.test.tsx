import { platformDefaults } from '@tessera/shared/util-config';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notification, NotificationRegion } from './notification';

afterEach(() => vi.useRealTimers());

const defaults = platformDefaults().customize.notifications;

describe('Notification', () => {
  it('announces errors as alerts inside the named region, and closes with its button', async () => {
    const onClose = vi.fn();
    const { t } = renderWithProviders(
      <NotificationRegion settings={defaults}>
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
    renderWithProviders(
      <Notification type="success" title="Saved" onClose={() => undefined} hideCloseButton duration={null} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes by itself after the configured duration (3000 ms by default)', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithProviders(<Notification type="info" title="Hello" onClose={onClose} duration={defaults.durationMs} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stacks in the configured corner and width', () => {
    const { t } = renderWithProviders(<NotificationRegion settings={{ position: 'top-left', width: 320 }} />);
    const region = screen.getByRole('region', { name: t('common:notification.region') });
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).map((rule) => rule.cssText);
    const own = rules.filter((css) => [...region.classList].some((c) => css.startsWith(`.${c}`))).join('\n');
    expect(own).toMatch(/width: 320px/);
    expect(own).toMatch(/inset-block-start:/);
    expect(own).toMatch(/inset-inline-start:/);
    expect(own).not.toMatch(/inset-block-end:|inset-inline-end:/);
  });
});
