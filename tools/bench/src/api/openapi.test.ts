import { describe, expect, it } from 'vitest';
import { takesNoInput } from './openapi';

describe('takesNoInput', () => {
  it('is true for an empty-request schema and for maxProperties 0', () => {
    expect(
      takesNoInput({ type: ['object', 'null'], maxProperties: 0, additionalProperties: false, properties: {} }),
    ).toBe(true);
    expect(takesNoInput({ type: 'object', additionalProperties: false })).toBe(true);
    expect(takesNoInput({ type: 'object', maxProperties: 0 })).toBe(true);
  });

  it('is false for a schema with parameters or open to any', () => {
    expect(
      takesNoInput({ type: 'object', properties: { login: { type: 'string' } }, additionalProperties: false }),
    ).toBe(false);
    expect(takesNoInput({ type: 'object' })).toBe(false);
    expect(takesNoInput(undefined)).toBe(false);
  });
});
