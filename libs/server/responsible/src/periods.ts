/** A limit's period: calendar day, week and month in UTC (README, "Calendar periods"); a session limit counts minutes. */
export type LimitPeriod = 'day' | 'week' | 'month';

/** The start of the calendar period that contains `at` (UTC; weeks start on Monday, ISO 8601). */
export function periodStart(period: LimitPeriod, at: Date): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  if (period === 'month') return new Date(Date.UTC(y, m, 1));
  if (period === 'day') return new Date(Date.UTC(y, m, d));
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(y, m, d - sinceMonday));
}

/** When the period that contains `at` ends: the limit resets then. */
export function periodEnd(period: LimitPeriod, at: Date): Date {
  const start = periodStart(period, at);
  if (period === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + (period === 'day' ? 1 : 7) * 86_400_000);
}
