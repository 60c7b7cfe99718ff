import { createHash, randomUUID } from 'node:crypto';
import { validateDate } from '@tessera/account/util-validation';
import { addAttempt, countAttempts, recordEvent } from '@tessera/server/accounts';
import { ApiError } from '@tessera/server/api-errors';
import type {
  VerificationDocument,
  VerificationStatusResponse,
  VerificationSubmitRequest,
} from '@tessera/shared/contract-api';
import type { VerificationSection } from '@tessera/shared/util-config';
import { DocumentStorageError, newStorageKey } from './document-storage';
import type { DocumentType } from './document-types';
import { sniffDocument, type SniffProblem } from './file-sniff';
import { VERIFICATION_CODES } from './refusals';
import type { VerificationContext } from './verification-context';
import {
  countHeldDocuments,
  insertDocument,
  listDecisions,
  listDocuments,
  listSubmissions,
  lockAccount,
  type DocumentRow,
} from './verification.repository';
import { neededDocuments, rulesFor, statusOf } from './verification-status';

/** The player a call is for: the account row's fields the services read. */
export interface VerificationAccount {
  id: string;
  brand_id: string;
  country: string;
  currency: string;
  birth_date: string | null;
}

const HOUR_MS = 3_600_000;
const uploadKey = (userId: string) => `verification-upload:${userId}`;

function documentView(row: DocumentRow): VerificationDocument {
  return {
    id: row.id,
    document_type: row.document_type,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    file_name: row.file_name,
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    state: row.submission_status ?? 'uploaded',
  };
}

/** The account's documents (metadata only; the files are never served). */
export async function documentsOf(
  ctx: VerificationContext,
  account: VerificationAccount,
): Promise<VerificationDocument[]> {
  return (await listDocuments(ctx.db, account.id)).map(documentView);
}

/** Everything the office page shows: status, what a submission needs, the rules, documents and decisions. */
export async function verificationView(
  ctx: VerificationContext,
  account: VerificationAccount,
  config: VerificationSection,
): Promise<VerificationStatusResponse> {
  const now = ctx.clock();
  const [status, documents, decisions, submissions, held] = await Promise.all([
    statusOf(ctx.db, account.id),
    listDocuments(ctx.db, account.id),
    listDecisions(ctx.db, account.id),
    listSubmissions(ctx.db, account.id),
    countHeldDocuments(ctx.db, account.id),
  ]);
  const rules = await rulesFor(ctx.db, config, { userId: account.id, currency: account.currency }, status, now);
  return {
    status,
    needs: neededDocuments(config, documents).map((n) => ({ ...n, types: [...n.types] })),
    rules: rules.map((r) => ({ ...r, blocks: [...r.blocks] })),
    limits: {
      max_file_bytes: config.maxFileBytes,
      max_documents: config.maxDocuments,
      held_documents: held,
      uploads_per_hour: config.uploadsPerHour,
    },
    declared: { country: account.country, birth_date: account.birth_date },
    documents: documents.map(documentView),
    submissions: submissions.map((s) => ({
      id: s.id,
      status: s.status,
      resubmission: s.resubmission,
      submitted_at: new Date(s.submitted_at).toISOString(),
      decided_at: s.decided_at ? new Date(s.decided_at).toISOString() : null,
    })),
    decisions: decisions.map((d) => ({
      submission_id: d.submission_id,
      decision: d.decision,
      reason: d.reason,
      decided_at: new Date(d.decided_at).toISOString(),
    })),
  };
}

/**
 * Counts an upload attempt against verification.uploadsPerHour before the body is read: 429 with Retry-After beyond
 * it; and 409 when the account already holds verification.maxDocuments documents (no point reading the file).
 */
