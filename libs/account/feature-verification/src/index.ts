export { VerificationApiProvider, VerificationPage, verificationKeys } from './lib/verification-page';
export {
  browserVerificationApi,
  VERIFICATION_PATHS,
  type VerificationApi,
  VerificationCallError,
} from './lib/verification.api';
