import { describe, expect, it } from 'vitest';
import { createSiteFormat, intlLocale } from './site-format';

// The demo brands' settings, as their brand files set them.
const currencies = {
  GBP: { symbol: '£' },
  EUR: { symbol: '€' },
  RUB: { symbol: '₽' },
  USD: { symbol: '$' },
};
const albion = { amountTemplate: '{c}{v}', currencies, timezone: 'Europe/London' };
const rhein = { amountTemplate: '{v} {c}', currencies, dateFormat: 'dd.MM.yyyy', timezone: 'Europe/Berlin' };
const polar = { amountTemplate: '{v} {c}', currencies, timezone: 'Europe/Moscow' };
const sahra = { amountTemplate: '{v} {c}', currencies, timezone: 'Asia/Dubai' };
const kickOff = '2026-03-07T19:30:00Z';

describe('createSiteFormat: money per locale and template', () => {
  it('writes English with the symbol first and comma grouping', () => {
    expect(createSiteFormat(albion, 'en').money(1234.5, 'GBP')).toBe('£1,234.50');
  });

  it('writes German with a decimal comma, dot grouping and the euro sign', () => {
    expect(createSiteFormat(rhein, 'de').money(100, 'EUR')).toBe('100,00 €');
    expect(createSiteFormat(rhein, 'de').money(1234.5, 'EUR')).toBe('1.234,50 €');
  });

  it('writes Russian with a space group separator', () => {
    // CLDR's Russian group separator is a no-break space.
    expect(createSiteFormat(polar, 'ru').money(1234.5, 'RUB')).toBe('1\u00a0234,50 ₽');
  });

  it('writes Arabic and Persian in Latin digits with the symbol, not the code', () => {
    expect(createSiteFormat(sahra, 'ar').money(1000, 'USD')).toBe('1,000.00 $');
    expect(createSiteFormat(sahra, 'fa').money(1000, 'USD')).toMatch(/^1.000.00 \$$/);
    expect(createSiteFormat(sahra, 'fa').money(1000, 'USD')).not.toMatch(/[\u06f0-\u06f9]/);
  });

  it("uses a currency's own template and falls back to the code when the brand lists no symbol", () => {
    const site = createSiteFormat({ ...albion, amountTemplates: { eur: '{v} {c}' } }, 'en');
    expect(site.money(5, 'EUR')).toBe('5.00 €');
    expect(site.money(5, 'KZT')).toBe('KZT5.00');
  });

  it("rounds half away from zero like roundMoney, and keeps a '$' symbol literal", () => {
    expect(createSiteFormat(albion, 'en').money(1.005, 'USD')).toBe('$1.01');
    expect(createSiteFormat(albion, 'en').money(0.12345, 'USD', 4)).toBe('$0.1235');
  });

  it('falls back to English numbers for a language Intl does not know', () => {
    expect(intlLocale('xx_YY')).toBe('en');
    expect(intlLocale('pt_BR')).toBe('pt-BR');
  });

  it("gives every component of a page the one formatter of its settings and language, another language's its own", () => {
    const de = createSiteFormat(albion, 'de');
    expect(createSiteFormat(albion, 'de')).toBe(de);
    expect(createSiteFormat(albion, 'en')).not.toBe(de);
    expect(createSiteFormat({ ...albion }, 'de')).not.toBe(de);
    expect(createSiteFormat(albion, 'en').money(1234.5, 'EUR')).not.toBe(de.money(1234.5, 'EUR'));
  });
});

describe('createSiteFormat: moments per timeFormat, dateFormat and zone', () => {
  it("reads the brand's patterns in the brand's zone", () => {
    expect(createSiteFormat(rhein, 'de').dateTime(kickOff)).toBe('07.03.2026 20:30');
    expect(createSiteFormat(albion, 'en').time(kickOff)).toBe('19:30');
    expect(createSiteFormat(sahra, 'ar').date('2026-03-07T22:00:00Z')).toBe('08/03/2026');
  });

  it('follows a 12-hour timeFormat', () => {
    expect(createSiteFormat({ ...albion, timeFormat: 'h:mm a' }, 'en').time(kickOff)).toBe('7:30 PM');
  });

  it('names months and weekdays in the page language', () => {
    expect(createSiteFormat(rhein, 'de').pattern(kickOff, 'EEEE, d. MMMM')).toBe('Samstag, 7. März');
    expect(createSiteFormat(polar, 'ru').pattern(kickOff, 'd MMMM')).toBe('7 марта');
    expect(createSiteFormat(albion, 'en').pattern(kickOff, 'EEE d MMM')).toBe('Sat 7 Mar');
  });
});
