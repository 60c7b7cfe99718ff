import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addSelection,
  clearCoupon,
  couponGroups,
  createCoupon,
  removeSelection,
  replaceSelection,
  selectionKey,
  setBetType,
  setGroupStake,
  toggleSelection,
  type Coupon,
  type CouponChange,
  type Selection,
} from './coupon';

const pick = (gameId: string, outcomeId = '1', odds = 2): Selection => ({
  gameId,
  marketId: 'm1',
  outcomeId,
  odds,
  blocked: false,
  live: false,
});

function accepted(change: CouponChange): Coupon {
  if (!change.ok) throw new Error(`refused: ${change.issue.code}`);
  return change.coupon;
}

describe('adding and removing selections', () => {
  it('adds selections in order without touching the original coupon', () => {
    const empty = createCoupon({ currency: 'EUR' });
    const one = accepted(addSelection(empty, pick('g1')));
    const two = accepted(addSelection(one, pick('g2')));
    expect(two.selections.map((s) => s.gameId)).toEqual(['g1', 'g2']);
    expect(empty.selections).toHaveLength(0);
    expect(one.selections).toHaveLength(1);
  });

  it('replaces the selection of a game already in the coupon (one per game)', () => {
    const first = accepted(addSelection(createCoupon({ currency: 'EUR' }), pick('g1', 'home')));
    const change = addSelection(first, pick('g1', 'away', 3.4));
    expect(change.ok).toBe(true);
    expect(change.ok && change.replaced?.outcomeId).toBe('home');
    expect(change.coupon.selections).toEqual([{ ...pick('g1', 'away', 3.4), group: 0 }]);
  });

  it('lets a multi hold the same game in different groups, one per game within a group', () => {
    let coupon = setBetType(createCoupon({ currency: 'EUR', stake: 5 }), 'multi');
    coupon = accepted(addSelection(coupon, pick('g1', 'home'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g2'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g1', 'away'), { group: 1 }));
    coupon = accepted(addSelection(coupon, pick('g1', 'draw'), { group: 1 }));
    expect(couponGroups(coupon).map((g) => g.map(selectionKey))).toEqual([['g1:m1:home', 'g2:m1:1'], ['g1:m1:draw']]);
    expect(coupon.groupStakes).toEqual([5, 5]);
    expect(() => addSelection(coupon, pick('g3'), { group: 5 })).toThrow(RangeError);
  });

  it('refuses the 51st event, and the 21st for a system', () => {
    let coupon = createCoupon({ currency: 'EUR', betType: 'express' });
    for (let i = 0; i < 50; i += 1) coupon = accepted(addSelection(coupon, pick(`g${i}`)));
    const refused = addSelection(coupon, pick('g50'));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.issue).toMatchObject({ code: 'too_many_events', limit: 50 });
    expect(refused.coupon).toBe(coupon);
    // Replacing within a full coupon is still allowed: it does not add an event.
    expect(addSelection(coupon, pick('g0', 'x')).ok).toBe(true);

    let system = createCoupon({ currency: 'EUR', betType: 'system' });
    for (let i = 0; i < 20; i += 1) system = accepted(addSelection(system, pick(`g${i}`)));
    expect(addSelection(system, pick('g20'))).toMatchObject({
      ok: false,
      issue: { code: 'too_many_events', limit: 20 },
    });
  });

  it('updates a selection from the feed, keeping its place and group', () => {
    const coupon = accepted(
      addSelection(accepted(addSelection(createCoupon({ currency: 'EUR' }), pick('g1'))), pick('g2')),
    );
    const updated = replaceSelection(coupon, { ...pick('g1'), odds: 2.2, blocked: true });
    expect(updated.selections[0]).toMatchObject({ gameId: 'g1', odds: 2.2, blocked: true, group: 0 });
    expect(replaceSelection(coupon, pick('g9'))).toBe(coupon);
  });

  it('removes by key and closes up empty multi groups', () => {
    let coupon = setBetType(createCoupon({ currency: 'EUR', stake: 1 }), 'multi');
    coupon = accepted(addSelection(coupon, pick('g1'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g2'), { group: 1 }));
    coupon = setGroupStake(coupon, 1, 7);
    coupon = removeSelection(coupon, selectionKey(pick('g1')));
    expect(coupon.selections).toEqual([{ ...pick('g2'), group: 0 }]);
    expect(coupon.groupStakes).toEqual([7]);
    expect(removeSelection(coupon, 'nope')).toBe(coupon);
  });

  it('toggles like an odds button', () => {
    const on = accepted(toggleSelection(createCoupon({ currency: 'EUR' }), pick('g1')));
    expect(on.selections).toHaveLength(1);
    const off = accepted(toggleSelection(on, pick('g1')));
    expect(off.selections).toHaveLength(0);
  });

  it('toggles within one multi group only', () => {
    let coupon = setBetType(createCoupon({ currency: 'EUR', stake: 2 }), 'multi');
    coupon = accepted(addSelection(coupon, pick('g1'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g2'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g1'), { group: 1 }));
    coupon = accepted(toggleSelection(coupon, pick('g1'), { group: 1 }));
    expect(couponGroups(coupon).map((g) => g.map((s) => s.gameId))).toEqual([['g1', 'g2']]);
    expect(coupon.groupStakes).toEqual([2]);
  });

  it('puts every selection back in one group when leaving multi, and clears', () => {
    let coupon = setBetType(createCoupon({ currency: 'EUR' }), 'multi');
    coupon = accepted(addSelection(coupon, pick('g1'), { group: 0 }));
    coupon = accepted(addSelection(coupon, pick('g2'), { group: 1 }));
    const express = setBetType(coupon, 'express');
    expect(express.selections.map((s) => s.group)).toEqual([0, 0]);
    expect(clearCoupon(express).selections).toEqual([]);
  });

  it('never holds two selections of one game in a non-multi coupon, whatever is added', () => {
    const selection = fc.record({
      gameId: fc.constantFrom('g1', 'g2', 'g3', 'g4'),
      marketId: fc.constantFrom('m1', 'm2'),
      outcomeId: fc.constantFrom('1', 'X', '2'),
      odds: fc.constantFrom(1.5, 2, 3),
      blocked: fc.boolean(),
      live: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(selection, { maxLength: 30 }), (picks) => {
        let coupon = createCoupon({ currency: 'EUR', betType: 'express' });
        for (const p of picks) coupon = addSelection(coupon, p).coupon;
        const games = coupon.selections.map((s) => s.gameId);
        expect(new Set(games).size).toBe(games.length);
      }),
    );
  });
});
