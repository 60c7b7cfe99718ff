import { ApiError } from '@tessera/server/api-errors';
import { PaymentError, type DepositIntent } from '@tessera/server/payments';
import { describe, expect, it } from 'vitest';
import { depositAnswer, paymentRefusal } from './wallet-calls.service';

function answerOf(error: unknown): { status: number; body: object } {
  try {
    paymentRefusal(error);
  } catch (thrown) {
    if (thrown instanceof ApiError) return { status: thrown.statusCode, body: thrown.toBody() };
    throw thrown;
  }
  throw new Error('paymentRefusal returned');
}

describe('depositAnswer', () => {
  it('answers a deposit in major units without the card, metadata or times', () => {
    const intent: DepositIntent = {
      id: 'pi_1',
      merchantReference: 'dep-1',
      amount: 12_345,
      currency: 'EUR',
      status: 'requires_action',
      declineReason: null,
      nextAction: { type: 'challenge', prompt: 'Enter the code' },
      cardLast4: '4242',
      refundedAmount: 0,
      metadata: { userId: '5', brandId: 'betbet' },
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    expect(depositAnswer(intent)).toEqual({
      merchantReference: 'dep-1',
      status: 'requires_action',
      declineReason: null,
      nextAction: { type: 'challenge', prompt: 'Enter the code' },
      amount: 123.45,
      currency: 'EUR',
    });
  });
});

describe('paymentRefusal', () => {
  it('answers the provider refusals: 422 deposit_refused with the field, 404, 401 and 409', () => {
    expect(answerOf(new PaymentError('card declined format', 'validation', 'card.number'))).toEqual({
      status: 422,
      body: {
        message: 'Deposit refused',
        detail: 'deposit_refused: card declined format',
        error_code: 1040,
        validation_errors: [{ field: 'card.number', message: 'card declined format' }],
      },
    });
    expect(answerOf(new PaymentError('bad amount', 'validation')).body).not.toHaveProperty('validation_errors');
    expect(answerOf(new PaymentError('no such intent', 'not_found'))).toEqual({
      status: 404,
      body: { message: 'Not found', detail: 'no such intent' },
    });
    expect(answerOf(new PaymentError('bad signature', 'signature'))).toEqual({
      status: 401,
      body: { message: 'Invalid signature' },
    });
    expect(answerOf(new PaymentError('already done', 'state'))).toEqual({
      status: 409,
      body: { message: 'Conflict', detail: 'already done' },
    });
  });

  it('lets any other error through as it is', () => {
    const other = new Error('database down');
    expect(() => paymentRefusal(other)).toThrow(other);
  });
});
