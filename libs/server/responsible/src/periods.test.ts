import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart } from './periods';

describe('calendar periods (UTC by default)', () => {
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

describe('calendar periods in the brand’s time zone', () => {
  it('starts a German day at midnight in Berlin, not UTC', () => {
    // 00:30 in Berlin on Thursday 26 November is still Wednesday in UTC.
    const at = new Date('2026-11-25T23:30:00Z');
    expect(periodStart('day', at, 'Europe/Berlin').toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(periodEnd('day', at, 'Europe/Berlin').toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(periodStart('day', at).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('starts a week on the local Monday and a month on the local first, west of Greenwich too', () => {
    // 21:00 in Toronto on Sunday 29 November is Monday in UTC: still the week that began on Monday 23rd locally.
    const sunday = new Date('2026-11-30T02:00:00Z');
    expect(periodStart('week', sunday, 'America/Toronto').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(periodEnd('week', sunday, 'America/Toronto').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(periodStart('month', sunday, 'America/Toronto').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(periodEnd('month', new Date('2026-12-31T23:00:00Z'), 'America/Toronto').toISOString()).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });

  it('keeps midnight across a change of clocks: a day is 23 or 25 hours long then', () => {
    // Europe/Madrid: summer time ends on Sunday 25 October 2026 (03:00 back to 02:00).
    const sunday = new Date('2026-10-25T12:00:00Z');
    const start = periodStart('day', sunday, 'Europe/Madrid');
    const end = periodEnd('day', sunday, 'Europe/Madrid');
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(25 * 3_600_000);
    // Spring forward, 29 March 2026: 23 hours.
    const spring = new Date('2026-03-29T12:00:00Z');
    expect(
      periodEnd('day', spring, 'Europe/Madrid').getTime() - periodStart('day', spring, 'Europe/Madrid').getTime(),
    ).toBe(23 * 3_600_000);
  });
});
