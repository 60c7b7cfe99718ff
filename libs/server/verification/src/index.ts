export { decideVerification, type DecisionInput, type DecisionResult } from './decision.service';
export {
  type DocumentStorage,
  DocumentStorageError,
  LocalDirectoryStorage,
  type LocalDirectoryStorageOptions,
  newStorageKey,
  type StorageFailure,
} from './document-storage';
export {
  DOCUMENT_TYPES,
  type DocumentContentType,
  type DocumentType,
  IDENTITY_DOCUMENTS,
  isDocumentType,
} from './document-types';
export { sniffDocument, type SniffProblem, type SniffResult } from './file-sniff';
export { type GateInput, type VerificationGate, verificationGate, verificationStakeGate } from './gates';
export { VERIFICATION_CODES, verificationRequired } from './refusals';
export { resolvedFor, type VerificationContext, verificationConfig } from './verification-context';
export {
  type NeededDocument,
  neededDocuments,
  rulesFor,
  statusOf,
  type VerificationRule,
  type VerificationStatus,
} from './verification-status';
export {
  admitUpload,
  cleanFileName,
  documentsOf,
  fileTooLarge,
  storeDocument,
  submitForReview,
  type Upload,
  type VerificationAccount,
  verificationView,
} from './verification.service';
export {
  type DecisionRow,
  type DocumentRow,
  listDecisions,
  listDocuments,
  listSubmissions,
  type SubmissionRow,
} from './verification.repository';
export { readUploadForm, UPLOAD_BODY_LIMIT_BYTES, type UploadPart } from './upload-form';
export {
  createVerificationModule,
  defaultDocumentsDir,
  type VerificationModule,
  type VerificationModuleOptions,
} from './verification.module';
