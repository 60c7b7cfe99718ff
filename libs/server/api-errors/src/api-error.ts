import type { ApiError as ApiErrorPayload } from '@tessera/shared/contract-api';

/** The body of every error answer (spec section 8): the generated type of schemas/api/error.schema.json. */
export type ApiErrorBody = ApiErrorPayload;

/** One invalid request field, as the error shape lists it. */
export type ValidationIssue = NonNullable<ApiErrorBody['validation_errors']>[number];

/** An error a route throws on purpose: the error handler answers it with its status and body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, 'message'> = {},
    /** Headers the answer carries (Retry-After of a 503). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The wire body. */
  toBody(): ApiErrorBody {
    return { message: this.message, ...this.extra };
  }
}

/** 400 with one invalid field. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, 'Invalid request', { validation_errors: [{ field, message }] });
}
