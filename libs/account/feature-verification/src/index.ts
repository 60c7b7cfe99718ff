export { VerificationApiProvider, VerificationPage, verificationKeys } from './lib/verification-page';
export {
  browserVerificationApi,
  VERIFICATION_PATHS,
  type VerificationApi,
  VerificationCallError,
} from './lib/verification.api';
export { explainVerificationRefusal, VerificationRefusalNote, verificationRefusalOf } from './lib/verification-refusal';
