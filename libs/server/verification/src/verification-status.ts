import type { Queryable } from '@tessera/server/db';
import type { VerificationSection } from '@tessera/shared/util-config';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { IDENTITY_DOCUMENTS, type DocumentType } from './document-types';
import { accountOpenedAt, depositedMinor, latestSubmission, type DocumentRow } from './verification.repository';

/** Where a player's verification stands. */
export type VerificationStatus = 'not_started' | 'submitted' | 'verified' | 'rejected' | 'resubmitted';

/** The status of an account: from its newest submission. */
export async function statusOf(db: Queryable, userId: string): Promise<VerificationStatus> {
  const latest = await latestSubmission(db, userId);
  if (!latest) return 'not_started';
  if (latest.status === 'submitted') return latest.resubmission ? 'resubmitted' : 'submitted';
  return latest.status;
}

/** A part of a complete submission: one of `types`, and whether an unsubmitted upload provides it. */
export interface NeededDocument {
  need: 'identity' | 'selfie' | 'proof_of_address';
  types: readonly DocumentType[];
  required: boolean;
  provided: boolean;
}

/** What a submission needs under the settings, checked against the documents not yet submitted. */
export function neededDocuments(config: VerificationSection, documents: readonly DocumentRow[]): NeededDocument[] {
  const fresh = new Set(documents.filter((d) => d.submission_id === null).map((d) => d.document_type));
  const has = (types: readonly DocumentType[]) => types.some((t) => fresh.has(t));
  return [
    { need: 'identity', types: IDENTITY_DOCUMENTS, required: true, provided: has(IDENTITY_DOCUMENTS) },
    { need: 'selfie', types: ['selfie'], required: config.selfieRequired, provided: has(['selfie']) },
    {
      need: 'proof_of_address',
      types: ['proof_of_address'],
      required: config.proofOfAddressRequired,
      provided: has(['proof_of_address']),
    },
  ];
}

/** One rule of verification.requiredBefore as it applies to the player now. */
export interface VerificationRule {
  rule: 'withdrawal' | 'deposit' | 'deadline' | 'deposit_threshold';
  /** What the rule refuses until the player is verified. */
  blocks: ReadonlyArray<'withdrawal' | 'deposit' | 'bet'>;
  /** It refuses now (the deadline passed, the threshold is reached); `withdrawal` and `deposit` whenever unverified. */
  active: boolean;
  deadline?: string;
  threshold?: number;
  deposited?: number;
  currency?: string;
}

/** The rules of the settings for an account, with what they count now; none once the player is verified. */
export async function rulesFor(
  db: Queryable,
  config: VerificationSection,
  account: { userId: string; currency: string },
  status: VerificationStatus,
  now: Date,
): Promise<VerificationRule[]> {
  if (status === 'verified') return [];
  const rules: VerificationRule[] = [];
  const required = config.requiredBefore;
  if (required.withdrawal) rules.push({ rule: 'withdrawal', blocks: ['withdrawal'], active: true });
  if (required.deposit) rules.push({ rule: 'deposit', blocks: ['deposit', 'bet'], active: true });
  if (required.deadlineDays !== undefined) {
    const opened = (await accountOpenedAt(db, account.userId)) ?? now;
    const deadline = new Date(opened.getTime() + required.deadlineDays * 86_400_000);
    rules.push({
      rule: 'deadline',
      blocks: ['deposit', 'bet'],
      active: now.getTime() >= deadline.getTime(),
      deadline: deadline.toISOString(),
    });
  }
  const threshold = required.depositThreshold[account.currency];
  if (threshold !== undefined) {
    const deposited = await depositedMinor(db, account.userId, account.currency);
    rules.push({
      rule: 'deposit_threshold',
      blocks: ['deposit'],
      active: deposited >= toMinorUnits(threshold),
      threshold,
      deposited: fromMinorUnits(deposited),
      currency: account.currency,
    });
  }
  return rules;
}
