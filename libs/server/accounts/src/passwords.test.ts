import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters (19 MiB, 2 passes) and verifies', async () => {
    const hash = await hashPassword('Correct-horse-1');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(hash, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-1')).toBe(false);
  });

  it('answers false, after a real verification, when there is no stored hash', async () => {
    expect(await verifyPassword(null, 'anything-1')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything-1')).toBe(false);
  });
});
