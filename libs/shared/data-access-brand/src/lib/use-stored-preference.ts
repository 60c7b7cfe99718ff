import { useCallback, useEffect, useState } from 'react';
import { readStoredValue, removeStoredValue, writeStoredValue } from './stored-value';

/**
 * A client-side preference (spec section 3: coefficient format, theme, font size, compact view, ...). The first render
 * uses the default on the server and the client alike, and the stored value is applied after mount, so a stored
 * preference can never cause a hydration mismatch.
 */
export function useStoredPreference<T>(
  key: string,
  defaultValue: T,
  ttlMs?: number,
): [T, (value: T | undefined) => void] {
  const [value, setValue] = useState<T>(defaultValue);
  useEffect(() => {
    const stored = readStoredValue<T>(window.localStorage, key);
    if (stored !== undefined) setValue(stored);
  }, [key]);
  const update = useCallback(
    (next: T | undefined) => {
      if (next === undefined) {
        removeStoredValue(window.localStorage, key);
        setValue(defaultValue);
      } else {
        writeStoredValue(window.localStorage, key, next, ttlMs);
        setValue(next);
      }
    },
    [key, ttlMs, defaultValue],
  );
  return [value, update];
}
