import { describe, expect, it } from 'vitest';
import { applyOddsChanges, isAcceptedByPolicy } from './odds-policy';

const up = { index: 0, previous: 1.5, current: 1.6 };
const down = { index: 1, previous: 2.0, current: 1.9 };

describe('isAcceptedByPolicy', () => {
  it('CheckCf 0 accepts no change', () => {
    expect(isAcceptedByPolicy([up], 0)).toBe(false);
    expect(isAcceptedByPolicy([down], 0)).toBe(false);
  });
  it('CheckCf 1 accepts only when every change is an increase', () => {
    expect(isAcceptedByPolicy([up], 1)).toBe(true);
    expect(isAcceptedByPolicy([up, down], 1)).toBe(false);
  });
  it('CheckCf 2 accepts any change', () => {
    expect(isAcceptedByPolicy([up, down], 2)).toBe(true);
  });
  it('an empty change list needs no approval', () => {
    expect(isAcceptedByPolicy([], 0)).toBe(true);
  });
});

describe('applyOddsChanges', () => {
  it('replaces the coefficients at the changed indexes only', () => {
    const events = [
      { gameId: 1, outcomeId: '1:1x2:home', coef: 1.5 },
      { gameId: 2, outcomeId: '2:1x2:home', coef: 2.0 },
      { gameId: 3, outcomeId: '3:1x2:home', coef: 3.0 },
    ];
    expect(applyOddsChanges(events, [up, down]).map((e) => e.coef)).toEqual([1.6, 1.9, 3.0]);
    expect(events[0]?.coef).toBe(1.5);
  });
});
