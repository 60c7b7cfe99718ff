import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import { useMemo } from 'react';
import type { RefusalDetails } from './responsible.api';

/** snake_case code word to the camelCase key part of the dictionaries (`self_exclusion` -> `selfExclusion`). */
export function camel(code: string): string {
  return code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Money and dates in the brand's formats, and a refusal of player protection as a sentence. */
export function useResponsibleFormat() {
  const site = useSiteFormat();
  const { t, tDynamic } = useT();
  return useMemo(() => {
    const money = (amount: number, currency: string) => site.money(amount, currency);
    const when = (iso: string) => site.dateTime(iso);
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
        // A session limit is minutes: its count chooses the plural form (ADR 0420).
        ...(details.reason === 'session' && details.limit !== undefined ? { count: details.limit } : {}),
      };
      // Refusals of jurisdiction rules (NLKSA-NL-1, DEGGL-PP-1) are said in the jurisdictions namespace.
      if (details.reason === 'affordability' || details.reason === 'activity_file') {
        const key =
          details.reason === 'activity_file' && !details.resetsAt ? 'activityFileUnavailable' : camel(details.reason);
        return tDynamic(`jurisdictions:refusal.${key}`, details.reason, values);
      }
      if (details.reason === 'self_exclusion' && details.resetsAt === null)
        return t('responsible:refusal.selfExclusionPermanent');
      if (details.reason === 'cross_operator' && details.limit === undefined)
        return t('responsible:refusal.crossOperatorDown');
      return tDynamic(`responsible:refusal.${camel(details.reason)}`, details.reason, values);
    };
    return { money, when, refusal };
  }, [site, t, tDynamic]);
}
