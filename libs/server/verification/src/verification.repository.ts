import type { Queryable } from '@tessera/server/db';
import type { DocumentContentType, DocumentType } from './document-types';

/** A stored document's metadata. */
export interface DocumentRow {
  id: string;
  user_id: string;
  brand_id: string;
  submission_id: string | null;
  document_type: DocumentType;
  content_type: DocumentContentType;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  file_name: string;
  uploaded_at: Date;
  /** The status of the submission the document went with; null while not yet submitted. */
  submission_status: SubmissionRow['status'] | null;
}

/** A submission for review. */
export interface SubmissionRow {
  id: string;
  user_id: string;
  brand_id: string;
  status: 'submitted' | 'verified' | 'rejected';
  resubmission: boolean;
  country: string;
  birth_date: string;
  submitted_at: Date;
  decided_at: Date | null;
}

/** A decision, as kept. */
export interface DecisionRow {
  id: string;
  submission_id: string;
  decision: 'verified' | 'rejected';
  reason: string;
  operator: string;
  verified_country: string | null;
  verified_birth_date: string | null;
  decided_at: Date;
}

const documentColumns = `d.id, d.user_id::text, d.brand_id, d.submission_id, d.document_type, d.content_type, d.size_bytes,
  d.sha256, d.storage_key, d.file_name, d.uploaded_at, s.status as submission_status`;

const submissionColumns = `id, user_id::text, brand_id, status, resubmission, country,
  to_char(birth_date, 'YYYY-MM-DD') as birth_date, submitted_at, decided_at`;

/** The account's documents, newest first. */
export async function listDocuments(db: Queryable, userId: string): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `select ${documentColumns} from verification_documents d
     left join verification_submissions s on s.id = d.submission_id
     where d.user_id = $1 order by d.uploaded_at desc, d.id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, size_bytes: Number(r.size_bytes) }));
}

/** Documents that count towards verification.maxDocuments: all but those of rejected submissions. */
export async function countHeldDocuments(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from verification_documents d
     left join verification_submissions s on s.id = d.submission_id
     where d.user_id = $1 and (s.status is null or s.status <> 'rejected')`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** What {@link insertDocument} keeps. */
export interface NewDocument {
  id: string;
  userId: string;
  brandId: string;
  type: DocumentType;
  contentType: DocumentContentType;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  fileName: string;
}

/** Keeps a stored document's metadata. */
export async function insertDocument(db: Queryable, doc: NewDocument, now: Date): Promise<void> {
  await db.query(
    `insert into verification_documents
       (id, user_id, brand_id, document_type, content_type, size_bytes, sha256, storage_key, file_name, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      doc.id,
      doc.userId,
      doc.brandId,
      doc.type,
      doc.contentType,
      doc.sizeBytes,
      doc.sha256,
      doc.storageKey,
      doc.fileName,
      now,
    ],
  );
}

/** The account's submissions, newest first. */
export async function listSubmissions(db: Queryable, userId: string): Promise<SubmissionRow[]> {
  const { rows } = await db.query<SubmissionRow>(
    `select ${submissionColumns} from verification_submissions where user_id = $1 order by seq desc`,
    [userId],
  );
  return rows;
}

/** The account's newest submission. */
export async function latestSubmission(db: Queryable, userId: string): Promise<SubmissionRow | undefined> {
  const { rows } = await db.query<SubmissionRow>(
    `select ${submissionColumns} from verification_submissions where user_id = $1
     order by seq desc limit 1`,
    [userId],
  );
  return rows[0];
}

/** The account's decisions, newest first. */
export async function listDecisions(db: Queryable, userId: string): Promise<DecisionRow[]> {
  const { rows } = await db.query<DecisionRow>(
    `select id::text, submission_id, decision, reason, operator, verified_country,
       to_char(verified_birth_date, 'YYYY-MM-DD') as verified_birth_date, decided_at
     from verification_decisions where user_id = $1 order by decided_at desc, id desc`,
    [userId],
  );
  return rows;
}

/**
 * Takes the row lock of the account (inside a transaction), so that the counts read and the rows written under it
 * are not raced by a second upload or decision of the same account.
 */
export async function lockAccount(
  db: Queryable,
  userId: string,
): Promise<{ id: string; brand_id: string; country: string; birth_date: string | null } | undefined> {
  const { rows } = await db.query<{ id: string; brand_id: string; country: string; birth_date: string | null }>(
    `select id::text, brand_id, country, to_char(birth_date, 'YYYY-MM-DD') as birth_date
     from accounts_users where id = $1 for update`,
    [userId],
  );
  return rows[0];
}

/** The total of the player's deposits in a currency, in minor units (gross: refunds are not subtracted). */
export async function depositedMinor(db: Queryable, userId: string, currency: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    `select coalesce(sum(p.amount), 0)::text as total
     from ledger_postings p
     join ledger_transactions t on t.id = p.transaction_id
     join ledger_accounts a on a.id = p.account_id
     where t.kind = 'deposit' and a.owner_kind = 'user' and a.owner_id = $1 and a.currency = $2`,
    [userId, currency],
  );
  return Number(rows[0]?.total ?? 0);
}

/** When the account was opened. */
export async function accountOpenedAt(db: Queryable, userId: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ created_at: Date }>('select created_at from accounts_users where id = $1', [
    userId,
  ]);
  return rows[0] ? new Date(rows[0].created_at) : undefined;
}
