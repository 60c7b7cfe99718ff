import { amountTemplateFor } from './amount';
import { roundDecimal } from './decimal';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, type DateInput, formatDateTime } from './date-time';
import { MONEY_DECIMALS } from './money';

/** The parts of the site configuration's `global` section that say how money and moments are written. */
export interface SiteFormatSettings {
  /** How money is written: {v} the value, {c} the currency symbol (`global.amountTemplate`). */
  readonly amountTemplate?: string;
  /** Per currency code, overriding amountTemplate (`global.amountTemplates`). */
  readonly amountTemplates?: Readonly<Record<string, string>>;
  /** The brand's currencies, whose `symbol` is {c} (`global.currencies`). */
  readonly currencies?: Readonly<Record<string, { readonly symbol?: string }>>;
  /** Time of day pattern (`global.timeFormat`, HH:mm by default). */
  readonly timeFormat?: string;
  /** Calendar date pattern (`global.dateFormat`, dd/MM/yyyy by default). */
  readonly dateFormat?: string;
  /** IANA time zone moments are shown in (`global.timezone`). */
  readonly timezone?: string;
}

/** Money, numbers and moments written the way one brand and page language want them. */
export interface SiteFormat {
  /** The BCP 47 locale numbers and names follow ('de', 'ar'). */
  readonly locale: string;
  /** The time zone moments are shown in. */
  readonly timeZone: string;
  /** An amount through the currency's template, the locale's separators and the currency's symbol: "1.234,50 €". */
  money(value: number, currency: string, fractionDigits?: number): string;
  /** A plain number with the locale's separators and the given decimals (2 by default). */
  number(value: number, fractionDigits?: number): string;
  /** The calendar date in `global.dateFormat`. */
  date(moment: DateInput): string;
  /** The time of day in `global.timeFormat`. */
  time(moment: DateInput): string;
  /** Date and time: `global.dateFormat` then `global.timeFormat`. */
  dateTime(moment: DateInput): string;
  /** Any other pattern in the site's zone and locale ("EEE d MMM"). */
  pattern(moment: DateInput, pattern: string): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    // Latin digits in every language: odds, stakes typed in and amounts then read alike on one slip (ADR 0330).
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      numberingSystem: 'latn',
    });
    numberFormats.set(key, format);
  }
  return format;
}

const locales = new Map<string, string>();

/**
 * A locale Intl accepts from a page language ('en', 'pt_BR'); English when Intl does not know it. Kept per language:
 * asking Intl costs about 2 ms on a slowed phone CPU, and every row of a long line asked at hydration.
 */
export function intlLocale(language: string): string {
  let locale = locales.get(language);
  if (locale === undefined) {
    try {
      locale = Intl.NumberFormat.supportedLocalesOf([language.replace('_', '-')])[0] ?? 'en';
    } catch {
      locale = 'en';
    }
    locales.set(language, locale);
  }
  return locale;
}

const siteFormats = new WeakMap<SiteFormatSettings, Map<string, SiteFormat>>();

/**
 * The one place a page's money and moments are written: the brand's `amountTemplate(s)`, `dateFormat`, `timeFormat`
 * and `timezone`, the page language's digit grouping and decimal sign, and the currency's own symbol for {c}
 * (its code when the brand does not list it). createSiteFormat(global, 'de').money(100, 'EUR') is "100,00 €".
 */
export function createSiteFormat(settings: SiteFormatSettings, language: string): SiteFormat {
  // One formatter per settings object and language: the page's configuration is one object, so every component of a
  // page shares it (a list's rows each asked for one at hydration).
  let byLanguage = siteFormats.get(settings);
  if (!byLanguage) siteFormats.set(settings, (byLanguage = new Map()));
  let format = byLanguage.get(language);
  if (!format) byLanguage.set(language, (format = buildSiteFormat(settings, language)));
  return format;
}

function buildSiteFormat(settings: SiteFormatSettings, language: string): SiteFormat {
  // The locale is asked of Intl at the first number or moment written, not when the formatter is made: the first
  // question loads the browser's locale data (30-100 ms of CPU on this kind of host), and a page whose hydration
  // writes nothing new (the line's start times come from the server's HTML) should not pay it inside that task.
  let resolved: string | undefined;
  const localeOf = (): string => (resolved ??= intlLocale(language));
  const timeZone = settings.timezone ?? 'UTC';
  const timeFormat = settings.timeFormat ?? DEFAULT_TIME_FORMAT;
  const dateFormat = settings.dateFormat ?? DEFAULT_DATE_FORMAT;
  const number = (value: number, fractionDigits = MONEY_DECIMALS) =>
    // Rounded first so the half-cent rule is the platform's (1.005 -> 1.01), not Intl's.
    numberFormat(localeOf(), fractionDigits).format(roundDecimal(value, fractionDigits));
  const symbolOf = (currency: string): string => {
    const own = Object.entries(settings.currencies ?? {}).find(
      ([code]) => code.toUpperCase() === currency.toUpperCase(),
    )?.[1];
    return own?.symbol ?? currency;
  };
  const pattern = (moment: DateInput, text: string) => formatDateTime(moment, text, { timeZone, locale: localeOf() });
  return {
    get locale() {
      return localeOf();
    },
    timeZone,
    number,
    money: (value, currency, fractionDigits) => {
      const text = number(value, fractionDigits);
      const symbol = symbolOf(currency);
      // Function replacements, so a '$' symbol is never read as a replacement pattern.
      return amountTemplateFor(settings, currency)
        .replace(/\{v\}/g, () => text)
        .replace(/\{c\}/g, () => symbol);
    },
    date: (moment) => pattern(moment, dateFormat),
    time: (moment) => pattern(moment, timeFormat),
    dateTime: (moment) => pattern(moment, `${dateFormat} ${timeFormat}`),
    pattern,
  };
}
