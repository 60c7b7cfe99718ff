import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart } from './periods';

describe('calendar periods (UTC)', () => {
  const at = new Date('2026-11-26T05:30:00Z'); // a Thursday

  it('starts a day at midnight, a week on Monday and a month on the first', () => {
    expect(periodStart('day', at).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(periodStart('week', at).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('month', at).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('resets at the next period, across a year end', () => {
    expect(periodEnd('day', at).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(periodEnd('week', at).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(periodEnd('month', new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // A Sunday belongs to the week that began on the Monday before.
    expect(periodStart('week', new Date('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
