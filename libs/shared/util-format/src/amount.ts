import { roundDecimal } from './decimal';
import { MONEY_DECIMALS } from './money';

/** The amount template used when a currency has none of its own (spec section 9). */
export const DEFAULT_AMOUNT_TEMPLATE = '{v} {c}';

/** The amount settings of the site configuration (`global.amountTemplate`, `global.amountTemplates`). */
export interface AmountTemplates {
  readonly amountTemplate?: string;
  /** Per currency code, overriding amountTemplate. */
  readonly amountTemplates?: Readonly<Record<string, string>>;
}

/**
 * The template a currency's amounts are written with: its own in `global.amountTemplates` (code compared without
 * case), else the site's `global.amountTemplate`, else the platform default.
 */
export function amountTemplateFor(settings: AmountTemplates, currency: string): string {
  const own = Object.entries(settings.amountTemplates ?? {}).find(
    ([code]) => code.toUpperCase() === currency.toUpperCase(),
  )?.[1];
  return own ?? settings.amountTemplate ?? DEFAULT_AMOUNT_TEMPLATE;
}

/** How formatAmount writes the number: locale grouping and the number of decimals. */
export interface FormatAmountOptions {
  /** BCP 47 or underscore locale ('en-GB', 'ru_RU'); without it the number is plain: 1234.50. */
  readonly locale?: string;
  /** Decimals shown; 2 by default, as every amount is kept in 2 decimals. */
  readonly fractionDigits?: number;
}

/**
 * Writes an amount with its currency through the currency's template, where {v} is the value and
 * {c} the currency code or symbol: formatAmount(1234.5, 'EUR') is "1234.50 EUR".
 */
export function formatAmount(
  value: number,
  currency: string,
  template: string = DEFAULT_AMOUNT_TEMPLATE,
  options: FormatAmountOptions = {},
): string {
  const digits = options.fractionDigits ?? MONEY_DECIMALS;
  // Round ourselves first so the half-cent rule is the platform's (1.005 -> 1.01), not Intl's.
  const rounded = roundDecimal(value, digits);
  const text = options.locale
    ? new Intl.NumberFormat(options.locale.replace('_', '-'), {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(rounded)
    : rounded.toFixed(digits);
  // A function replacement so a '$' in the currency symbol is never read as a replacement pattern.
  return template.replace(/\{v\}/g, () => text).replace(/\{c\}/g, () => currency);
}
