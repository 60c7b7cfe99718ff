import type { NavItem } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { splitHeaderNav } from './nav-items';

const item = (order: number, extra: Partial<NavItem> = {}): NavItem => ({
  langKey: 'header:menu.line',
  link: '/x',
  order,
  enabled: true,
  requiresAuth: false,
  ...extra,
});

describe('splitHeaderNav', () => {
  it('orders enabled items and moves the overflow to "more"', () => {
    const items = { c: item(30), a: item(10), off: item(5, { enabled: false }), b: item(20), d: item(40), e: item(50) };
    const nav = splitHeaderNav(items, 3, false);
    expect(nav.visible.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(nav.more.map((i) => i.id)).toEqual(['d', 'e']);
  });

  it('hides items that need a signed-in visitor from guests', () => {
    const items = { bets: item(10, { requiresAuth: true }), line: item(20) };
    expect(splitHeaderNav(items, 9, false).visible.map((i) => i.id)).toEqual(['line']);
    expect(splitHeaderNav(items, 9, true).visible.map((i) => i.id)).toEqual(['bets', 'line']);
  });

  it('shows one overflowing item in the bar rather than a "more" menu of one', () => {
    const items = { a: item(1), b: item(2), c: item(3) };
    expect(splitHeaderNav(items, 2, false)).toMatchObject({ more: [] });
    expect(splitHeaderNav(items, 2, false).visible).toHaveLength(3);
  });

  it('breaks order ties by id, so server and client render the same list', () => {
    expect(splitHeaderNav({ z: item(1), y: item(1) }, 9, false).visible.map((i) => i.id)).toEqual(['y', 'z']);
  });
});
