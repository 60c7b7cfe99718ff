// Moved to @tessera/server/accounts; kept for app.ts and env.ts until they import the lib.
export { DEFAULT_PASSWORD_HASHING, passwordHashing, type PasswordHashingLimits } from '@tessera/server/accounts';
