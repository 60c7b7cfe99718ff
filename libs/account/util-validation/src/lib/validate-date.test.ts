import { describe, expect, it } from 'vitest';
import { latestBirthDate, parseDateInput, validateDate } from './validate-date';

describe('validateDate (spec section 5, date)', () => {
  it('passes empty unless required, then uses the required message', () => {
    expect(validateDate('')).toEqual({ valid: true });
    expect(validateDate(null, { required: true, label: 'Birth date' })).toEqual({
      valid: false,
      key: 'required',
      params: { label: '"Birth date"' },
    });
  });

  it("before min gives the rule's message", () => {
    const rules = { min: { date: '2000-01-01', message: 'date_too_early' } };
    expect(validateDate('1999-12-31', rules)).toEqual({
      valid: false,
      key: 'date_too_early',
      params: { min: '2000-01-01' },
    });
    expect(validateDate('2000-01-01', rules)).toEqual({ valid: true });
  });

  it("after max gives the rule's message", () => {
    const rules = { max: { date: '2008-11-22', message: 'registration_age_limit' } };
    expect(validateDate('2008-11-23', rules)).toEqual({
      valid: false,
      key: 'registration_age_limit',
      params: { max: '2008-11-22' },
    });
    expect(validateDate('22/11/2008', rules)).toEqual({ valid: true });
  });

  it('has default messages for bounds without one', () => {
    expect(validateDate('1899-01-01', { min: { date: '1900-01-01' } })).toMatchObject({ key: 'validation_date_min' });
    expect(validateDate(new Date(Date.UTC(2030, 0, 1)), { max: { date: '2029-12-31' } })).toMatchObject({
      key: 'validation_date_max',
    });
  });

  it('rejects what is not a real calendar date', () => {
    expect(validateDate('31/02/2000')).toEqual({ valid: false, key: 'validation_date_incorrect' });
    expect(validateDate('2000-13-01')).toEqual({ valid: false, key: 'validation_date_incorrect' });
    expect(validateDate('yesterday')).toEqual({ valid: false, key: 'validation_date_incorrect' });
    expect(validateDate(new Date(Number.NaN))).toEqual({ valid: false, key: 'validation_date_incorrect' });
  });

  it('reads the formats forms use', () => {
    const day = Date.UTC(2000, 1, 29);
    expect(parseDateInput('29/02/2000')).toBe(day);
    expect(parseDateInput('29.02.2000')).toBe(day);
    expect(parseDateInput('2000-02-29')).toBe(day);
    expect(parseDateInput('2000-02-29T00:00:00Z')).toBe(day);
    expect(parseDateInput(day)).toBe(day);
  });
});

describe('latestBirthDate (minimum age 18 by default)', () => {
  it('is the same day minAge years earlier', () => {
    expect(latestBirthDate(new Date('2026-11-22T03:00:00Z'))).toBe('2008-11-22');
    expect(latestBirthDate(new Date('2026-11-22T03:00:00Z'), 21)).toBe('2005-11-22');
  });

  it('maps 29 February to the 28th in a common year', () => {
    expect(latestBirthDate(new Date('2028-02-29T12:00:00Z'))).toBe('2010-02-28');
    expect(latestBirthDate(new Date('2032-02-29T12:00:00Z'), 4)).toBe('2028-02-29');
  });

  it('lets someone born on 29 February in on 1 March of a common year, not before', () => {
    expect(validateDate('2008-02-29', { max: { date: latestBirthDate(new Date('2026-02-28T12:00:00Z')) } }).valid).toBe(
      false,
    );
    expect(validateDate('2008-02-29', { max: { date: latestBirthDate(new Date('2026-03-01T12:00:00Z')) } }).valid).toBe(
      true,
    );
  });
});
