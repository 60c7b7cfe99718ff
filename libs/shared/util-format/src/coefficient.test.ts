import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COEFFICIENT_FORMATS,
  chosenCoefficientFormat,
  coefficientFormatFromId,
  coefficientFormatId,
  formatCoefficient,
  offeredCoefficientFormats,
  parseCoefficient,
  type CoefficientFormat,
} from './coefficient';
import { roundDecimal } from './decimal';
import { FRACTIONAL_LADDER } from './fractional-ladder';

const all = (odds: number): Record<CoefficientFormat, string> =>
  Object.fromEntries(COEFFICIENT_FORMATS.map((format) => [format, formatCoefficient(odds, format)])) as Record<
    CoefficientFormat,
    string
  >;

describe('formatCoefficient reference prices', () => {
  it('shows a price below evens in every format', () => {
    expect(all(1.5)).toEqual({
      decimal: '1.50',
      fractional: '1/2',
      american: '-200',
      hongkong: '0.50',
      indonesian: '-2.00',
      malay: '0.50',
    });
  });

  it('shows a price above evens in every format', () => {
    expect(all(2.5)).toEqual({
      decimal: '2.50',
      fractional: '6/4',
      american: '+150',
      hongkong: '1.50',
      indonesian: '+1.50',
      malay: '-0.67',
    });
  });

  it('shows evens (2.00) with the positive sign conventions', () => {
    expect(all(2)).toEqual({
      decimal: '2.00',
      fractional: '1/1',
      american: '+100',
      hongkong: '1.00',
      indonesian: '+1.00',
      malay: '1.00',
    });
  });

  it('uses the ladder for feed prices rounded to 2 places', () => {
    expect(formatCoefficient(1.67, 'fractional')).toBe('4/6');
    expect(formatCoefficient(1.33, 'fractional')).toBe('1/3');
    expect(formatCoefficient(1.91, 'fractional')).toBe('10/11');
    expect(formatCoefficient(4.33, 'fractional')).toBe('10/3');
    expect(formatCoefficient(2.38, 'fractional')).toBe('11/8');
    // 1/16 (1.0625) and 1/18 (1.0556) both print as 1.06: the nearer rung wins.
    expect(formatCoefficient(1.06, 'fractional')).toBe('1/16');
    expect(formatCoefficient(1.0556, 'fractional')).toBe('1/18');
  });

  it('shows the nearest rung not better than a price off the ladder, never a fraction of 100', () => {
    expect(formatCoefficient(2.37, 'fractional')).toBe('5/4');
    expect(formatCoefficient(2.15, 'fractional')).toBe('11/10');
    expect(formatCoefficient(3.24, 'fractional')).toBe('85/40');
    expect(formatCoefficient(2.43, 'fractional')).toBe('7/5');
    expect(formatCoefficient(1.01, 'fractional')).toBe('1/100');
    expect(formatCoefficient(1250, 'fractional')).toBe('1249/1');
  });

  it('keeps one rung while a price ticks between two rungs (no 143/100, 71/50, 36/25)', () => {
    const shown = [2.41, 2.42, 2.43, 2.44, 2.45, 2.46, 2.47, 2.48, 2.49].map((p) => formatCoefficient(p, 'fractional'));
    expect(new Set(shown)).toEqual(new Set(['7/5']));
  });

  it('rounds American to whole numbers from the exact price', () => {
    expect(formatCoefficient(1.91, 'american')).toBe('-110');
    expect(formatCoefficient(1.3333, 'american')).toBe('-300');
    expect(formatCoefficient(1.01, 'american')).toBe('-10000');
  });

  it('keeps Malay readable for very long prices', () => {
    expect(formatCoefficient(1001, 'malay')).toBe('-0.001');
  });

  it('refuses prices below 1.01', () => {
    for (const odds of [1, 1.005, 0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatCoefficient(odds, 'decimal')).toThrow(RangeError);
    }
    expect(formatCoefficient(1.01, 'decimal')).toBe('1.01');
  });
});

