import { describe, expect, it } from 'vitest';
import { applyPayoutTax, applyStakeTax, hasReturnTax } from './taxes';

describe('betting taxes', () => {
  it('withholds stake tax from the typed stake', () => {
    expect(applyStakeTax(100, { stakeTaxPercent: 12.5 })).toEqual({ stake: 100, stakeTax: 12.5, netStake: 87.5 });
    expect(applyStakeTax(100, undefined)).toEqual({ stake: 100, stakeTax: 0, netStake: 100 });
  });

  it('taxes the winnings, or the whole return when hasReturnTax is the string true', () => {
    // 87.50 at 3.00 returns 262.50; winnings 175.00; 20% is 35.00.
    expect(applyPayoutTax(262.5, 87.5, 3, { payoutTaxPercent: 20 })).toEqual({
      grossReturn: 262.5,
      payoutTax: 35,
      netReturn: 227.5,
    });
    // On the whole return: 20% of 262.50 is 52.50.
    expect(applyPayoutTax(262.5, 87.5, 3, { payoutTaxPercent: 20, hasReturnTax: 'true' }).payoutTax).toBe(52.5);
  });

  it('charges payout tax only above both thresholds', () => {
    const taxes = { payoutTaxPercent: 20, winAmountThreshold: 200 };
    expect(applyPayoutTax(262.5, 87.5, 3, taxes).payoutTax).toBe(0);
    expect(applyPayoutTax(300, 87.5, 3.43, taxes).payoutTax).toBe(42.5);
    expect(applyPayoutTax(262.5, 87.5, 3, { payoutTaxPercent: 20, coefficientThreshold: 3 }).payoutTax).toBe(0);
    expect(applyPayoutTax(262.51, 87.5, 3.01, { payoutTaxPercent: 20, coefficientThreshold: 3 }).payoutTax).toBe(35);
  });

  it('does not tax a bet that wins nothing', () => {
    expect(applyPayoutTax(87.5, 87.5, 1, { payoutTaxPercent: 20, hasReturnTax: 'true' }).payoutTax).toBe(0);
  });

  it('reads the wire flag strictly', () => {
    expect(hasReturnTax({ hasReturnTax: 'true' })).toBe(true);
    expect(hasReturnTax({ hasReturnTax: 'TRUE' })).toBe(true);
    expect(hasReturnTax({ hasReturnTax: true })).toBe(true);
    expect(hasReturnTax({ hasReturnTax: 'false' })).toBe(false);
    expect(hasReturnTax({ hasReturnTax: '1' })).toBe(false);
    expect(hasReturnTax(undefined)).toBe(false);
  });
});
