import { useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import type { CouponIssue } from '@tessera/sportsbook/util-coupon';
import { useCallback } from 'react';

/** snake_case code word to the camelCase key part the dictionaries use (`below_minimum_stake` -> `belowMinimumStake`). */
export function codeKey(code: string): string {
  return code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Money in the coupon's currency as the brand and page language write it (util-format's site formatter). */
export function useMoney(currency: string): (value: number) => string {
  const site = useSiteFormat();
  return useCallback((value: number) => site.money(value, currency), [site, currency]);
}

/**
 * Texts of the coupon's refusal codes: util-coupon issues and the server's code words, by code. The maximum stake is
 * named when the issue carries it (the slip's own check); a server refusal carries no figure and is said in general.
 */
export function useIssueText(
  currency: string,
): (code: string, issue?: Pick<CouponIssue, 'limit' | 'amount'>) => string {
  const { t, tDynamic } = useT();
  const money = useMoney(currency);
  return useCallback(
    (code: string, issue?: Pick<CouponIssue, 'limit' | 'amount'>) => {
      const key = code === 'above_maximum_stake' && issue?.amount !== undefined ? 'aboveMaximumStakeOf' : codeKey(code);
      // A refusal a jurisdiction's rule makes (live_market_not_offered) is said in the jurisdictions namespace.
      const fallback = tDynamic(`jurisdictions:refusal.${key}`, t('coupon:issue.unknown'));
      // A limit is a count of selections: it chooses the text's plural form (ADR 0420), "at most 1 selection".
      return tDynamic(`coupon:issue.${key}`, fallback, {
        limit: String(issue?.limit ?? ''),
        ...(issue?.limit !== undefined ? { count: issue.limit } : {}),
        amount: issue?.amount !== undefined ? money(issue.amount) : '',
      });
    },
    [t, tDynamic, money],
  );
}