describe('format ids', () => {
  it('maps the numeric enumeration to names, 0 and unknown ids to decimal', () => {
    expect([0, 1, 2, 3, 4, 5].map(coefficientFormatFromId)).toEqual([
      'decimal',
      'fractional',
      'american',
      'hongkong',
      'indonesian',
      'malay',
    ]);
    expect(coefficientFormatFromId(42)).toBe('decimal');
    expect(coefficientFormatFromId(1.5)).toBe('decimal');
    for (const format of COEFFICIENT_FORMATS) expect(coefficientFormatFromId(coefficientFormatId(format))).toBe(format);
  });
});

describe('the format a bettor sees', () => {
  it('is the stored choice when the brand offers it, else the brand default', () => {
    expect(offeredCoefficientFormats(undefined)).toEqual(['decimal']);
    expect(offeredCoefficientFormats([0, 1, 9])).toEqual(['decimal', 'fractional']);
    expect(chosenCoefficientFormat('fractional', [0, 1, 2], 2)).toBe('fractional');
    expect(chosenCoefficientFormat('malay', [0, 1, 2], 2)).toBe('american');
    expect(chosenCoefficientFormat(null, [0, 1, 2], 1)).toBe('fractional');
    expect(chosenCoefficientFormat('nonsense', undefined, undefined)).toBe('decimal');
  });
});

describe('parseCoefficient', () => {
  it('reads each format back', () => {
    expect(parseCoefficient('6/4', 'fractional')).toBe(2.5);
    expect(parseCoefficient('-200', 'american')).toBe(1.5);
    expect(parseCoefficient('+150', 'american')).toBe(2.5);
    expect(parseCoefficient('-0.67', 'malay')).toBeCloseTo(2.4925, 4);
    expect(parseCoefficient('-2.00', 'indonesian')).toBe(1.5);
    expect(parseCoefficient('1.50', 'hongkong')).toBe(2.5);
  });

  it('refuses text that is not a price', () => {
    expect(() => parseCoefficient('abc', 'decimal')).toThrow(RangeError);
    expect(() => parseCoefficient('+50', 'american')).toThrow(RangeError);
    expect(() => parseCoefficient('1/0', 'fractional')).toThrow(RangeError);
    expect(() => parseCoefficient('1.001', 'decimal')).toThrow(RangeError);
  });
});

describe('formatCoefficient properties', () => {
  const odds = fc.double({ min: 1.01, max: 1000, noNaN: true });

  it('every format but the ladder round-trips to the same implied probability within display rounding', () => {
    fc.assert(
      fc.property(odds, fc.constantFrom(...COEFFICIENT_FORMATS.filter((f) => f !== 'fractional')), (price, format) => {
        const back = parseCoefficient(formatCoefficient(price, format), format);
        // Display rounding moves the price by at most one hundredth of a unit of the shown number,
        // which moves the implied probability by less than 0.01.
        expect(Math.abs(1 / back - 1 / price)).toBeLessThan(0.01);
      }),
      { numRuns: 2000 },
    );
  });

  it('fractional shows a ladder rung never above the 2-place price, and the next rung up is above it', () => {
    const rungs = FRACTIONAL_LADDER.map((text) => roundDecimal(parseCoefficient(text, 'fractional'), 2));
    fc.assert(
      fc.property(odds, (price) => {
        const twoPlaces = roundDecimal(price, 2);
        const text = formatCoefficient(price, 'fractional');
        const index = FRACTIONAL_LADDER.indexOf(text);
        expect(index).toBeGreaterThanOrEqual(0);
        expect(rungs[index]).toBeLessThanOrEqual(twoPlaces);
        const next = rungs.slice(index + 1).find((r) => r !== rungs[index]);
        if (next !== undefined) expect(next).toBeGreaterThan(twoPlaces);
        expect(parseCoefficient(formatCoefficient(price, 'decimal'), 'decimal')).toBe(twoPlaces);
      }),
      { numRuns: 2000 },
    );
  });

  it('American and Indonesian carry the same number and sign (Indonesian = American / 100)', () => {
    fc.assert(
      fc.property(odds, (price) => {
        const american = Number(formatCoefficient(price, 'american'));
        const indonesian = Number(formatCoefficient(price, 'indonesian'));
        expect(Math.sign(american)).toBe(Math.sign(indonesian));
        expect(Math.abs(american / 100 - indonesian)).toBeLessThanOrEqual(0.0051);
      }),
    );
  });
});
