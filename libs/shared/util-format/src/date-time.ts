/** The default time format of the site (spec section 9). */
export const DEFAULT_TIME_FORMAT = 'HH:mm';

/** The default date format of the site (spec section 9). */
export const DEFAULT_DATE_FORMAT = 'dd/MM/yyyy';

/** Options of the date and time formatters. */
export interface DateTimeFormatOptions {
  /** The pattern (tokens yyyy yy MMMM MMM MM M EEEE EEE dd d HH H hh h mm ss a; text in single quotes is literal). */
  readonly pattern?: string;
  /** IANA time zone; 'UTC' by default so server rendering and tests never depend on the machine's zone. */
  readonly timeZone?: string;
  /** Language of month and weekday names (MMM, MMMM, EEE, EEEE); English when absent. */
  readonly locale?: string;
}

/** A moment: a Date, epoch milliseconds, or an ISO 8601 string. */
export type DateInput = Date | number | string;

/**
 * Formats a moment with a pattern in a time zone: formatDateTime(d, 'dd/MM/yyyy HH:mm', { timeZone: 'Europe/London' }).
 * MMM/MMMM and EEE/EEEE are the month's and weekday's short and long names in `locale`.
 */
export function formatDateTime(
  date: DateInput,
  pattern: string,
  options: { readonly timeZone?: string; readonly locale?: string } = {},
): string {
  const moment = toDate(date);
  const timeZone = options.timeZone ?? 'UTC';
  const parts = partsOf(moment, timeZone);
  // Names come from a date with a day in it, so languages that decline months use the form a date needs
  // (Russian "7 марта", not the stand-alone "март").
  const named = (style: Intl.DateTimeFormatOptions) => {
    const field = style.month ? 'month' : 'weekday';
    const part = namedFormatter(options.locale ?? 'en', timeZone, style)
      .formatToParts(moment)
      .find((p) => p.type === field);
    return part?.value ?? '';
  };
  return pattern.replace(/yyyy|yy|MMMM|MMM|MM|M|EEEE|EEE|dd|d|HH|H|hh|h|mm|ss|a|'[^']*'/g, (token) => {
    switch (token) {
      case 'MMMM':
        return named({ month: 'long' });
      case 'MMM':
        return named({ month: 'short' });
      case 'EEEE':
        return named({ weekday: 'long' });
      case 'EEE':
        return named({ weekday: 'short' });
      case 'yyyy':
        return String(parts.year).padStart(4, '0');
      case 'yy':
        return String(parts.year % 100).padStart(2, '0');
      case 'MM':
        return pad2(parts.month);
      case 'M':
        return String(parts.month);
      case 'dd':
        return pad2(parts.day);
      case 'd':
        return String(parts.day);
      case 'HH':
        return pad2(parts.hour);
      case 'H':
        return String(parts.hour);
      case 'hh':
        return pad2(twelveHour(parts.hour));
      case 'h':
        return String(twelveHour(parts.hour));
      case 'mm':
        return pad2(parts.minute);
      case 'ss':
        return pad2(parts.second);
      case 'a':
        return parts.hour < 12 ? 'AM' : 'PM';
      default:
        // Quoted literal: '' is an escaped quote.
        return token === "''" ? "'" : token.slice(1, -1);
    }
  });
}

/** Formats the time of day, HH:mm unless a pattern is given. */
export function formatTime(date: DateInput, options: DateTimeFormatOptions = {}): string {
  return formatDateTime(date, options.pattern ?? DEFAULT_TIME_FORMAT, options);
}

/** Formats the calendar date, dd/MM/yyyy unless a pattern is given. */
export function formatDate(date: DateInput, options: DateTimeFormatOptions = {}): string {
  return formatDateTime(date, options.pattern ?? DEFAULT_DATE_FORMAT, options);
}

/** Day of the week as in Date.getDay(): 0 Sunday ... 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

// Regions whose calendars start on Sunday or Saturday (CLDR weekData); everyone else starts on Monday.
const SUNDAY_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
const SATURDAY_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));
// The region a bare language stands for; the spec fixes English to Sunday (the US calendar).
const LIKELY_REGION: Readonly<Record<string, string>> = {
  en: 'US',
  pt: 'BR',
  ar: 'EG',
  fa: 'IR',
  he: 'IL',
  ja: 'JP',
  ko: 'KR',
  hi: 'IN',
  th: 'TH',
  id: 'ID',
  zh: 'CN',
};

/** The first day of the week for a locale ('en' Sunday, 'en-GB' Monday, 'ar' Saturday); Monday when unknown. */
export function weekStart(locale: string): Weekday {
  const [language = '', region] = locale.replace('_', '-').split('-');
  const resolvedRegion = (region ?? LIKELY_REGION[language.toLowerCase()] ?? '').toUpperCase();
  if (SUNDAY_REGIONS.has(resolvedRegion)) return 0;
  if (SATURDAY_REGIONS.has(resolvedRegion)) return 6;
  return 1;
}

interface Parts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const namedFormatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat costs far more than using one; a line of games formats hundreds of moments.
function namedFormatter(locale: string, timeZone: string, style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style.month ?? ''}|${style.weekday ?? ''}`;
  let formatter = namedFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale.replace('_', '-'), { timeZone, day: 'numeric', ...style });
    namedFormatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(date: Date, timeZone: string): Parts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const values: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values['year'] ?? 0,
    month: values['month'] ?? 0,
    day: values['day'] ?? 0,
    hour: values['hour'] ?? 0,
    minute: values['minute'] ?? 0,
    second: values['second'] ?? 0,
  };
}

function toDate(date: DateInput): Date {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return value;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function twelveHour(hour: number): number {
  return hour % 12 === 0 ? 12 : hour % 12;
}
