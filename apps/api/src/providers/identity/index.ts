// Moved to @tessera/server/accounts; kept for app.ts until it imports the lib.
export { type IdentityProvider } from '@tessera/server/accounts';
