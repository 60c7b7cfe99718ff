/**
 * Rounds half away from zero at the given number of decimals, treating the value as the shortest
 * decimal that prints as it: 1.005 is stored as 1.00499999999999989..., but every reader (and the
 * bettor) means 1.005, so it rounds to 1.01.
 */
export function roundDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`roundDecimal: not a finite number: ${value}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new RangeError(`roundDecimal: decimals must be an integer from 0 to 10, got ${decimals}`);
  }
  return scaledInteger(value, decimals) / 10 ** decimals;
}

/**
 * The value times 10^decimals, rounded half away from zero to an integer, computed on the decimal
 * text of the value (toExponential() without an argument gives the shortest round-tripping digits).
 */
export function scaledInteger(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`scaledInteger: not a finite number: ${value}`);
  if (value === 0) return 0;
  const sign = value < 0 ? -1 : 1;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  // Shifting the exponent in the text is exact: Number('1.005e2') parses the decimal 100.5.
  const shifted = Number(`${mantissa}e${Number(exponent) + decimals}`);
  const rounded = Math.round(shifted);
  // Math.round rounds .5 up, which for the absolute value is away from zero; avoid returning -0.
  return rounded === 0 ? 0 : sign * rounded;
}

/** Rounds towards zero at the given decimals, on the decimal the value prints as (0.29 stays 0.29). */
export function floorDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`floorDecimal: not a finite number: ${value}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new RangeError(`floorDecimal: decimals must be an integer from 0 to 10, got ${decimals}`);
  }
  if (value === 0) return 0;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const truncated = Math.floor(Number(`${mantissa}e${Number(exponent) + decimals}`));
  return truncated === 0 ? 0 : (Math.sign(value) * truncated) / 10 ** decimals;
}
