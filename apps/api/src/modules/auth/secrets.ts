// Moved to @tessera/server/secrets; kept for modules that still import it here (bets/bettor.ts).
export {
  createServerSecrets,
  DEVELOPMENT_SECRET_KEY,
  randomToken,
  safeEqual,
  tokenHash,
  type ServerSecrets,
} from '@tessera/server/secrets';
