import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * OWASP's argon2id configuration (Password Storage Cheat Sheet): 19 MiB of memory, 2 iterations, 1 lane.
 * The parameters live in the stored hash, so raising them later re-hashes nobody but still verifies everybody.
 */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash to verify against when the account does not exist, so an unknown login costs the same time as a
// wrong password and timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

/** Verifies a password against a stored hash; with no hash, burns the same time and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('tessera-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Minimum and maximum password length (NIST SP 800-63B: at least 8, allow long passphrases). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted; argon2 copes, the limit only stops abuse. */
export const PASSWORD_MAX_LENGTH = 128;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'must contain letters and digits';
  if (/^(.)\1+$/u.test(password)) return 'must not repeat one character';
  return undefined;
}
