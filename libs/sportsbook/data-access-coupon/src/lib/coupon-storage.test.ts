import { STORAGE_PREFIX, type KeyValueStorage } from '@tessera/shared/data-access-brand';
import { describe, expect, it } from 'vitest';
import { COUPON_STORAGE_KEY, COUPON_TTL_MS, loadCoupon, saveCoupon } from './coupon-storage';
import { CouponStore, emptyCouponState } from './coupon-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function filledState() {
  const store = new CouponStore(emptyCouponState('EUR'), { minStake: { EUR: 1 } });
  store.toggle({
    selection: { gameId: '7', marketId: '7:1x2', outcomeId: '7:1x2:home', odds: 1.9, blocked: false, live: true },
    label: { home: 'A', away: 'B', market: '1X2', outcome: '1' },
  });
  store.setStake(5);
  store.setSettings({ checkCf: 1 });
  return store.getState();
}

const KEY = STORAGE_PREFIX + COUPON_STORAGE_KEY;

describe('coupon storage', () => {
  it('stores value and expireDate, and reads the coupon back before it expires', () => {
    const storage = memoryStorage();
    saveCoupon(storage, filledState(), 1_000);
    const raw = JSON.parse(storage.data.get(KEY) ?? '{}') as { value: unknown; expireDate: number };
    expect(raw.expireDate).toBe(1_000 + COUPON_TTL_MS);
    const loaded = loadCoupon(storage, 'EUR', 1_000 + COUPON_TTL_MS - 1);
    expect(loaded?.coupon.selections[0]?.outcomeId).toBe('7:1x2:home');
    expect(loaded?.coupon.stake).toBe(5);
    expect(loaded?.settings.checkCf).toBe(1);
    expect(loaded?.labels['7:7:1x2:7:1x2:home']).toEqual({ home: 'A', away: 'B', market: '1X2', outcome: '1' });
  });

  it('removes an expired coupon on read', () => {
    const storage = memoryStorage();
    saveCoupon(storage, filledState(), 1_000);
    expect(loadCoupon(storage, 'EUR', 1_000 + COUPON_TTL_MS)).toBeUndefined();
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('keeps the selections of a coupon in another currency, without its stake', () => {
    const storage = memoryStorage();
    saveCoupon(storage, filledState(), 1_000);
    const loaded = loadCoupon(storage, 'USD', 2_000);
    expect(loaded?.coupon).toMatchObject({ currency: 'USD', stake: 0, selections: [{ outcomeId: '7:1x2:home' }] });
    expect(loaded?.settings.checkCf).toBe(1);
  });

  it('drops anything that is not a coupon', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ value: { coupon: { selections: [{ gameId: 7 }] } }, expireDate: null }));
    expect(loadCoupon(storage, 'EUR', 2_000)).toBeUndefined();
    storage.setItem(KEY, '{not json');
    expect(loadCoupon(storage, 'EUR', 2_000)).toBeUndefined();
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('removes the entry when the coupon is emptied', () => {
    const storage = memoryStorage();
    saveCoupon(storage, filledState(), 1_000);
    saveCoupon(storage, emptyCouponState('EUR'), 2_000);
    expect(storage.data.has(KEY)).toBe(false);
  });
});
