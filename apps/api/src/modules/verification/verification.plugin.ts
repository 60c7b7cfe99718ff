import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { findUserById } from '@tessera/server/accounts';
import { ApiError, invalidField } from '@tessera/server/api-errors';
import { createBettorLookup } from '@tessera/server/bets';
import type { Database } from '@tessera/server/db';
import { ref } from '@tessera/server/http';
import {
  admitUpload,
  decideVerification,
  type DocumentStorage,
  documentsOf,
  fileTooLarge,
  isDocumentType,
  LocalDirectoryStorage,
  storeDocument,
  submitForReview,
  type Upload,
  type VerificationAccount,
  type VerificationContext,
  type VerificationGate,
  verificationGate,
  verificationStakeGate,
  verificationView,
} from '@tessera/server/verification';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import type { VerificationSection } from '@tessera/shared/util-config';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BrandRegistry } from '../config/brand-registry.port';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerVerification} needs. */
export interface VerificationOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  secretKey?: string;
  clock?: () => Date;
  /** Where documents are stored; default a {@link LocalDirectoryStorage} in `documentsDir`. */
  storage?: DocumentStorage;
  /**
   * The folder of the default storage: VERIFICATION_DOCUMENTS_DIR, else `.data/verification-documents` under the
   * working directory (beside the embedded database's data), never a served folder (ADR 0265).
   */
  documentsDir?: string;
  /** Where VERIFICATION_DOCUMENTS_DIR is read; default process.env. */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** The largest multipart body the upload route reads: the largest file a brand may allow plus the form's fields. */
const UPLOAD_BODY_LIMIT = 20 * 1024 * 1024 + 64 * 1024;

const tags = ['verification'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));

/** The default folder of identity documents. */
export function defaultDocumentsDir(environment: Readonly<Record<string, string | undefined>>): string {
  return path.resolve(environment['VERIFICATION_DOCUMENTS_DIR'] || path.join('.data', 'verification-documents'));
}

/**
 * Identity verification (libs/server/verification README): the player's status, document upload (multipart, checked
 * by its bytes), the list of their documents and the submission for review; outside production the development
 * decision endpoint browser tests use. Answers the gate the cashier and bet placement ask.
 */
