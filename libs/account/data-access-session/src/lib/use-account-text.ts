import type { AccountError } from './account-error';
import { useT } from '@tessera/shared/data-access-brand';
import type { ValidationResult } from '@tessera/account/util-validation';
import { useCallback } from 'react';

/** util-validation's snake_case result keys as this namespace's camelCase keys (`phone_min_length` → `phoneMinLength`). */
export function validationKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The number a validation text counts (ADR 0420): the most for a `max` check, the fewest for a `min` one, else the
 * exact length ("at least 1 digit", "the code has 6 digits"); a date bound is no count.
 */
function validationCount(key: string, params: Readonly<Record<string, string | number>> = {}): number | undefined {
  const value = key.includes('max') ? params['max'] : (params['min'] ?? params['length']);
  return typeof value === 'number' ? value : undefined;
}

/** Translation helpers of the account screens: `account:` keys, validation results and classified errors. */
export function useAccountText() {
  const { tDynamic } = useT();
  const ta = useCallback(
    (key: string, values?: Record<string, string | number>) => tDynamic(`account:${key}`, key, values),
    [tDynamic],
  );
  const validation = useCallback(
    (result: ValidationResult): string | undefined => {
      if (result.valid) return undefined;
      const count = validationCount(result.key, result.params);
      return tDynamic(`account:validation.${validationKey(result.key)}`, result.key, {
        ...result.params,
        ...(count !== undefined ? { count } : {}),
        ...(result.suggestion ? { suggestion: result.suggestion } : {}),
      });
    },
    [tDynamic],
  );
  const errorText = useCallback(
    (error: AccountError | null): string | undefined =>
      error ? ta(error.key, { detail: error.detail ?? '' }) : undefined,
    [ta],
  );
  return { ta, validation, errorText };
}
