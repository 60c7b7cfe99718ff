/** A stored preference as spec section 3 describes it: the value and when it expires (ms since epoch; null = never). */
export interface StoredValue<T> {
  value: T;
  expireDate: number | null;
}

/** The storage surface used (localStorage in the browser; a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Prefix that keeps the platform's keys apart from third-party scripts on the same origin. */
export const STORAGE_PREFIX = 'tessera:';

/**
 * Reads a stored value; an expired or unreadable entry is removed and reads as undefined (spec section 4: stored
 * values expire at expireDate and are removed on read).
 */
export function readStoredValue<T>(storage: KeyValueStorage, key: string, now: number = Date.now()): T | undefined {
  const raw = safely(() => storage.getItem(STORAGE_PREFIX + key));
  if (raw == null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredValue<T>>;
    if (!parsed || typeof parsed !== 'object' || !('value' in parsed)) throw new Error('not a stored value');
    if (typeof parsed.expireDate === 'number' && parsed.expireDate <= now) throw new Error('expired');
    return parsed.value as T;
  } catch {
    safely(() => storage.removeItem(STORAGE_PREFIX + key));
    return undefined;
  }
}

/** Stores a value, optionally for a limited time. Storage that is full or blocked (private mode) is ignored: preferences are a convenience. */
export function writeStoredValue<T>(
  storage: KeyValueStorage,
  key: string,
  value: T,
  ttlMs?: number,
  now: number = Date.now(),
): void {
  const entry: StoredValue<T> = { value, expireDate: ttlMs === undefined ? null : now + ttlMs };
  safely(() => storage.setItem(STORAGE_PREFIX + key, JSON.stringify(entry)));
}

/** Removes a stored value. */
export function removeStoredValue(storage: KeyValueStorage, key: string): void {
  safely(() => storage.removeItem(STORAGE_PREFIX + key));
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
