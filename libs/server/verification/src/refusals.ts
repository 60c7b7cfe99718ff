import { ApiError } from '@tessera/server/api-errors';
import type { VerificationRefusal } from '@tessera/shared/contract-api';

/** The error_code of each verification refusal (the README's table); never renumber one. */
export const VERIFICATION_CODES = {
  /** A withdrawal before the player is verified (verification.requiredBefore.withdrawal). */
  withdrawal: 1701,
  /** A deposit or bet before the player is verified (verification.requiredBefore.deposit). */
  deposit: 1704,
  /** Deposits and bets after verification.requiredBefore.deadlineDays passed unverified. */
  deadline: 1702,
  /** A deposit that would pass verification.requiredBefore.depositThreshold. */
  deposit_threshold: 1703,
  /** The bytes are not an accepted image or PDF (whatever the name or declared type says). */
  unsupported_file: 1710,
  /** The file is larger than verification.maxFileBytes. */
  file_too_large: 1711,
  /** The account holds verification.maxDocuments documents already. */
  too_many_documents: 1712,
  /** The document storage failed (full, permission, unavailable, timeout); nothing was kept. */
  storage_failed: 1713,
  /** A submission lacks a document it needs. */
  submission_incomplete: 1714,
  /** Nothing to submit: a submission waits for its decision, or the player is verified. */
  submission_closed: 1715,
} as const;

const BLOCKED: Readonly<Record<VerificationRefusal['rule'], string>> = {
  withdrawal: 'Withdrawals need a verified identity',
  deposit: 'Deposits and bets need a verified identity',
  deadline: 'Deposits and bets need a verified identity',
  deposit_threshold: 'Further deposits need a verified identity',
};

/** 403 in the spec's error shape with what is required and why (`verification`), for the page to explain. */
export function verificationRequired(refusal: VerificationRefusal, detail: string): ApiError {
  return new ApiError(403, BLOCKED[refusal.rule], {
    detail,
    error_code: VERIFICATION_CODES[refusal.rule],
    verification: refusal,
  });
}
