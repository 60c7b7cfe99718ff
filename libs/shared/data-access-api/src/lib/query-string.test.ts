import { describe, expect, it } from 'vitest';
import { toSearchParams, withQuery } from './query-string';

describe('toSearchParams', () => {
  it('puts array items under the key with a [] suffix', () => {
    expect([...toSearchParams({ games: [1, 2] })]).toEqual([
      ['games[]', '1'],
      ['games[]', '2'],
    ]);
  });

  it('does not double the suffix', () => {
    expect([...toSearchParams({ 'ids[]': ['a'] })]).toEqual([['ids[]', 'a']]);
  });

  it('writes dates as ISO strings, objects as JSON, booleans and numbers as text', () => {
    const params = toSearchParams({ from: new Date('2026-05-01T10:00:00Z'), project: { id: 3 }, live: true, n: 1.5 });
    expect(params.get('from')).toBe('2026-05-01T10:00:00.000Z');
    expect(params.get('project')).toBe('{"id":3}');
    expect(params.get('live')).toBe('true');
    expect(params.get('n')).toBe('1.5');
  });

  it('leaves out undefined and null', () => {
    expect(toSearchParams({ a: undefined, b: null }).toString()).toBe('');
  });
});

describe('withQuery', () => {
  it('appends to a URL with or without an existing query', () => {
    expect(withQuery('/a', { x: 1 })).toBe('/a?x=1');
    expect(withQuery('/a?y=2', { x: 1 })).toBe('/a?y=2&x=1');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
