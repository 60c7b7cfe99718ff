import type { AccountError } from './account-error';
import { useT } from '@tessera/shared/data-access-brand';
import type { ValidationResult } from '@tessera/account/util-validation';
import { useCallback } from 'react';

/** util-validation's snake_case result keys as this namespace's camelCase keys (`phone_min_length` → `phoneMinLength`). */
export function validationKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Translation helpers of the account screens: `account:` keys, validation results and classified errors. */
export function useAccountText() {
  const { tDynamic } = useT();
  const ta = useCallback(
    (key: string, values?: Record<string, string | number>) => tDynamic(`account:${key}`, key, values),
    [tDynamic],
  );
  const validation = useCallback(
    (result: ValidationResult): string | undefined =>
      result.valid
        ? undefined
        : tDynamic(`account:validation.${validationKey(result.key)}`, result.key, {
            ...result.params,
            ...(result.suggestion ? { suggestion: result.suggestion } : {}),
          }),
    [tDynamic],
  );
  const errorText = useCallback(
    (error: AccountError | null): string | undefined =>
      error ? ta(error.key, { detail: error.detail ?? '' }) : undefined,
    [ta],
  );
  return { ta, validation, errorText };
}
