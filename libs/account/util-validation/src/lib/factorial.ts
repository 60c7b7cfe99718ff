/**
 * n! for a whole n of 0 or more (used by combination counts). Exact up to 18!; larger results are the nearest
 * double, and Infinity above 170!. Throws RangeError on negative or fractional input rather than return nonsense.
 */
export function factorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`factorial needs a whole number of 0 or more, got ${n}`);
  let result = 1;
  for (let i = 2; i <= n && Number.isFinite(result); i += 1) result *= i;
  return result;
}
