// Test and benchmark fixtures of @tessera/server/bets: not part of the library's runtime surface.
export { footballLine } from './football-line';
