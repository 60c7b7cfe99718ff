import { ApiError } from '@tessera/server/api-errors';
import { describe, expect, it } from 'vitest';
import { answering, refusalAnswer } from './refusal-answer';
import { BetRefusal } from './refusals';

describe('refusalAnswer', () => {
  it('answers in the spec error shape with the status, message and error_code of the code', () => {
    const closed = refusalAnswer('game_closed', 'game 7 is finished');
    expect(closed).toBeInstanceOf(ApiError);
    expect(closed.statusCode).toBe(422);
    expect(closed.toBody()).toEqual({
      message: 'Bet refused',
      detail: 'game_closed: game 7 is finished',
      error_code: 1020,
    });
    expect(refusalAnswer('feature_disabled', 'off').toBody().message).toBe('Not available');
    expect(refusalAnswer('bet_not_found', 'none').statusCode).toBe(404);
    expect(refusalAnswer('sale_unavailable', 'no').toBody().message).toBe('Conflict');
    expect(refusalAnswer('payments_unavailable', 'none').toBody()).toEqual({
      message: 'Service unavailable',
      detail: 'payments_unavailable: none',
      error_code: 1041,
    });
  });
});

describe('answering', () => {
  it('turns a BetRefusal into its answer and lets anything else through', async () => {
    const refused = await answering(async () => {
      throw new BetRefusal('above_balance', 'short');
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toMatchObject({ detail: 'above_balance: short', error_code: 1012 });
    const other = new Error('database down');
    await expect(answering(async () => Promise.reject(other))).rejects.toBe(other);
    await expect(answering(async () => 5)).resolves.toBe(5);
  });
});
