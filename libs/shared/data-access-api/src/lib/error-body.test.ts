import { describe, expect, it } from 'vitest';
import { parseErrorBody } from './error-body';

describe('parseErrorBody', () => {
  it('prefers the first errors entry detail over message and detail', () => {
    const body = parseErrorBody({
      errors: [{ detail: 'first', title: 'Bad phone' }, { detail: 'second' }],
      message: 'm',
      detail: 'd',
    });
    expect(body.message).toBe('first');
    expect(body.title).toBe('Bad phone');
    expect(body.detail).toBe('d');
  });

  it('falls back to message, then detail', () => {
    expect(parseErrorBody({ message: 'm', detail: 'd' }).message).toBe('m');
    expect(parseErrorBody({ detail: 'd' }).message).toBe('d');
    expect(parseErrorBody({ message: '' }).message).toBeUndefined();
  });

  it('reads validation_errors as a list or keyed by field, and error_code', () => {
    expect(
      parseErrorBody({ validation_errors: [{ field: 'phone', message: 'too short' }], error_code: 2 }),
    ).toMatchObject({
      validationErrors: [{ field: 'phone', message: 'too short' }],
      errorCode: 2,
    });
    expect(parseErrorBody({ validation_errors: { email: ['taken', 'bad'] } }).validationErrors).toEqual([
      { field: 'email', message: 'taken' },
      { field: 'email', message: 'bad' },
    ]);
  });

  it('reads office replies nested under data', () => {
    expect(
      parseErrorBody({ data: { message: 'office says no', validation_errors: [{ field: 'a', message: 'b' }] } }),
    ).toMatchObject({
      message: 'office says no',
      validationErrors: [{ field: 'a', message: 'b' }],
    });
  });

  it('parses JSON text and keeps non-JSON text as raw without a message', () => {
    expect(parseErrorBody('{"message":"x"}').message).toBe('x');
    const html = parseErrorBody('<html>502</html>');
    expect(html.message).toBeUndefined();
    expect(html.raw).toBe('<html>502</html>');
  });
});
