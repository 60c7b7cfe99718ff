import { describe, expect, it } from 'vitest';
import { lineAndColumn, parseJsonText } from './json-file';

describe('parseJsonText', () => {
  it('returns the value of valid JSON, ignoring a byte-order mark', () => {
    expect(parseJsonText('\uFEFF{"a":1}', 'x.json')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('locates a syntax error by line and column in the file', () => {
    const result = parseJsonText('{\n  "a": 1,\n}', 'brands/x/brand.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issue).toMatchObject({
      file: 'brands/x/brand.json',
      pointer: '',
      line: 3,
      column: 1,
      expected: 'valid JSON',
    });
    expect(result.issue.message).toMatch(/^brands\/x\/brand\.json:3:1: not valid JSON: /);
  });

  it('says an empty file is empty', () => {
    const result = parseJsonText('  ', 'e.json');
    expect(result.ok ? undefined : result.issue.found).toBe('an empty file');
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
