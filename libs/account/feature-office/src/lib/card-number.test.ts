import { describe, expect, it } from 'vitest';
import { cardDigits, groupCardNumber } from './card-number';

describe('groupCardNumber', () => {
  it('groups Visa and Mastercard numbers in fours as they are typed', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('42424')).toBe('4242 4');
    expect(groupCardNumber('5555-5555 5555x4444')).toBe('5555 5555 5555 4444');
    expect(groupCardNumber('')).toBe('');
  });

  it('groups American Express as 4-6-5', () => {
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('37828')).toBe('3782 8');
  });

  it('keeps at most 19 digits, so the grouped text never grows without end', () => {
    expect(cardDigits('1234 5678 9012 3456 7890 1234')).toBe('1234567890123456789');
    expect(groupCardNumber('12345678901234567890')).toBe('1234 5678 9012 3456 789');
  });
});
