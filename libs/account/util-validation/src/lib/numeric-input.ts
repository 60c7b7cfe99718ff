/** Options of {@link normalizeNumericInput}; every one is optional. */
export interface NumericInputOptions {
  /** Lowest value; a smaller number is raised to it. */
  readonly min?: number;
  /** Highest value; a larger number is cut to it. */
  readonly max?: number;
  /** Decimal places kept (truncated, never rounded); 0 means whole numbers; absent means no limit. */
  readonly accuracy?: number;
  /** Whether a minus sign is dropped. */
  readonly unsigned?: boolean;
  /** Most characters of the text (sign and separator included). */
  readonly maxlength?: number;
}

/** The normalised input: the text to show and the number it means (undefined when it means none yet, e.g. `-`). */
export interface NumericInputResult {
  readonly text: string;
  readonly value: number | undefined;
}

/**
 * Normalises what a person typed into a numeric field (spec section 5, numeric input): keeps digits, dot, comma
 * and minus; unsigned drops the minus, otherwise only a leading minus stays; comma and dot are both the decimal
 * separator (the first one wins); accuracy 0 drops decimals; a leading dot becomes `0.`; leading zeros go; decimals
 * are truncated to accuracy; the text is cut to maxlength; then a value below min is raised to min and above max
 * cut to max (the text then shows the bound). Unparsable text gives no value.
 * Call it without `min` while the person types if a low min would fight partial input (typing 5 on the way to 50).
 */
export function normalizeNumericInput(text: string, options: NumericInputOptions = {}): NumericInputResult {
  const { min, max, accuracy, unsigned, maxlength } = options;
  let s = text.replace(/[^\d.,-]/g, '');
  const negative = !unsigned && s.startsWith('-');
  s = s.replace(/-/g, '').replace(/,/g, '.');
  const dot = s.indexOf('.');
  let whole = dot < 0 ? s : s.slice(0, dot);
  let fraction = dot < 0 ? undefined : s.slice(dot + 1).replace(/\./g, '');
  if (accuracy !== undefined && fraction !== undefined)
    fraction = accuracy <= 0 ? undefined : fraction.slice(0, accuracy);
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole === '' && fraction !== undefined) whole = '0';
  let out = `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
  if (maxlength !== undefined) out = out.slice(0, Math.max(0, maxlength));

  const parsed = /^-?\d+(?:\.\d*)?$/.test(out) ? Number(out) : undefined;
  if (parsed === undefined || Number.isNaN(parsed)) return { text: out, value: undefined };
  const value = Object.is(parsed, -0) ? 0 : parsed;
  if (min !== undefined && value < min) return bound(min, accuracy);
  if (max !== undefined && value > max) return bound(max, accuracy);
  return { text: out, value };
}

/** A bound shown as plain decimal text (never exponent notation), with its decimals truncated to accuracy. */
function bound(limit: number, accuracy: number | undefined): NumericInputResult {
  const plain = (Object.is(limit, -0) ? 0 : limit).toLocaleString('en-US', {
    useGrouping: false,
    maximumFractionDigits: 20,
  });
  const [whole = '0', fraction] = plain.split('.');
  const kept = fraction === undefined || accuracy === undefined ? fraction : fraction.slice(0, Math.max(0, accuracy));
  const text = kept ? `${whole}.${kept}` : whole;
  return { text, value: Number(text) };
}
