import { createHash } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { decideVerification, type DocumentRow, listDocuments, statusOf } from '@tessera/server/verification';
import type {
  BackofficeVerificationDecideRequest,
  BackofficeVerificationDecideResponse,
  BackofficeVerificationQuery,
  BackofficeVerificationQueueResponse,
} from '@tessera/shared/contract-api';
import { type Actor, audit, type BackofficeContext, inScope, notFound, scopeParam } from './context';
import { documentView } from './players';

/** Submissions of the operator's brands in a state (default submitted: waiting), oldest first, with their documents. */
export async function verificationQueue(
  ctx: BackofficeContext,
  actor: Actor,
  query: BackofficeVerificationQuery,
): Promise<BackofficeVerificationQueueResponse> {
  const { rows } = await ctx.db.query<{
    id: string;
    user_id: string;
    brand_id: string;
    status: 'submitted' | 'verified' | 'rejected';
    resubmission: boolean;
    country: string;
    birth_date: string;
    submitted_at: Date;
    email: string | null;
    name: string | null;
  }>(
    `select s.id::text as id, s.user_id::text as user_id, s.brand_id, s.status, s.resubmission, s.country,
            to_char(s.birth_date, 'YYYY-MM-DD') as birth_date, s.submitted_at, u.email,
            nullif(concat_ws(' ', u.first_name, u.last_name), '') as name
       from verification_submissions s join accounts_users u on u.id = s.user_id
      where s.status = $1 and ($2::text[] is null or s.brand_id = any($2::text[]))
      order by s.submitted_at, s.seq limit 200`,
    [query.state ?? 'submitted', scopeParam(actor.operator)],
  );
  const documents = await ctx.db.query<DocumentRow>(
    `select id::text as id, user_id::text as user_id, brand_id, submission_id::text as submission_id, document_type,
            content_type, size_bytes, sha256, storage_key, file_name, uploaded_at, null as submission_status
       from verification_documents where submission_id = any($1::uuid[]) order by uploaded_at`,
    [rows.map((r) => r.id)],
  );
  return {
    submissions: rows.map((r) => ({
      submissionId: r.id,
      accountId: r.user_id,
      brandId: r.brand_id,
      playerName: r.name,
      playerEmail: r.email,
      status: r.status,
      resubmission: r.resubmission,
      country: r.country,
      birthDate: r.birth_date,
      submittedAt: new Date(r.submitted_at).toISOString(),
      documents: documents.rows.filter((d) => d.submission_id === r.id).map(documentView),
    })),
  };
}

/** A document's bytes for the reviewer. */
export interface DocumentFile {
  contentType: string;
  fileName: string;
  bytes: Buffer;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * The bytes of one document of an account in the operator's brands, checked against the SHA-256 taken at upload (an
 * altered file is refused with 500, never shown). A personal-data view: audited as `verification.document.view`.
 */
export async function documentFile(
  ctx: BackofficeContext,
  actor: Actor,
  accountId: string,
  documentId: string,
): Promise<DocumentFile> {
  if (!/^\d{1,18}$/.test(accountId)) throw notFound('document');
  const document = (await listDocuments(ctx.db, accountId)).find((d) => d.id === documentId);
  if (!document || !inScope(actor.operator, document.brand_id)) throw notFound('document');
  const bytes = await ctx.verification.storage.get(document.storage_key).catch(() => undefined);
  if (!bytes) throw new ApiError(500, 'The document is missing from the storage');
  if (createHash('sha256').update(bytes).digest('hex') !== document.sha256)
    throw new ApiError(500, 'The stored document does not match its checksum', { detail: 'It was not shown' });
  await audit(ctx, actor, {
    action: 'verification.document.view',
    targetType: 'document',
    targetId: documentId,
    brandId: document.brand_id,
    after: { accountId, documentType: document.document_type, sha256: document.sha256 },
  });
  return {
    contentType: document.content_type,
    fileName: `${document.id}.${EXTENSIONS[document.content_type] ?? 'bin'}`,
    bytes,
  };
}

/**
 * Decides the account's waiting submission through the verification service (the one `tessera kyc decide` uses),
 * in the name of the operator, with their reason; audited with the status before and after.
 */
export async function decideAccountVerification(
  ctx: BackofficeContext,
  actor: Actor,
  accountId: string,
  body: BackofficeVerificationDecideRequest,
): Promise<BackofficeVerificationDecideResponse> {
  if (!/^\d{1,18}$/.test(accountId)) throw notFound('account');
  const { rows } = await ctx.db.query<{ brand_id: string }>('select brand_id from accounts_users where id = $1', [
    accountId,
  ]);
  const brandId = rows[0]?.brand_id;
  if (!brandId || !inScope(actor.operator, brandId)) throw notFound('account');
  const before = await statusOf(ctx.db, accountId);
  const result = await decideVerification(ctx.verification, {
    accountId,
    decision: body.decision,
    reason: body.reason,
    operator: actor.operator.email,
  });
  await audit(ctx, actor, {
    action: `verification.${body.decision === 'verified' ? 'verify' : 'reject'}`,
    targetType: 'player',
    targetId: accountId,
    brandId,
    reason: body.reason,
    before: { status: before },
    after: { status: body.decision, decisionId: result.decisionId, submissionId: result.submissionId },
  });
  return {
    accountId,
    submissionId: result.submissionId,
    decisionId: result.decisionId,
    decision: result.decision,
  };
}
