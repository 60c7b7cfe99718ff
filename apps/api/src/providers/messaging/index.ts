// Moved to @tessera/server/messaging; kept for the callers outside the accounts modules (main.ts, app.ts, modules/bets).
export * from '@tessera/server/messaging';
