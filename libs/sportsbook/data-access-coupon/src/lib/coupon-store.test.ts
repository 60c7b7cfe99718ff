import {
  potentialWin,
  selectionKey,
  validateCoupon,
  type CouponConfig,
  type Selection,
} from '@tessera/sportsbook/util-coupon';
import { describe, expect, it, vi } from 'vitest';
import { CouponStore, emptyCouponState, type CouponPick } from './coupon-store';

const config: CouponConfig = { minStake: { EUR: 0.5 }, maxEvents: 3, maxSystemEvents: 3 };

function pick(gameId: number, code = 'home', odds = 2): CouponPick {
  const selection: Selection = {
    gameId: String(gameId),
    marketId: `${gameId}:1x2`,
    outcomeId: `${gameId}:1x2:${code}`,
    odds,
    blocked: false,
    live: false,
  };
  return { selection, label: { home: `Home ${gameId}`, away: `Away ${gameId}`, market: '1X2', outcome: code } };
}

describe('CouponStore', () => {
  it('remembers a moved price against the one accepted until the bettor accepts the change', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    store.toggle(pick(1, 'home', 2));
    store.toggle(pick(2, 'home', 3));
    const one = pick(1).selection.outcomeId;
    const two = pick(2).selection.outcomeId;
    store.update([{ outcomeId: one, odds: 2.1 }]);
    store.update([{ outcomeId: one, odds: 2.2 }]);
    store.update([{ outcomeId: two, odds: 2.9 }]);
    // The price before the first move is kept, not the one before the last.
    expect(store.getState().oddsChanges).toEqual({ [one]: 2, [two]: 3 });
    // A price that moves back to the accepted one is no longer a change.
    store.update([{ outcomeId: two, odds: 3 }]);
    expect(store.getState().oddsChanges).toEqual({ [one]: 2 });
    store.acceptChanges();
    expect(store.getState().oddsChanges).toEqual({});
    store.update([{ outcomeId: one, odds: 2.05 }]);
    expect(store.getState().oddsChanges).toEqual({ [one]: 2.2 });
    // A removed selection takes its change with it.
    store.remove(selectionKey(pick(1).selection));
    expect(store.getState().oddsChanges).toEqual({});
  });

  it('removes every suspended selection at once, and a suspension alone is not a price change', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    [1, 2, 3].forEach((id) => store.toggle(pick(id)));
    store.update([
      { outcomeId: pick(1).selection.outcomeId, blocked: true },
      { outcomeId: pick(3).selection.outcomeId, blocked: true },
    ]);
    expect(store.getState().oddsChanges).toEqual({});
    store.removeSuspended();
    expect(store.getState().coupon.selections.map((s) => s.gameId)).toEqual(['2']);
    expect(store.getState().coupon.betType).toBe('single');
  });

  it('adds a pick as a single, and a second game makes it an express', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    store.toggle(pick(1));
    expect(store.getState().coupon.betType).toBe('single');
    store.toggle(pick(2));
    expect(store.getState().coupon.betType).toBe('express');
    expect(store.getState().coupon.selections.map((s) => s.gameId)).toEqual(['1', '2']);
    expect(Object.keys(store.getState().labels)).toHaveLength(2);
  });

  it('replaces the outcome of a game already in the coupon (one per game) and removes on a second click', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    store.toggle(pick(1, 'home'));
    store.toggle(pick(1, 'away', 3.4));
    const { selections } = store.getState().coupon;
    expect(selections).toHaveLength(1);
    expect(selections[0]?.outcomeId).toBe('1:1x2:away');
    expect(store.getState().labels[selectionKey(pick(1, 'home').selection)]).toBeUndefined();
    store.toggle(pick(1, 'away', 3.4));
    expect(store.getState().coupon.selections).toHaveLength(0);
  });

  it('refuses a pick beyond the configured event limit and says why, leaving the coupon as it was', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    [1, 2, 3].forEach((id) => store.toggle(pick(id)));
    store.toggle(pick(4));
    expect(store.getState().coupon.selections).toHaveLength(3);
    expect(store.getState().lastIssue).toMatchObject({ code: 'too_many_events', limit: 3 });
  });

  it('keeps the bettor’s bet type once chosen, and prices a 2-of-3 system through util-coupon', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    [1, 2, 3].forEach((id) => store.toggle(pick(id)));
    store.setBetType('system');
    store.setSystemSize(2);
    store.setStake(3);
    const { coupon } = store.getState();
    expect(coupon.betType).toBe('system');
    // 3 lines of 1.00 at 2.0 x 2.0: each line returns 4.00, 12.00 in all.
    expect(potentialWin(coupon, config).netReturn).toBe(12);
    expect(potentialWin(coupon, config).bets[0]?.lines).toBe(3);
    store.remove(selectionKey(pick(3).selection));
    expect(store.getState().coupon.betType).toBe('system');
  });

  it('applies feed updates to the selections they concern and notifies once per change', () => {
    const onChange = vi.fn();
    const store = new CouponStore(emptyCouponState('EUR'), config, onChange);
    const listener = vi.fn();
    store.subscribe(listener);
    store.toggle(pick(1));
    store.toggle(pick(2));
    listener.mockClear();
    store.update([
      { outcomeId: '1:1x2:home', odds: 2.5 },
      { outcomeId: '2:1x2:home', blocked: true },
      { outcomeId: 'unknown', odds: 9 },
    ]);
    expect(listener).toHaveBeenCalledTimes(1);
    const [first, second] = store.getState().coupon.selections;
    expect(first?.odds).toBe(2.5);
    expect(second?.blocked).toBe(true);
    expect(validateCoupon(store.getState().coupon, config).map((i) => i.code)).toContain('suspended_selection');
    store.update([{ outcomeId: '1:1x2:home', odds: 2.5 }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalled();
  });

  it('moves selections of a multi between its coupons, opening a new one past the last', () => {
    const store = new CouponStore(emptyCouponState('EUR'), { minStake: { EUR: 0.5 } });
    [1, 2, 3].forEach((id) => store.toggle(pick(id)));
    store.setStake(2);
    // Entering multi starts one coupon at the typed stake; a new coupon starts at it too.
    store.setBetType('multi');
    store.moveToGroup(selectionKey(pick(3).selection), 1);
    let { coupon } = store.getState();
    expect(coupon.selections.map((s) => [s.gameId, s.group])).toEqual([
      ['1', 0],
      ['2', 0],
      ['3', 1],
    ]);
    expect(coupon.groupStakes).toEqual([2, 2]);
    expect(validateCoupon(coupon, { minStake: { EUR: 0.5 } })).toEqual([]);
    // Back into the first coupon: the second one is empty and closes up.
    store.moveToGroup(selectionKey(pick(3).selection), 0);
    ({ coupon } = store.getState());
    expect(coupon.selections.every((s) => s.group === 0)).toBe(true);
    expect(validateCoupon(coupon, { minStake: { EUR: 0.5 } }).map((i) => i.code)).toContain('too_few_events');
  });

  it('sends odds clicks to the one-click handler while one is set, leaving the coupon alone', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    const handler = vi.fn();
    store.setOneClickHandler(handler);
    store.toggle(pick(1));
    expect(handler).toHaveBeenCalledWith(pick(1));
    expect(store.getState().coupon.selections).toHaveLength(0);
    store.setOneClickHandler(undefined);
    store.toggle(pick(1));
    expect(store.getState().coupon.selections).toHaveLength(1);
  });

  it('clears back to an empty single coupon that keeps the settings', () => {
    const store = new CouponStore(emptyCouponState('EUR'), config);
    store.setSettings({ checkCf: 2 });
    store.toggle(pick(1));
    store.toggle(pick(2));
    store.setBetType('express');
    store.clear();
    expect(store.getState().coupon.selections).toHaveLength(0);
    expect(store.getState().betTypeChosen).toBe(false);
    expect(store.getState().settings.checkCf).toBe(2);
  });
});
