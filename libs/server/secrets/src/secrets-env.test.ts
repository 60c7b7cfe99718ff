import { describe, expect, it } from 'vitest';
import { readSecrets } from './secrets-env';

describe('readSecrets', () => {
  const key = 'k'.repeat(32);

  it('leaves unset secrets to the development defaults outside production', () => {
    expect(readSecrets({}, { mode: 'development', paymentProvider: 'sandbox' })).toEqual({
      accountSecretKey: undefined,
      paymentCallbackSecret: undefined,
    });
  });

  it('takes an OPERATOR_TOKEN of 32 characters or more, and refuses a shorter one', () => {
    expect(
      readSecrets({ OPERATOR_TOKEN: 't'.repeat(32) }, { mode: 'development', paymentProvider: 'none' }).operatorToken,
    ).toBe('t'.repeat(32));
    expect(() => readSecrets({ OPERATOR_TOKEN: 'short' }, { mode: 'development', paymentProvider: 'none' })).toThrow(
      'OPERATOR_TOKEN is shorter than 32 characters',
    );
  });

  it('refuses production without its secrets, naming each variable', () => {
    expect(() => readSecrets({}, { mode: 'production', paymentProvider: 'none' })).toThrow(
      'production needs its secrets: ACCOUNT_SECRET_KEY is not set (generate one with',
    );
    expect(() =>
      readSecrets({ ACCOUNT_SECRET_KEY: 'short' }, { mode: 'production', paymentProvider: 'sandbox' }),
    ).toThrow('ACCOUNT_SECRET_KEY is shorter than 32 characters; PAYMENT_CALLBACK_SECRET is not set');
    expect(readSecrets({ ACCOUNT_SECRET_KEY: key }, { mode: 'production', paymentProvider: 'none' })).toEqual({
      accountSecretKey: key,
      paymentCallbackSecret: undefined,
    });
    expect(
      readSecrets(
        { ACCOUNT_SECRET_KEY: key, PAYMENT_CALLBACK_SECRET: key },
        { mode: 'production', paymentProvider: 'sandbox' },
      ).paymentCallbackSecret,
    ).toBe(key);
  });
});
