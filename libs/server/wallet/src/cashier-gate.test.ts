import { ApiError } from '@tessera/server/api-errors';
import { describe, expect, it } from 'vitest';
import { checkCashierGates, type CashierGate, type CashierGateInput } from './cashier-gate';

const input: CashierGateInput = {
  accountId: '10000001',
  brandId: 'betbet',
  country: 'kz',
  currency: 'EUR',
  amountMinor: 5_000,
  kind: 'withdrawal',
};

describe('checkCashierGates', () => {
  it('asks every gate in order and lets the movement through when none refuses', async () => {
    const asked: string[] = [];
    const gate =
      (name: string): CashierGate =>
      async (i) => {
        asked.push(`${name}:${i.kind}:${i.amountMinor}`);
        return undefined;
      };
    await checkCashierGates([gate('a'), gate('b')], input);
    expect(asked).toEqual(['a:withdrawal:5000', 'b:withdrawal:5000']);
    await expect(checkCashierGates(undefined, input)).resolves.toBeUndefined();
  });

  it('throws the first refusal unchanged and asks no gate after it', async () => {
    const refusal = new ApiError(403, 'Not available', {
      detail: 'verification_required: verify first',
      error_code: 1,
    });
    let later = false;
    await expect(
      checkCashierGates(
        [
          async () => refusal,
          async () => {
            later = true;
            return undefined;
          },
        ],
        input,
      ),
    ).rejects.toBe(refusal);
    expect(later).toBe(false);
  });
});
