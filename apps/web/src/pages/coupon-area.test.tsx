import { renderWithProviders } from '@tessera/shared/util-testing';
import { LiveStore, SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CouponArea } from './coupon-area';

const panel = vi.hoisted(() => ({ failing: true }));

// The panel fails while `failing` is set (as a failed chunk or a crash would), then works.
vi.mock('./wallet-coupon-panel', () => ({
  WalletCouponPanel: () => {
    if (panel.failing) throw new Error('chunk failed');
    return <p>bet slip here</p>;
  },
}));

describe('CouponArea', () => {
  it('keeps the page when the bet slip fails, and loads the slip again on request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { t } = renderWithProviders(
      <SportsbookProvider store={new LiveStore()} createSocket={null}>
        <CouponArea>
          <h1>The line</h1>
        </CouponArea>
      </SportsbookProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(t('coupon:panel.error'));
    expect(screen.getByRole('heading', { name: 'The line' })).toBeInTheDocument();
    panel.failing = false;
    await userEvent.click(screen.getByRole('button', { name: t('coupon:panel.retry') }));
    expect(await screen.findByText('bet slip here')).toBeInTheDocument();
    log.mockRestore();
  });
});
