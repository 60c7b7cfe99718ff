import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS, firstFailure, invalid, valid } from './validation-result';

describe('validation results', () => {
  it('leaves out absent params and suggestion', () => {
    expect(invalid('required')).toEqual({ valid: false, key: 'required' });
    expect(Object.keys(invalid('required'))).toEqual(['valid', 'key']);
  });

  it('firstFailure returns the first failed result in order, or success', () => {
    expect(firstFailure(valid(), invalid('required'), invalid('equal_length'))).toEqual({
      valid: false,
      key: 'required',
    });
    expect(firstFailure(valid(), valid())).toEqual({ valid: true });
  });

  it('lists every key once, in the snake_case style of the spec', () => {
    expect(new Set(VALIDATION_KEYS).size).toBe(VALIDATION_KEYS.length);
    for (const key of VALIDATION_KEYS) expect(key).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });
});
