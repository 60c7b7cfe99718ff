// Moved to @tessera/server/accounts. modules/bets builds a context that only reads sessions: the session part.
export type { SessionContext as AccountsContext } from '@tessera/server/accounts';
