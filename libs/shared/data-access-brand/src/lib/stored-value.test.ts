import { describe, expect, it } from 'vitest';
import { type KeyValueStorage, readStoredValue, removeStoredValue, writeStoredValue } from './stored-value';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('stored values', () => {
  it('round-trips a value with its expiry', () => {
    const storage = memoryStorage();
    writeStoredValue(storage, 'coefficientFormat', 3, 1000, 5000);
    expect(JSON.parse(storage.data.get('tessera:coefficientFormat') ?? '')).toEqual({ value: 3, expireDate: 6000 });
    expect(readStoredValue(storage, 'coefficientFormat', 5999)).toBe(3);
  });

  it('removes an expired value when it is read', () => {
    const storage = memoryStorage();
    writeStoredValue(storage, 'compactView', true, 1000, 5000);
    expect(readStoredValue(storage, 'compactView', 6000)).toBeUndefined();
    expect(storage.data.has('tessera:compactView')).toBe(false);
  });

  it('keeps values without expiry, and removes them on request', () => {
    const storage = memoryStorage();
    writeStoredValue(storage, 'theme', 'dark');
    expect(readStoredValue(storage, 'theme', Number.MAX_SAFE_INTEGER)).toBe('dark');
    removeStoredValue(storage, 'theme');
    expect(readStoredValue(storage, 'theme')).toBeUndefined();
  });

  it('drops unreadable entries and survives storage that throws', () => {
    const storage = memoryStorage();
    storage.data.set('tessera:broken', '{not json');
    expect(readStoredValue(storage, 'broken')).toBeUndefined();
    expect(storage.data.has('tessera:broken')).toBe(false);
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeStoredValue(blocked, 'x', 1)).not.toThrow();
    expect(readStoredValue(blocked, 'x')).toBeUndefined();
  });
});
