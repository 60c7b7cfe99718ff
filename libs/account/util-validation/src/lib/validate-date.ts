import { validateRequired } from './validate-fields';
import { invalid, valid, type ValidationResult } from './validation-result';

/** A date as forms hold it: a Date, epoch milliseconds, `yyyy-MM-dd` (or an ISO date-time), `dd/MM/yyyy` or `dd.MM.yyyy`. */
export type DateInput = Date | number | string;

/** One bound of a date rule with the message it gives when crossed. */
export interface DateBound {
  readonly date: DateInput;
  /** Dictionary key shown when the bound is crossed; defaults to validation_date_min / validation_date_max. */
  readonly message?: string;
}

/** Rules of {@link validateDate}. */
export interface DateRules {
  readonly required?: boolean;
  /** Label for the required message. */
  readonly label?: string;
  /** Earliest allowed date (inclusive). */
  readonly min?: DateBound;
  /** Latest allowed date (inclusive). */
  readonly max?: DateBound;
}

/**
 * Validates a date (spec section 5): empty passes unless required (then `required`); text that is no real
 * calendar date gives validation_date_incorrect; before min or after max gives the rule's message, with the bound
 * as `yyyy-MM-dd` in params. Date-only text is read as UTC midnight, on both sides, so bounds compare by day.
 */
export function validateDate(value: DateInput | null | undefined, rules: DateRules = {}): ValidationResult {
  if (value === null || value === undefined || value === '') {
    return rules.required ? validateRequired(value, rules.label ?? '') : valid();
  }
  const time = parseDateInput(value);
  if (time === undefined) return invalid('validation_date_incorrect');
  const min = rules.min === undefined ? undefined : parseDateInput(rules.min.date);
  if (rules.min !== undefined && min !== undefined && time < min) {
    return invalid(rules.min.message ?? 'validation_date_min', { min: isoDay(min) });
  }
  const max = rules.max === undefined ? undefined : parseDateInput(rules.max.date);
  if (rules.max !== undefined && max !== undefined && time > max) {
    return invalid(rules.max.message ?? 'validation_date_max', { max: isoDay(max) });
  }
  return valid();
}

/** Epoch milliseconds of a date input, or undefined when it is no real date (31/02/2000 included). */
export function parseDateInput(value: DateInput): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  const dayFirst = /^(\d{2})[/.](\d{2})[/.](\d{4})$/.exec(text);
  if (dayFirst) return utcDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (isoDate) return utcDay(Number(isoDate[1]), Number(isoDate[2]), Number(isoDate[3]));
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

function utcDay(year: number, month: number, day: number): number | undefined {
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? time : undefined;
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Default minimum age of a customer (spec section 9). */
export const DEFAULT_MINIMUM_AGE = 18;

/**
 * The latest birth date (`yyyy-MM-dd`) of someone at least `minAge` years old on `today` (UTC): the max bound of a
 * birth-date rule. Someone born on 29 February comes of age on 1 March in common years.
 */
export function latestBirthDate(today: Date, minAge: number = DEFAULT_MINIMUM_AGE): string {
  const year = today.getUTCFullYear() - minAge;
  const month = today.getUTCMonth();
  const day = today.getUTCDate();
  // 29 February of a leap today has no match in a common year: the day before (28th) is the latest allowed.
  const clamped = month === 1 && day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1 ? 28 : day;
  return isoDay(Date.UTC(year, month, clamped));
}
