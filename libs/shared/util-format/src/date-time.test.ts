import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, weekStart } from './date-time';

const moment = '2026-03-07T23:05:09Z';

describe('date and time formatting', () => {
  it('uses the spec defaults HH:mm and dd/MM/yyyy in UTC', () => {
    expect(formatTime(moment)).toBe('23:05');
    expect(formatDate(moment)).toBe('07/03/2026');
  });

  it('formats in the requested time zone, crossing the date line', () => {
    expect(formatDate(moment, { timeZone: 'Asia/Almaty' })).toBe('08/03/2026');
    expect(formatTime(Date.parse(moment), { timeZone: 'America/New_York' })).toBe('18:05');
  });

  it('supports the other tokens and quoted literals', () => {
    expect(formatDateTime(moment, "d.M.yy 'at' h:mm:ss a")).toBe('7.3.26 at 11:05:09 PM');
    expect(formatDateTime('2026-03-07T00:00:00Z', 'hh a')).toBe('12 AM');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('weekStart', () => {
  it('starts English on Sunday and British English on Monday (spec section 9)', () => {
    expect(weekStart('en')).toBe(0);
    expect(weekStart('en-US')).toBe(0);
    expect(weekStart('en_GB')).toBe(1);
    expect(weekStart('en-GB')).toBe(1);
  });

  it('follows the region elsewhere, Monday when unknown', () => {
    expect(weekStart('ru')).toBe(1);
    expect(weekStart('pt-BR')).toBe(0);
    expect(weekStart('fa')).toBe(6);
    expect(weekStart('xx')).toBe(1);
  });
});
