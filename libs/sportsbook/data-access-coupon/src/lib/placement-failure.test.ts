import { describe, expect, it } from 'vitest';
import { isInvalidRequestError, toPlacementFailure } from './placement-failure';

describe('toPlacementFailure', () => {
  it('classifies thrown values', () => {
    expect(toPlacementFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'network',
      message: 'Failed to fetch',
    });
    expect(toPlacementFailure({ name: 'TimeoutError', message: 't' }).kind).toBe('timeout');
    expect(toPlacementFailure({ status: 429, message: 'slow', retryAfterMs: 2000 })).toEqual({
      kind: 'rateLimited',
      message: 'slow',
      retryAfterMs: 2000,
    });
    expect(toPlacementFailure({ status: 500, message: 'boom' }).kind).toBe('server');
    expect(toPlacementFailure('weird')).toEqual({ kind: 'network', message: 'weird' });
    expect(toPlacementFailure({ name: 'RequestTimeoutError', message: 'Request timeout' }).kind).toBe('timeout');
  });
  it('reads Retry-After from the response header, in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const with429 = (value: string) => ({
      status: 429,
      message: 'slow',
      response: { headers: new Headers({ 'retry-after': value }) },
    });
    expect(toPlacementFailure(with429('5'), now).retryAfterMs).toBe(5000);
    expect(toPlacementFailure(with429('Thu, 01 Jan 2026 00:00:02 GMT'), now).retryAfterMs).toBe(2000);
    expect(toPlacementFailure(with429('later'), now)).toEqual({ kind: 'rateLimited', message: 'slow' });
  });
  it('recognises invalid requests', () => {
    expect(isInvalidRequestError({ status: 422 })).toBe(true);
    expect(isInvalidRequestError({ status: 500 })).toBe(false);
    expect(isInvalidRequestError(new Error('x'))).toBe(false);
  });
});
