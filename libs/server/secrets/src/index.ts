export {
  createServerSecrets,
  DEVELOPMENT_SECRET_KEY,
  randomToken,
  safeEqual,
  tokenHash,
  type ServerSecrets,
} from './secrets';
export { MIN_SECRET_LENGTH, readSecrets, type ServerSecretSettings } from './secrets-env';
