import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeNumericInput } from './numeric-input';

describe('normalizeNumericInput (spec section 5, numeric input)', () => {
  it('strips all but digits, dot, comma and minus', () => {
    expect(normalizeNumericInput('1 2a3$')).toEqual({ text: '123', value: 123 });
    expect(normalizeNumericInput('abc')).toEqual({ text: '', value: undefined });
  });

  it('unsigned drops the minus', () => {
    expect(normalizeNumericInput('-12', { unsigned: true })).toEqual({ text: '12', value: 12 });
  });

  it('signed keeps only a leading minus', () => {
    expect(normalizeNumericInput('-12')).toEqual({ text: '-12', value: -12 });
    expect(normalizeNumericInput('1-2')).toEqual({ text: '12', value: 12 });
    expect(normalizeNumericInput('--1-2')).toEqual({ text: '-12', value: -12 });
  });

  it('reads comma and dot both as the decimal separator, the first one winning', () => {
    expect(normalizeNumericInput('1,5')).toEqual({ text: '1.5', value: 1.5 });
    expect(normalizeNumericInput('1.5')).toEqual({ text: '1.5', value: 1.5 });
    expect(normalizeNumericInput('1,2.3')).toEqual({ text: '1.23', value: 1.23 });
  });

  it('accuracy 0 means no decimals', () => {
    expect(normalizeNumericInput('12.75', { accuracy: 0 })).toEqual({ text: '12', value: 12 });
    expect(normalizeNumericInput('12,', { accuracy: 0 })).toEqual({ text: '12', value: 12 });
  });

  it('a leading dot becomes 0.', () => {
    expect(normalizeNumericInput('.5')).toEqual({ text: '0.5', value: 0.5 });
    expect(normalizeNumericInput(',')).toEqual({ text: '0.', value: 0 });
    expect(normalizeNumericInput('-.5')).toEqual({ text: '-0.5', value: -0.5 });
  });

  it('removes leading zeros but keeps a lone zero', () => {
    expect(normalizeNumericInput('007')).toEqual({ text: '7', value: 7 });
    expect(normalizeNumericInput('000.5')).toEqual({ text: '0.5', value: 0.5 });
    expect(normalizeNumericInput('0')).toEqual({ text: '0', value: 0 });
    expect(normalizeNumericInput('-00')).toEqual({ text: '-0', value: 0 });
  });

  it('raises a value below min to min', () => {
    expect(normalizeNumericInput('5', { min: 10 })).toEqual({ text: '10', value: 10 });
    expect(normalizeNumericInput('-3', { min: 0 })).toEqual({ text: '0', value: 0 });
  });

  it('cuts a value above max to max', () => {
    expect(normalizeNumericInput('1500', { max: 1000 })).toEqual({ text: '1000', value: 1000 });
    expect(normalizeNumericInput('1000.5', { max: 1000, accuracy: 2 })).toEqual({ text: '1000', value: 1000 });
  });

  it('truncates decimals to accuracy, never rounding', () => {
    expect(normalizeNumericInput('1.239', { accuracy: 2 })).toEqual({ text: '1.23', value: 1.23 });
    expect(normalizeNumericInput('0.999', { accuracy: 1 })).toEqual({ text: '0.9', value: 0.9 });
  });

  it('keeps a trailing separator so decimals can be typed next', () => {
    expect(normalizeNumericInput('12.', { accuracy: 2 })).toEqual({ text: '12.', value: 12 });
  });

  it('cuts the text to maxlength', () => {
    expect(normalizeNumericInput('123456', { maxlength: 4 })).toEqual({ text: '1234', value: 1234 });
    expect(normalizeNumericInput('-12.345', { maxlength: 5 })).toEqual({ text: '-12.3', value: -12.3 });
  });

  it('gives no value for unparsable text', () => {
    expect(normalizeNumericInput('')).toEqual({ text: '', value: undefined });
    expect(normalizeNumericInput('-')).toEqual({ text: '-', value: undefined });
  });

  it('shows a bound in plain digits, never exponent notation', () => {
    expect(normalizeNumericInput('1', { min: 1e21 })).toEqual({ text: '1000000000000000000000', value: 1e21 });
    expect(normalizeNumericInput('0', { min: 0.0000001 })).toEqual({ text: '0.0000001', value: 0.0000001 });
  });

  describe('properties', () => {
    const decimalsOf = (text: string): number => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789.,-- a'.split('')), maxLength: 24 });

    it('never keeps more decimals than accuracy', () => {
      fc.assert(
        fc.property(typed, fc.integer({ min: 0, max: 6 }), (text, accuracy) => {
          expect(decimalsOf(normalizeNumericInput(text, { accuracy }).text)).toBeLessThanOrEqual(accuracy);
        }),
      );
    });

    it('keeps the value within min and max, and the text within maxlength, when the bounds fit maxlength', () => {
      const options = fc
        .record({
          accuracy: fc.integer({ min: 0, max: 3 }),
          a: fc.integer({ min: -100_000, max: 100_000 }),
          b: fc.integer({ min: -100_000, max: 100_000 }),
          unsigned: fc.boolean(),
          extra: fc.integer({ min: 0, max: 6 }),
        })
        .map(({ accuracy, a, b, unsigned, extra }) => {
          const scale = 10 ** accuracy;
          const min = Math.min(a, b) / scale;
          const max = Math.max(a, b) / scale;
          const maxlength = Math.max(String(min).length, String(max).length) + extra;
          return { accuracy, min, max, unsigned, maxlength };
        });
      fc.assert(
        fc.property(typed, options, (text, opts) => {
          const result = normalizeNumericInput(text, opts);
          expect(result.text.length).toBeLessThanOrEqual(opts.maxlength);
          expect(decimalsOf(result.text)).toBeLessThanOrEqual(opts.accuracy);
          if (result.value !== undefined) {
            expect(result.value).toBeGreaterThanOrEqual(opts.min);
            expect(result.value).toBeLessThanOrEqual(opts.max);
            expect(result.value).toBe(Number(result.text) || 0);
          }
          if (opts.unsigned && opts.min >= 0) expect(result.text).not.toContain('-');
        }),
      );
    });

    it('is idempotent: normalising the output again changes nothing', () => {
      fc.assert(
        fc.property(typed, fc.integer({ min: 0, max: 4 }), fc.boolean(), (text, accuracy, unsigned) => {
          const once = normalizeNumericInput(text, { accuracy, unsigned });
          expect(normalizeNumericInput(once.text, { accuracy, unsigned })).toEqual(once);
        }),
      );
    });
  });
});
