/**
 * A limit's period: a calendar day, week or month in the brand's time zone for the player's country
 * (`global.timezone`; README, "Calendar periods"); a session limit counts minutes.
 */
export type LimitPeriod = 'day' | 'week' | 'month';

interface LocalDate {
  year: number;
  /** 0-based, as Date.UTC takes it. */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of `at` in the zone, as if it were UTC (milliseconds). */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts['year'] ?? 1970,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
}

/** The instant the local date begins in the zone (its midnight; where a zone skips midnight, the first instant after). */
function localMidnight({ year, month, day }: LocalDate, timeZone: string): Date {
  const wanted = Date.UTC(year, month, day);
  // The zone's offset at the guess, applied twice: the second pass settles a guess that fell across a change of offset.
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) guess = wanted - (wallClock(guess, timeZone) - guess);
  return new Date(guess);
}

function localDate(at: Date, timeZone: string): LocalDate & { weekday: number } {
  const wall = new Date(wallClock(at.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
  };
}

/** The local date `days` after a local date (calendar arithmetic, through UTC so no offset interferes). */
function plusDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate() };
}

function startDate(period: LimitPeriod, at: Date, timeZone: string): LocalDate {
  const local = localDate(at, timeZone);
  if (period === 'month') return { year: local.year, month: local.month, day: 1 };
  if (period === 'day') return local;
  return plusDays(local, -((local.weekday + 6) % 7));
}

/**
 * The start of the calendar period that contains `at`: local midnight in `timeZone` (an IANA zone, default UTC) of the
 * day, of the week's Monday (ISO 8601) or of the month's first.
 */
export function periodStart(period: LimitPeriod, at: Date, timeZone = 'UTC'): Date {
  return localMidnight(startDate(period, at, timeZone), timeZone);
}

/** When the period that contains `at` ends: the limit resets then (the next local midnight that starts a period). */
export function periodEnd(period: LimitPeriod, at: Date, timeZone = 'UTC'): Date {
  const start = startDate(period, at, timeZone);
  const next =
    period === 'month'
      ? { year: start.month === 11 ? start.year + 1 : start.year, month: (start.month + 1) % 12, day: 1 }
      : plusDays(start, period === 'day' ? 1 : 7);
  return localMidnight(next, timeZone);
}
