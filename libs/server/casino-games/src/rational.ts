/** An exact fraction of BigInts, always reduced, denominator positive: RTP figures without rounding. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The fraction num/den, reduced. */
export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('rational: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

/** a + b. */
export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** a − b. */
export function sub(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** a × b. */
export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

/** a ÷ b. */
export function div(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den, a.den * b.num);
}

/** The nearest double (for display and confidence intervals; the exact value stays the fraction). */
export function toNumber(r: Rational): number {
  // Scale before dividing so large numerators and denominators keep their precision.
  const scale = 10n ** 18n;
  return Number((r.num * scale) / r.den) / 1e18;
}

/** The fraction as `num/den` text, for READMEs and help texts that quote the exact figure. */
export function toFractionText(r: Rational): string {
  return `${r.num}/${r.den}`;
}
