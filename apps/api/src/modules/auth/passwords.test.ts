import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';

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

  it.each([
    ['short1', 'must be at least 8 characters'],
    ['a'.repeat(129) + '1', 'must be at most 128 characters'],
    ['onlyletters', 'must contain letters and digits'],
    ['12345678', 'must contain letters and digits'],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('accepts long passphrases in any script', () => {
    expect(passwordProblem('Пароль-2026')).toBeUndefined();
    expect(passwordProblem('correct horse battery staple 7')).toBeUndefined();
  });
});
