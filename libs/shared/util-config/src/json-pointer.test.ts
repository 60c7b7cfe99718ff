import { describe, expect, it } from 'vitest';
import { formatPointer, getAtPointer, parsePointer, toPointer } from './json-pointer';

describe('JSON pointers', () => {
  it('round-trips segments with ~ and /', () => {
    const segments = ['a/b', 'c~d', 'plain'];
    expect(formatPointer(segments)).toBe('/a~1b/c~0d/plain');
    expect(parsePointer(formatPointer(segments))).toEqual(segments);
  });

  it('accepts dotted paths as operators type them', () => {
    expect(toPointer('coupon.features.sale')).toBe('/coupon/features/sale');
    expect(toPointer('$.global.domains[0]')).toBe('/global/domains/0');
    expect(toPointer('/already/a/pointer')).toBe('/already/a/pointer');
    expect(toPointer('')).toBe('');
  });

  it('reads values and returns undefined past a missing or scalar segment', () => {
    const doc = { a: { b: [10, 20] } };
    expect(getAtPointer(doc, '/a/b/1')).toBe(20);
    expect(getAtPointer(doc, '/a/x/y')).toBeUndefined();
    expect(getAtPointer(doc, '/a/b/1/z')).toBeUndefined();
  });

  it('refuses text that is not a pointer', () => {
    expect(() => parsePointer('a/b')).toThrow(/not a JSON pointer/);
  });
});
