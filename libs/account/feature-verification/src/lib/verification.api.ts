import type {
  ApiError as ApiErrorBody,
  VerificationDocument,
  VerificationStatusResponse,
  VerificationSubmitRequest,
} from '@tessera/shared/contract-api';

/** The verification calls (apps/api/src/modules/verification), same origin, cookie authenticated. */
export const VERIFICATION_PATHS = {
  status: '/verification-api/api/v1/status',
  upload: '/verification-api/api/v1/BackOffice/documents/upload',
  submit: '/verification-api/api/v1/BackOffice/documents/verify',
} as const;

/** A refused call: its HTTP status and the error shape's body. */
export class VerificationCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'VerificationCallError';
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({ message: response.statusText }))) as unknown;
  if (!response.ok) throw new VerificationCallError(response.status, body as ApiErrorBody);
  return body as T;
}

/** Plain fetchers of the verification page; tests replace them through {@link VerificationApiProvider}. */
export interface VerificationApi {
  status(signal?: AbortSignal): Promise<VerificationStatusResponse>;
  submit(body: VerificationSubmitRequest): Promise<VerificationStatusResponse>;
  /** Uploads one file; `onProgress` gets the share sent, 0 to 1. */
  upload(type: string, file: File, onProgress: (share: number) => void): Promise<VerificationDocument>;
}

/** The browser's verification API: fetch for JSON, XMLHttpRequest for the upload (it reports upload progress). */
export function browserVerificationApi(): VerificationApi {
  return {
    async status(signal) {
      return answer(
        await fetch(VERIFICATION_PATHS.status, { credentials: 'same-origin', ...(signal ? { signal } : {}) }),
      );
    },
    async submit(body) {
      return answer(
        await fetch(VERIFICATION_PATHS.submit, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    },
    upload(type, file, onProgress) {
      return new Promise((resolve, reject) => {
        const form = new FormData();
        // The type first: the server reads the form in order and stops reading a file past the size limit.
        form.append('document_type', type);
        form.append('file', file, file.name);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', VERIFICATION_PATHS.upload);
        xhr.withCredentials = true;
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          let body: unknown;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            body = { message: xhr.statusText };
          }
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress(1);
            resolve(body as VerificationDocument);
          } else reject(new VerificationCallError(xhr.status, body as ApiErrorBody));
        };
        xhr.onerror = () => reject(new VerificationCallError(0, { message: 'network error' }));
        xhr.send(form);
      });
    },
  };
}