export function registerVerification(
  app: FastifyInstance,
  options: VerificationOptions,
): { gate: VerificationGate; stakeGate: ReturnType<typeof verificationStakeGate> } {
  const clock = options.clock ?? (() => new Date());
  const ctx: VerificationContext = {
    db: options.database,
    registry: options.registry,
    storage:
      options.storage ??
      new LocalDirectoryStorage({
        directory: options.documentsDir ?? defaultDocumentsDir(options.environment ?? process.env),
      }),
    clock,
  };
  const lookup = createBettorLookup({
    database: options.database,
    registry: options.registry,
    mode: options.mode,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    clock,
    log: app.log,
    countryCookie: COUNTRY_COOKIE,
  });
  /** The signed-in player (401 without a session) and the verification settings of their brand and country. */
  const playerOf = async (
    request: FastifyRequest,
  ): Promise<{ account: VerificationAccount; config: VerificationSection }> => {
    const { bettor, config } = await lookup.bettorOf(request);
    const user = await findUserById(options.database, bettor.brandId, bettor.userId);
    if (!user) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
    return {
      account: {
        id: user.id,
        brand_id: user.brand_id,
        country: user.country,
        currency: bettor.currency,
        birth_date: user.birth_date,
      },
      config: config.verification,
    };
  };

  app.get(
    '/verification-api/api/v1/status',
    {
      schema: {
        summary: "The player's verification: status, what a submission needs, what waits for it, documents, decisions",
        tags,
        response: { 200: apiRef('verification/status-response'), ...errors(401) },
      },
    },
    async (request) => {
      const { account, config } = await playerOf(request);
      return verificationView(ctx, account, config);
    },
  );

  app.get(
    '/verification-api/api/v1/BackOffice/documents',
    {
      schema: {
        summary: "The player's own documents (metadata only; files are never served)",
        tags,
        response: { 200: apiRef('verification/documents-response'), ...errors(401) },
      },
    },
    async (request) => ({ documents: await documentsOf(ctx, (await playerOf(request)).account) }),
  );

  app.post<{ Body: ApiPayload<'verification/submit-request'> }>(
    '/verification-api/api/v1/BackOffice/documents/verify',
    {
      schema: {
        summary: 'Send the uploaded documents for review, with the country and date of birth they show',
        tags,
        body: apiRef('verification/submit-request'),
        response: { 201: apiRef('verification/status-response'), ...errors(400, 401, 409, 422) },
      },
    },
    async (request, reply) => {
      const { account, config } = await playerOf(request);
      const answer = await submitForReview(ctx, account, config, request.body);
      reply.code(201);
      return answer;
    },
  );

  // The multipart parser exists only in this scope: no other route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fields: 2, parts: 3, fieldSize: 200, fileSize: UPLOAD_BODY_LIMIT, headerPairs: 50 },
    });
    scope.post(
      '/verification-api/api/v1/BackOffice/documents/upload',
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        config: { uploadBodyLimitBytes: UPLOAD_BODY_LIMIT },
        schema: {
          summary:
            'Upload one identity document (multipart/form-data: document_type, then file); its bytes must be a JPEG, PNG, WebP, HEIC or PDF',
          tags,
          consumes: ['multipart/form-data'],
          response: {
            201: apiRef('verification/document'),
            ...errors(400, 401, 403, 409, 413, 415, 422, 429, 503),
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new ApiError(415, 'Send the document as multipart/form-data', {
            validation_errors: [{ field: 'file', message: 'required' }],
          });
        }
        const { account, config } = await playerOf(request);
        await admitUpload(ctx, account, config);
        const upload = await readUpload(request, config);
        const document = await storeDocument(ctx, account, config, upload);
        reply.code(201);
        return document;
      },
    );
  });

  // Never registered in production (nothing under /__dev exists there): browser tests decide through it, as
  // `tessera kyc decide` does against a database the test cannot open (the embedded one of the server under test).
  if (options.mode !== 'production') {
    app.post<{ Body: ApiPayload<'verification/dev-decide-request'> }>(
      '/__dev/verification/decide',
      {
        schema: {
          summary: 'Development only: decide a waiting submission, as `tessera kyc decide` does',
          tags,
          body: apiRef('verification/dev-decide-request'),
          response: { 200: { type: 'object', additionalProperties: true }, ...errors(400, 404, 409, 422) },
        },
      },
      async (request) => {
        const body = request.body;
        return decideVerification(ctx, {
          accountId: body.account_id,
          decision: body.decision,
          reason: body.reason,
          operator: 'development endpoint',
          ...(body.country ? { country: body.country } : {}),
          ...(body.birth_date ? { birthDate: body.birth_date } : {}),
        });
      },
    );
  }

  return { gate: verificationGate(ctx), stakeGate: verificationStakeGate(ctx) };
}

/** Multipart errors of @fastify/multipart, by code, as answers in the error shape. */
function multipartError(error: unknown, config: VerificationSection): ApiError | undefined {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(config);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalidField('file', 'send one document_type field and one file');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
    return new ApiError(415, 'Send the document as multipart/form-data');
  if (code?.startsWith('FST_') && code !== 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError(400, 'Invalid request', { detail: 'The multipart body could not be read' });
  return undefined;
}

/** Reads the form: `document_type` and one `file`, stopping at the brand's file size limit. */
async function readUpload(request: FastifyRequest, config: VerificationSection): Promise<Upload> {
  let type: unknown;
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: config.maxFileBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalidField(part.fieldname, 'unknown field; the document goes in "file"');
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (part.fieldname === 'document_type') {
        type = part.value;
      } else {
        throw invalidField(part.fieldname, 'unknown field');
      }
    }
  } catch (error) {
    throw multipartError(error, config) ?? error;
  }
  if (!isDocumentType(type)) {
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [
        { field: 'document_type', message: 'must be passport, id_card, driving_licence, proof_of_address or selfie' },
      ],
    });
  }
  if (!file) throw invalidField('file', 'required');
  return { type, ...file };
}
