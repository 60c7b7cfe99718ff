import { parseErrorBody, type ErrorBody, type ValidationError } from './error-body';

/** Custom code of spec section 8: no response headers arrived in time. */
export const REQUEST_TIMEOUT_CODE = 1488;
/** Custom code of spec section 8: headers arrived but the body did not finish downloading in time. */
export const DOWNLOAD_TIMEOUT_CODE = 1489;

/** What was sent, kept on every error so logs and callers can tell which call failed. */
export interface RequestSummary {
  method: string;
  url: string;
}

/** Reason phrases of the statuses the spec names; used as the error title when the server gives none. */
export const STATUS_TITLES: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
};

/** Any answer with a status outside 2xx (including a redirect the client refused to follow). */
export class HTTPError extends Error {
  override readonly name: string = 'HTTPError';
  /** HTTP status; 0 when the browser hid a redirect (opaque redirect). */
  readonly status: number;
  /** Short title: the server's errors[0].title or the reason phrase. */
  readonly title: string;
  readonly request: RequestSummary;
  /** The response as received; its body has already been read into `body`. */
  readonly response: Response;
  readonly body: ErrorBody;

  constructor(response: Response, request: RequestSummary, body: ErrorBody) {
    const title = body.title ?? STATUS_TITLES[response.status] ?? (response.statusText || 'HTTP error');
    super(body.message ?? `Request failed with status ${response.status} ${title}: ${request.method} ${request.url}`);
    this.status = response.status;
    this.title = title;
    this.request = request;
    this.response = response;
    this.body = body;
  }

  /** The server's `detail`, if any. */
  get detail(): string | undefined {
    return this.body.detail;
  }

  /** The server's `validation_errors`, empty when none. */
  get validationErrors(): ValidationError[] {
    return this.body.validationErrors;
  }

  /** The server's numeric `error_code`, if any. */
  get errorCode(): number | undefined {
    return this.body.errorCode;
  }
}

/** HTTP 400. */
export class BadRequestError extends HTTPError {
  override readonly name: string = 'BadRequestError';
}

/** HTTP 401: the session or service token is missing or expired. */
export class UnauthorizedError extends HTTPError {
  override readonly name: string = 'UnauthorizedError';
}

/** HTTP 403 or 422: the server refused on purpose. Never retried and never logged as a failure (spec section 8). */
export class InvalidRequestError extends HTTPError {
  override readonly name: string = 'InvalidRequestError';
}

/** HTTP 403; also an InvalidRequestError. */
export class ForbiddenError extends InvalidRequestError {
  override readonly name: string = 'ForbiddenError';
}

/** HTTP 404. */
export class NotFoundError extends HTTPError {
  override readonly name: string = 'NotFoundError';
}

/** No answer in time: code 1488 before headers, 1489 while downloading the body. */
export class RequestTimeoutError extends Error {
  override readonly name: string = 'RequestTimeoutError';
  readonly code: typeof REQUEST_TIMEOUT_CODE | typeof DOWNLOAD_TIMEOUT_CODE;
  readonly request: RequestSummary;

  constructor(
    code: typeof REQUEST_TIMEOUT_CODE | typeof DOWNLOAD_TIMEOUT_CODE,
    request: RequestSummary,
    timeoutMs: number,
  ) {
    super(
      code === REQUEST_TIMEOUT_CODE
        ? `Request timeout after ${timeoutMs} ms: ${request.method} ${request.url}`
        : `Timeout while downloading after ${timeoutMs} ms: ${request.method} ${request.url}`,
    );
    this.code = code;
    this.request = request;
  }
}

/** The caller aborted (unmount, navigation). Never logged. */
export class CancelledError extends Error {
  override readonly name: string = 'CancelledError';
  readonly request: RequestSummary | undefined;

  constructor(request?: RequestSummary) {
    super(request ? `Request cancelled: ${request.method} ${request.url}` : 'Request cancelled');
    this.request = request;
  }
}

/** The connection failed before any answer (DNS, refused, reset). The only failure the client retries. */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
  readonly request: RequestSummary;

  constructor(request: RequestSummary, cause: unknown) {
    super(`Network error: ${request.method} ${request.url}`, { cause });
    this.request = request;
  }
}

/** Builds the error class that matches the status (400, 401, 403, 404, 422, other). */
export function createHttpError(response: Response, request: RequestSummary, body: unknown): HTTPError {
  const parsed = parseErrorBody(body);
  switch (response.status) {
    case 400:
      return new BadRequestError(response, request, parsed);
    case 401:
      return new UnauthorizedError(response, request, parsed);
    case 403:
      return new ForbiddenError(response, request, parsed);
    case 404:
      return new NotFoundError(response, request, parsed);
    case 422:
      return new InvalidRequestError(response, request, parsed);
    default:
      return new HTTPError(response, request, parsed);
  }
}

/** Text the SEO content service answers with when its parameters match no page (spec section 8). */
export const FAILED_WITH_PARAMS = 'Failed with params';

/**
 * True for a refusal that is expected business behaviour, so callers neither retry nor report it:
 * HTTP 403 or 422, or an error answer whose text is the SEO service's "Failed with params".
 */
export function isInvalidRequest(error: unknown): error is HTTPError {
  if (error instanceof InvalidRequestError) return true;
  return error instanceof HTTPError && error.message.includes(FAILED_WITH_PARAMS);
}

/** True when the caller aborted; such errors must not be shown or logged. */
export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}
