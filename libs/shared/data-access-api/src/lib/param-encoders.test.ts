import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bool,
  coerceInt,
  date,
  float,
  float1,
  idList,
  int,
  joinIds,
  list,
  obj,
  oneOf,
  ParamError,
  roundTo,
  str,
} from './param-encoders';

describe('bool', () => {
  it('omits false because false is the default', () => {
    expect(bool().encode(false)).toBeUndefined();
    expect(bool().encode(undefined)).toBeUndefined();
  });

  it('sends true', () => {
    expect(bool().encode(true)).toBe(true);
  });

  it('coerces numbers and text', () => {
    const encoder = bool();
    expect(encoder.encode(1)).toBe(true);
    expect(encoder.encode('yes')).toBe(true);
    expect(encoder.encode(0)).toBeUndefined();
    expect(encoder.encode('false')).toBeUndefined();
    expect(encoder.encode('0')).toBeUndefined();
    expect(encoder.encode('')).toBeUndefined();
  });

  it('with default true omits true and sends false', () => {
    const encoder = bool({ default: true });
    expect(encoder.encode(true)).toBeUndefined();
    expect(encoder.encode(false)).toBe(false);
  });

  it('with sendDefault sends the default when the argument is missing', () => {
    const encoder = bool({ default: true, sendDefault: true });
    expect(encoder.encode(undefined)).toBe(true);
    expect(encoder.encode(true)).toBe(true);
  });
});

describe('int', () => {
  it('parses text in base 10, including leading zeros', () => {
    expect(int().encode('08')).toBe(8);
    expect(int().encode('12abc')).toBe(12);
    expect(int().encode(' 42 ')).toBe(42);
  });

  it('truncates numbers', () => {
    expect(int().encode(3.9)).toBe(3);
    expect(int().encode(-3.9)).toBe(-3);
  });

  it('omits unparsable values and the default', () => {
    expect(int().encode('abc')).toBeUndefined();
    expect(int().encode(Number.NaN)).toBeUndefined();
    expect(int({ default: 1 }).encode('1')).toBeUndefined();
    expect(int({ default: 1 }).encode(2)).toBe(2);
  });

  it('keeps zero when there is no default', () => {
    expect(int().encode(0)).toBe(0);
  });

  it('throws when required and missing or unparsable', () => {
    expect(() => int({ required: true }).encode(undefined)).toThrow(ParamError);
    expect(() => int({ required: true }).encode('x')).toThrow(ParamError);
  });

  it('applies prefix and suffix to the value', () => {
    expect(int({ prefix: 'id-', suffix: '!' }).encode(7)).toBe('id-7!');
  });

  it('coerceInt gives undefined for null and infinity', () => {
    expect(coerceInt(null)).toBeUndefined();
    expect(coerceInt(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('float', () => {
  it('keeps decimals and accepts a comma separator', () => {
    expect(float().encode('1,75')).toBe(1.75);
    expect(float().encode(2.125)).toBe(2.125);
  });

  it('the one-decimal variant rounds half away from zero', () => {
    expect(float1().encode(1.25)).toBe(1.3);
    expect(float1().encode(1.24)).toBe(1.2);
    expect(float1().encode(-1.25)).toBe(-1.3);
    expect(float({ decimals: 1 }).encode('2.05')).toBe(2.1);
  });

  it('roundTo avoids binary drift', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(0.15, 1)).toBe(0.2);
  });

  it('omits the default after rounding', () => {
    expect(float1({ default: 0 }).encode(0.04)).toBeUndefined();
  });
});

describe('str and oneOf', () => {
  it('sends text as given, including empty text', () => {
    expect(str().encode('en')).toBe('en');
    expect(str().encode('')).toBe('');
    expect(str().encode(undefined)).toBeUndefined();
  });

  it('omits text equal to the default', () => {
    expect(str({ default: 'main' }).encode('main')).toBeUndefined();
  });

  it('oneOf accepts the allowed set and rejects the rest', () => {
    const section = oneOf(['home', 'cyber'] as const);
    expect(section.encode('cyber')).toBe('cyber');
    expect(() => section.encode('nope' as 'home')).toThrow(/not one of home, cyber/);
  });

  it('records the wire name', () => {
    expect(str({ name: 'Language' }).wireName).toBe('Language');
  });
});

describe('date', () => {
  it('accepts Date, ISO text and epoch milliseconds', () => {
    const expected = new Date('2026-01-02T03:04:05.000Z');
    expect(date().encode(expected)).toEqual(expected);
    expect(date().encode('2026-01-02T03:04:05Z')).toEqual(expected);
    expect(date().encode(expected.getTime())).toEqual(expected);
  });

  it('omits an invalid date', () => {
    expect(date().encode('not a date')).toBeUndefined();
  });
});

describe('list', () => {
  it('is sent only when non-empty', () => {
    expect(list().encode([])).toBeUndefined();
    expect(list().encode(null)).toBeUndefined();
    expect(list().encode([3, 1])).toEqual([3, 1]);
  });

  it('keeps order and duplicates (only id lists are normalised)', () => {
    expect(list<string>().encode(['b', 'a', 'b'])).toEqual(['b', 'a', 'b']);
  });

  it('applies prefix and suffix to each item', () => {
    expect(list<number>({ prefix: 's' }).encode([1, 2])).toEqual(['s1', 's2']);
  });

  it('throws when required and empty', () => {
    expect(() => list({ required: true }).encode([])).toThrow(ParamError);
  });
});

describe('idList', () => {
  it('de-duplicates, sorts ascending numerically and comma-joins', () => {
    expect(idList().encode([10, 5, '3', 5, '10'])).toBe('3,5,10');
  });

  it('drops unparsable ids and omits an empty result', () => {
    expect(idList().encode(['x', null])).toBeUndefined();
    expect(idList().encode([])).toBeUndefined();
    expect(joinIds(['7', 'x'])).toBe('7');
  });

  it('applies prefix and suffix to the joined text', () => {
    expect(idList({ prefix: '[', suffix: ']' }).encode([2, 1])).toBe('[1,2]');
  });
});

describe('obj', () => {
  it('is sent only with keys, ignoring undefined values', () => {
    expect(obj().encode({})).toBeUndefined();
    expect(obj().encode({ a: undefined })).toBeUndefined();
    expect(obj().encode({ a: 1, b: undefined })).toEqual({ a: 1 });
  });
});

describe('idList properties', () => {
  it('always gives strictly ascending, unique ids that are exactly the parsed input set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }).map(String))),
        (ids) => {
          const encoded = idList().encode(ids);
          const expected = new Set(ids.map((id) => Number(id)));
          if (expected.size === 0) return encoded === undefined;
          const parsed = String(encoded).split(',').map(Number);
          return (
            parsed.every((id, i) => i === 0 || id > (parsed[i - 1] ?? Number.NEGATIVE_INFINITY)) &&
            parsed.length === expected.size &&
            parsed.every((id) => expected.has(id))
          );
        },
      ),
    );
  });

  it('does not depend on input order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 })),
        (ids) => idList().encode(ids) === idList().encode([...ids].reverse()),
      ),
    );
  });
});
