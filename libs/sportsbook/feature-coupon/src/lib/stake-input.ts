import { floorMoney } from '@tessera/shared/util-format';

/**
 * Reads a typed amount as spec section 5 asks of numeric input: comma and dot are both the decimal separator, other
 * characters are dropped, decimals are cut (not rounded) to 2. Empty or unreadable text reads as 0.
 */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const value = Number(rest.length > 0 ? `${whole || '0'}.${rest.join('')}` : whole);
  return Number.isFinite(value) && value > 0 ? floorMoney(value) : 0;
}
