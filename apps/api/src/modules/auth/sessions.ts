// Moved to @tessera/server/accounts; kept for modules/bets until it imports the lib.
export { readSession, requireSession } from '@tessera/server/accounts';
