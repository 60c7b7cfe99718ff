import fastifyMultipart from '@fastify/multipart';
import { ApiError } from '@tessera/server/api-errors';
import { apiRoutes, errorAnswers } from '@tessera/server/http';
import {
  createVerificationModule,
  UPLOAD_BODY_LIMIT_BYTES,
  type VerificationModule,
  type VerificationModuleOptions,
} from '@tessera/server/verification';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import type { FastifyInstance } from 'fastify';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerVerification} needs: verification's settings (libs/server/verification) but the request side. */
export type VerificationOptions = Omit<VerificationModuleOptions, 'log' | 'countryCookie'>;

/**
 * Identity verification (libs/server/verification README): the player's status, document upload (multipart, checked
 * by its bytes), the list of their documents and the submission for review; outside production the development
 * decision endpoint browser tests use. Answers the gates the cashier and bet placement ask.
 */
export function registerVerification(app: FastifyInstance, options: VerificationOptions): VerificationModule {
  const verification = createVerificationModule({ ...options, log: app.log, countryCookie: COUNTRY_COOKIE });
  const routes = apiRoutes(app, { tags: ['verification'] });

  routes.get('/verification-api/api/v1/status', {
    summary: "The player's verification: status, what a submission needs, what waits for it, documents, decisions",
    reply: 'verification/status-response',
    errors: [401],
    handler: (request) => verification.status(request),
  });
  routes.get('/verification-api/api/v1/BackOffice/documents', {
    summary: "The player's own documents (metadata only; files are never served)",
    reply: 'verification/documents-response',
    errors: [401],
    handler: (request) => verification.documents(request),
  });
  routes.post('/verification-api/api/v1/BackOffice/documents/verify', {
    summary: 'Send the uploaded documents for review, with the country and date of birth they show',
    body: 'verification/submit-request',
    reply: 'verification/status-response',
    status: 201,
    errors: [400, 401, 409, 422],
    handler: (request) => verification.submit(request, request.body),
  });

  // The multipart parser exists only in this scope: no other route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fields: 2, parts: 3, fieldSize: 200, fileSize: UPLOAD_BODY_LIMIT_BYTES, headerPairs: 50 },
    });
    scope.post(
      '/verification-api/api/v1/BackOffice/documents/upload',
      {
        bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
        config: { uploadBodyLimitBytes: UPLOAD_BODY_LIMIT_BYTES },
        schema: {
          summary:
            'Upload one identity document (multipart/form-data: document_type, then file); its bytes must be a JPEG, PNG, WebP, HEIC or PDF',
          tags: ['verification'],
          consumes: ['multipart/form-data'],
          response: {
            201: apiRef('verification/document'),
            ...errorAnswers(400, 401, 403, 409, 413, 415, 422, 429, 503),
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new ApiError(415, 'Send the document as multipart/form-data', {
            validation_errors: [{ field: 'file', message: 'required' }],
          });
        }
        const document = await verification.upload(request, (fileSize) => request.parts({ limits: { fileSize } }));
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
          tags: ['verification'],
          body: apiRef('verification/dev-decide-request'),
          response: { 200: { type: 'object', additionalProperties: true }, ...errorAnswers(400, 404, 409, 422) },
        },
      },
      async (request) => verification.decideForDevelopment(request.body),
    );
  }

  return verification;
}
