import { describe, expect, it } from 'vitest';
import { amountTemplateFor, formatAmount } from './amount';

describe('formatAmount', () => {
  it("uses the spec's default template '{v} {c}' with 2 decimals", () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('1234.50 EUR');
    expect(formatAmount(-3, 'USD')).toBe('-3.00 USD');
  });

  it('rounds like roundMoney before writing', () => {
    expect(formatAmount(1.005, 'GBP')).toBe('1.01 GBP');
  });

  it('applies a currency template and locale grouping', () => {
    expect(formatAmount(1234.5, '€', '{c}{v}', { locale: 'en-GB' })).toBe('€1,234.50');
    expect(formatAmount(1234.5, '₸', '{v} {c}', { locale: 'de_DE' })).toBe('1.234,50 ₸');
  });

  it('keeps a dollar sign literal in the currency', () => {
    expect(formatAmount(5, '$', '{c}{v}')).toBe('$5.00');
  });

  it('shows other decimal counts for currencies that need them', () => {
    expect(formatAmount(0.123456, 'mBT', '{v} {c}', { fractionDigits: 4 })).toBe('0.1235 mBT');
  });
});

describe('amountTemplateFor', () => {
  it("takes the currency's own template, then the site's, then the default", () => {
    const settings = { amountTemplate: '{c} {v}', amountTemplates: { eur: '{v} €', RUB: '{v} ₽' } };
    expect(amountTemplateFor(settings, 'EUR')).toBe('{v} €');
    expect(amountTemplateFor(settings, 'rub')).toBe('{v} ₽');
    expect(amountTemplateFor(settings, 'USD')).toBe('{c} {v}');
    expect(amountTemplateFor({}, 'USD')).toBe('{v} {c}');
    expect(formatAmount(5, 'USD', amountTemplateFor(settings, 'USD'))).toBe('USD 5.00');
  });
});
