import { formatAmount } from '@tessera/shared/util-format';
import { useMemo } from 'react';
import { useConsoleLanguage } from '../app/console-providers';

/** Formatters in the console's language: money with its currency, and moments in the operator's time zone. */
export interface ConsoleFormat {
  money: (amount: number, currency: string) => string;
  dateTime: (iso: string | null | undefined) => string;
  /** A file's size in kilobytes, rounded up. */
  fileSize: (bytes: number) => string;
}

/** The console's formatters; a missing or unreadable date shows as a dash. */
export function useFormat(): ConsoleFormat {
  const { language } = useConsoleLanguage();
  return useMemo(() => {
    // Latin digits in every language: staff compare amounts and ids across brands and reports.
    const locale = `${language}-u-nu-latn`;
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    const kilobytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
    return {
      fileSize: (bytes) => kilobytes.format(Math.ceil(bytes / 1024)),
      money: (amount, currency) => formatAmount(amount, currency, '{v} {c}', { locale }),
      dateTime: (iso) => {
        const date = iso ? new Date(iso) : null;
        // No-break spaces: a moment in a table cell stays on one line.
        return date && !Number.isNaN(date.getTime()) ? dates.format(date).replace(/\s/g, '\u00a0') : '—';
      },
    };
  }, [language]);
}
