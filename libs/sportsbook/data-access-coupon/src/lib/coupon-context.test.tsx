import { STORAGE_PREFIX, type KeyValueStorage } from '@tessera/shared/data-access-brand';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CouponProvider, useCoupon, useCouponPick } from './coupon-context';
import { COUPON_STORAGE_KEY, COUPON_TTL_MS } from './coupon-storage';
import type { CouponPick } from './coupon-store';

const brand = testBrandPayload({
  language: 'en',
  config: {
    global: {
      currencies: { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro', baseRate: 1, minBetSum: 0.5 } },
      defaultCurrency: 'EUR',
    },
  },
});

const pick: CouponPick = {
  selection: { gameId: '5', marketId: '5:1x2', outcomeId: '5:1x2:draw', odds: 3.1, blocked: false, live: false },
  label: { home: 'A', away: 'B', market: '1X2', outcome: 'X' },
};

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A stand-in odds button, bound the way the feed's buttons are. */
function PickButton() {
  const binding = useCouponPick(() => pick, pick.selection);
  return (
    <button type="button" aria-pressed={binding.selected} onClick={binding.onSelect}>
      X 3.10
    </button>
  );
}

function Count() {
  const { state } = useCoupon();
  return <output aria-label="selections">{state.coupon.selections.length}</output>;
}

describe('CouponProvider and useCouponPick', () => {
  it('binds nothing outside a coupon: the button stays a plain button', () => {
    renderWithProviders(<PickButton />);
    expect(screen.getByRole('button', { name: 'X 3.10' })).not.toHaveAttribute('aria-pressed');
  });

  it('toggles the pick in the coupon and keeps the coupon in storage with an expiry', async () => {
    const storage = memoryStorage();
    renderWithProviders(
      <CouponProvider storage={storage}>
        <PickButton />
        <Count />
      </CouponProvider>,
      { brand },
    );
    const button = screen.getByRole('button', { name: 'X 3.10' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const stored = JSON.parse(storage.data.get(STORAGE_PREFIX + COUPON_STORAGE_KEY) ?? '{}') as { expireDate: number };
    expect(stored.expireDate).toBeGreaterThan(Date.now() + COUPON_TTL_MS - 60_000);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(storage.data.has(STORAGE_PREFIX + COUPON_STORAGE_KEY)).toBe(false);
  });

  it('restores a stored coupon after mount, and not an expired one', async () => {
    const storage = memoryStorage();
    const first = renderWithProviders(
      <CouponProvider storage={storage}>
        <PickButton />
      </CouponProvider>,
      { brand },
    );
    await userEvent.click(screen.getByRole('button', { name: 'X 3.10' }));
    first.unmount();

    const second = renderWithProviders(
      <CouponProvider storage={storage}>
        <Count />
      </CouponProvider>,
      { brand },
    );
    expect(await screen.findByText('1')).toBeInTheDocument();
    second.unmount();

    const key = STORAGE_PREFIX + COUPON_STORAGE_KEY;
    const entry = JSON.parse(storage.data.get(key) ?? '{}') as { value: unknown };
    storage.data.set(key, JSON.stringify({ value: entry.value, expireDate: Date.now() - 1 }));
    renderWithProviders(
      <CouponProvider storage={storage}>
        <Count />
      </CouponProvider>,
      { brand },
    );
    await act(async () => undefined);
    expect(screen.getByRole('status', { name: 'selections' })).toHaveTextContent('0');
    expect(storage.data.has(key)).toBe(false);
  });
});
