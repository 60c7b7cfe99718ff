export {
  createServerSecrets,
  DEVELOPMENT_SECRET_KEY,
  randomToken,
  safeEqual,
  tokenHash,
  type ServerSecrets,
} from './secrets';
