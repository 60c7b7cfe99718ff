import { describe, expect, it } from 'vitest';
import { changedTables } from './fingerprint';

describe('changedTables', () => {
  const a = { users: { rows: 1, checksum: 'x' }, sessions: { rows: 2, checksum: 'y' } };
  it('is empty for equal fingerprints', () => expect(changedTables(a, structuredClone(a))).toEqual([]));
  it('names tables whose rows or contents changed, and tables that appeared or vanished', () => {
    const b = { users: { rows: 1, checksum: 'z' }, feed: { rows: 0, checksum: '' } };
    expect(changedTables(a, b)).toEqual(['feed', 'sessions', 'users']);
  });
});
