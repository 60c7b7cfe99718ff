import { ApiError, invalidField } from '@tessera/server/api-errors';
import type { VerificationSection } from '@tessera/shared/util-config';
import { isDocumentType } from './document-types';
import { fileTooLarge, type Upload } from './verification.service';

/** The largest multipart body the upload route reads: the largest file a brand may allow plus the form's fields. */
export const UPLOAD_BODY_LIMIT_BYTES = 20 * 1024 * 1024 + 64 * 1024;

/** One part of a multipart form as the HTTP layer hands it over (@fastify/multipart's parts are). */
export type UploadPart =
  | {
      type: 'file';
      fieldname: string;
      filename: string | undefined;
      file: { resume(): unknown };
      toBuffer(): Promise<Buffer>;
    }
  | { type: 'field'; fieldname: string; value: unknown };

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

/**
 * Reads the upload form: `document_type` and one `file` (the parts stop at the brand's file size limit, which the
 * caller passes to its multipart reader); anything else is refused naming the field.
 */
export async function readUploadForm(parts: AsyncIterable<UploadPart>, config: VerificationSection): Promise<Upload> {
  let type: unknown;
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of parts) {
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
