import { useT } from '@tessera/shared/data-access-brand';
import { formatAmount } from '@tessera/shared/util-format';
import type { CouponIssue } from '@tessera/sportsbook/util-coupon';
import { useCallback } from 'react';

/** snake_case code word to the camelCase key part the dictionaries use (`below_minimum_stake` -> `belowMinimumStake`). */
export function codeKey(code: string): string {
  return code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Money in the coupon's currency through the brand's amount template. */
export function useMoney(currency: string): (value: number) => string {
  return useCallback((value: number) => formatAmount(value, currency), [currency]);
}

/** Texts of the coupon's refusal codes: util-coupon issues and the server's code words, by code. */
export function useIssueText(currency: string): (code: string, issue?: Pick<CouponIssue, 'limit' | 'amount'>) => string {
  const { t, tDynamic } = useT();
  const money = useMoney(currency);
  return useCallback(
    (code: string, issue?: Pick<CouponIssue, 'limit' | 'amount'>) =>
      tDynamic(`coupon:issue.${codeKey(code)}`, t('coupon:issue.unknown'), {
        limit: String(issue?.limit ?? ''),
        amount: issue?.amount !== undefined ? money(issue.amount) : '',
      }),
    [t, tDynamic, money],
  );
}