export async function admitUpload(
  ctx: VerificationContext,
  account: VerificationAccount,
  config: VerificationSection,
): Promise<void> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - HOUR_MS);
  const attempts = await countAttempts(ctx.db, account.brand_id, uploadKey(account.id), since);
  if (attempts.count >= config.uploadsPerHour) {
    const retryAfterS = Math.max(
      1,
      Math.ceil(((attempts.oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 1000),
    );
    throw new ApiError(
      429,
      'Too many uploads',
      { detail: `At most ${config.uploadsPerHour} uploads an hour; try again in ${retryAfterS} s` },
      { 'retry-after': String(retryAfterS) },
    );
  }
  await addAttempt(ctx.db, account.brand_id, uploadKey(account.id), now);
  if ((await countHeldDocuments(ctx.db, account.id)) >= config.maxDocuments) throw tooManyDocuments(config);
}

function tooManyDocuments(config: VerificationSection): ApiError {
  return new ApiError(409, 'Too many documents', {
    detail: `An account may hold ${config.maxDocuments} documents; a rejected submission's documents do not count`,
    error_code: VERIFICATION_CODES.too_many_documents,
  });
}

/** 413 for a file above verification.maxFileBytes (the route stops reading at the limit). */
export function fileTooLarge(config: VerificationSection): ApiError {
  return new ApiError(413, 'The file is too large', {
    detail: `The largest file accepted is ${config.maxFileBytes} bytes`,
    error_code: VERIFICATION_CODES.file_too_large,
    validation_errors: [{ field: 'file', message: `must be at most ${config.maxFileBytes} bytes` }],
  });
}

const SNIFF_MESSAGES: Readonly<Record<SniffProblem, string>> = {
  unknown_type: 'must be a JPEG, PNG, WebP or HEIC image or a PDF (its content, not its name, decides)',
  truncated: 'is incomplete or damaged',
  active_pdf: 'is a PDF with scripts, actions or embedded files; print it to a plain PDF or send a photo',
};

/** The name the player's file had, as a label only: no path, no control or bidi characters, 120 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control and direction characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').trim();
  return Array.from(clean).slice(0, 120).join('') || 'document';
}

/** What {@link storeDocument} takes: the type the player chose, the file's bytes and its name (a label only). */
export interface Upload {
  type: DocumentType;
  bytes: Buffer;
  fileName: string | undefined;
}

/**
 * Keeps an uploaded document: its bytes must prove an accepted type (415 otherwise, nothing stored); the file is
 * written under a random key, then its row is inserted under the account's lock after the count is checked again.
 * A storage failure answers 503 and writes no row; a row that cannot be written removes the file.
 */
export async function storeDocument(
  ctx: VerificationContext,
  account: VerificationAccount,
  config: VerificationSection,
  upload: Upload,
): Promise<VerificationDocument> {
  if (upload.bytes.length === 0) {
    throw new ApiError(422, 'The file is empty', {
      error_code: VERIFICATION_CODES.unsupported_file,
      validation_errors: [{ field: 'file', message: 'is empty' }],
    });
  }
  if (upload.bytes.length > config.maxFileBytes) throw fileTooLarge(config);
  const sniffed = sniffDocument(upload.bytes);
  if (!sniffed.ok) {
    throw new ApiError(415, 'This file type is not accepted', {
      detail: `The file ${SNIFF_MESSAGES[sniffed.problem]}`,
      error_code: VERIFICATION_CODES.unsupported_file,
      validation_errors: [{ field: 'file', message: SNIFF_MESSAGES[sniffed.problem] }],
    });
  }
  const id = randomUUID();
  const key = newStorageKey();
  try {
    await ctx.storage.put(key, upload.bytes);
  } catch (error) {
    if (!(error instanceof DocumentStorageError)) throw error;
    throw new ApiError(
      503,
      'The document could not be stored',
      {
        detail: `Nothing was kept (${error.message}); try again later`,
        error_code: VERIFICATION_CODES.storage_failed,
      },
      { 'retry-after': '60' },
    );
  }
  const now = ctx.clock();
  try {
    await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, account.id);
      if ((await countHeldDocuments(tx, account.id)) >= config.maxDocuments) throw tooManyDocuments(config);
      await insertDocument(
        tx,
        {
          id,
          userId: account.id,
          brandId: account.brand_id,
          type: upload.type,
          contentType: sniffed.contentType,
          sizeBytes: upload.bytes.length,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          storageKey: key,
          fileName: cleanFileName(upload.fileName),
        },
        now,
      );
    });
  } catch (error) {
    // No row, no file: the bytes just written go too.
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  const row = (await listDocuments(ctx.db, account.id)).find((d) => d.id === id);
  if (!row) throw new Error('the stored document vanished');
  return documentView(row);
}

/**
 * Sends the documents not yet submitted for review, with the country and date of birth the player states they show.
 * Refused (409) while a submission waits or once verified; 422 without a document the settings require.
 */
export async function submitForReview(
  ctx: VerificationContext,
  account: VerificationAccount,
  config: VerificationSection,
  body: VerificationSubmitRequest,
): Promise<VerificationStatusResponse> {
  const birth = validateDate(body.birth_date, { required: true, max: { date: ctx.clock() } });
  if (!birth.valid || !/^\d{4}-\d{2}-\d{2}$/.test(body.birth_date)) {
    throw new ApiError(422, 'Invalid request', {
      validation_errors: [{ field: 'birth_date', message: birth.valid ? 'must be YYYY-MM-DD' : birth.key }],
    });
  }
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const status = await statusOf(tx, account.id);
    if (status === 'verified' || status === 'submitted' || status === 'resubmitted') {
      throw new ApiError(409, status === 'verified' ? 'Already verified' : 'A submission waits for its decision', {
        detail:
          status === 'verified'
            ? 'Your identity is verified; nothing more is needed'
            : 'Compliance is reviewing your documents; you will be able to send more after the decision',
        error_code: VERIFICATION_CODES.submission_closed,
      });
    }
    const documents = await listDocuments(tx, account.id);
    const missing = neededDocuments(config, documents).filter((n) => n.required && !n.provided);
    if (missing.length > 0) {
      throw new ApiError(422, 'Documents are missing', {
        detail: `Upload ${missing.map((m) => m.types.join(' or ')).join(', and ')} first`,
        error_code: VERIFICATION_CODES.submission_incomplete,
        validation_errors: missing.map((m) => ({ field: `documents.${m.need}`, message: 'required' })),
      });
    }
    const id = randomUUID();
    await tx.query(
      `insert into verification_submissions (id, user_id, brand_id, status, resubmission, country, birth_date, submitted_at)
       values ($1, $2, $3, 'submitted', $4, $5, $6, $7)`,
      [id, account.id, account.brand_id, status === 'rejected', body.country.toLowerCase(), body.birth_date, now],
    );
    await tx.query(
      'update verification_documents set submission_id = $2 where user_id = $1 and submission_id is null',
      [account.id, id],
    );
    await recordEvent(
      tx,
      {
        brandId: account.brand_id,
        userId: account.id,
        kind: 'verification_submitted',
        ip: null,
        userAgent: null,
        detail: { submission: id, resubmission: status === 'rejected' },
      },
      now,
    );
  });
  return verificationView(ctx, account, config);
}
