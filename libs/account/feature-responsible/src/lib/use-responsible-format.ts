import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { amountTemplateFor, formatAmount } from '@tessera/shared/util-format';
import { useMemo } from 'react';
import type { RefusalDetails } from './responsible.api';

/** Money and dates in the brand's formats, and a refusal of player protection as a sentence. */
export function useResponsibleFormat() {
  const { config, language } = useBrand();
  const { t, tDynamic } = useT();
  return useMemo(() => {
    const money = (amount: number, currency: string) =>
      formatAmount(amount, currency, amountTemplateFor(config.global, currency));
    const when = (iso: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    const refusal = (details: RefusalDetails, fallbackCurrency: string): string => {
      const currency = details.currency ?? fallbackCurrency;
      const values = {
        period: details.period ? tDynamic(`responsible:refusal.period.${details.period}`, details.period) : '',
        limit:
          details.limit === undefined
            ? ''
            : details.reason === 'session'
              ? String(details.limit)
              : money(details.limit, currency),
        remaining: details.remaining === undefined ? '' : money(details.remaining, currency),
        resetsAt: details.resetsAt ? when(details.resetsAt) : '',
      };
      if (details.reason === 'self_exclusion' && details.resetsAt === null)
        return t('responsible:refusal.self_exclusionPermanent');
      if (details.reason === 'cross_operator' && details.limit === undefined)
        return t('responsible:refusal.cross_operatorDown');
      return tDynamic(`responsible:refusal.${details.reason}`, details.reason, values);
    };
    return { money, when, refusal };
  }, [config.global, language, t, tDynamic]);
}
