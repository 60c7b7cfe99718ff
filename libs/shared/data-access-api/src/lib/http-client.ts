import type { BodyContentType } from './define-call';
import { isIdempotent } from './define-call';
import {
  CancelledError,
  createHttpError,
  DOWNLOAD_TIMEOUT_CODE,
  HTTPError,
  isInvalidRequest,
  NetworkError,
  REQUEST_TIMEOUT_CODE,
  RequestTimeoutError,
  type RequestSummary,
} from './http-errors';
import { silentLogger, type ApiLogger } from './logger';
import type { WireValue } from './param-encoders';
import { withQuery } from './query-string';

/** One request as the wire client sees it. */
export interface HttpRequest {
  /** Defaults to GET. */
  method?: string;
  /** Absolute, or relative to the client's base URL. */
  url: string;
  query?: Readonly<Record<string, WireValue | null | undefined>>;
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  contentType?: BodyContentType;
  signal?: AbortSignal;
  /** Time allowed until response headers arrive; overrides the client default. */
  timeoutMs?: number;
  /** Time allowed to download the body once headers arrived; overrides the client default. */
  downloadTimeoutMs?: number;
  /** Allow retrying network errors; default: only for idempotent methods. */
  retry?: boolean;
}

/** A successful answer with its body already read. */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer says JSON, text otherwise, undefined when empty. */
  data: T;
  url: string;
}

/** What a before-request hook may change: the URL and the fetch options (headers are a mutable Headers). */
export interface RequestContext {
  url: URL;
  init: RequestInit & { headers: Headers; method: string };
  summary: RequestSummary;
  /** 0 for the first try, then 1, 2, ... for retries. */
  attempt: number;
}

/** Hooks run around every attempt, e.g. to add a language header or record timings. */
export interface HttpHooks {
  beforeRequest?: ReadonlyArray<(context: RequestContext) => void | Promise<void>>;
  /** Runs before the body is read; use `response.clone()` to look at the body. */
  afterResponse?: ReadonlyArray<(response: Response, context: RequestContext) => void | Promise<void>>;
}

/** Spec section 9, "request attempts one": retries of a network error after the first attempt. A platform constant (ADR 0185). */
export const REQUEST_RETRY_LIMIT = 1;

/** Retry policy: only network errors of idempotent calls are retried (never 4xx, never timeouts). */
export interface RetryOptions {
  /** Retries after the first attempt; default 1 (spec section 9: "request attempts one"). */
  limit?: number;
  /** Wait before retry number `attempt` (1-based); default 300 ms doubling, at most 3 s. */
  delayMs?: (attempt: number) => number;
}

/** Settings of `createHttpClient`. */
export interface HttpClientOptions {
  /** Origin (and optional prefix) for relative URLs; defaults to the page's location in a browser. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Readonly<Record<string, string>>;
  /** Default 30 000 ms. */
  timeoutMs?: number;
  /** Default 30 000 ms. */
  downloadTimeoutMs?: number;
  retry?: RetryOptions;
  hooks?: HttpHooks;
  logger?: ApiLogger;
}

/** A fetch-based client with the platform's wire rules, timeouts, retries and error classes. */
export interface HttpClient {
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
}

const JSON_TYPE = 'application/json';
const JSON_API_TYPE = 'application/vnd.api+json';

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function defaultDelay(attempt: number): number {
  return Math.min(300 * 2 ** (attempt - 1), 3000);
}

function sleep(ms: number, signal: AbortSignal | undefined, summary: RequestSummary): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError(summary));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError(summary));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function resolveBase(baseUrl: string | undefined): string | undefined {
  if (baseUrl !== undefined) return baseUrl;
  const location = (globalThis as { location?: { href?: string } }).location;
  return location?.href;
}

/** Creates the HTTP client every data-access library goes through. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const logger = options.logger ?? silentLogger;
  const retryLimit = options.retry?.limit ?? REQUEST_RETRY_LIMIT;
  const delayMs = options.retry?.delayMs ?? defaultDelay;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const defaultDownloadTimeout = options.downloadTimeoutMs ?? 30_000;

  function report(error: unknown, summary: RequestSummary): void {
    // Cancelled requests are the user's choice (unmount, navigation): never logged (spec section 8).
    if (error instanceof CancelledError) return;
    const context: Record<string, unknown> = { method: summary.method, url: summary.url };
    if (isInvalidRequest(error)) {
      logger.info(`Invalid request: ${error.message}`, { ...context, status: error.status });
    } else if (error instanceof HTTPError && error.status >= 400 && error.status < 500) {
      logger.warn(error.message, { ...context, status: error.status });
    } else if (error instanceof RequestTimeoutError) {
      logger.error(error.message, { ...context, code: error.code });
    } else if (error instanceof HTTPError) {
      logger.error(error.message, { ...context, status: error.status });
    } else {
      logger.error(error instanceof Error ? error.message : String(error), context);
    }
  }

  async function attemptOnce(
    request: HttpRequest,
    url: URL,
    summary: RequestSummary,
    attempt: number,
  ): Promise<HttpResponse<unknown>> {
    const controller = new AbortController();
    const callerSignal = request.signal;
    if (callerSignal?.aborted) throw new CancelledError(summary);
    const onCallerAbort = (): void => controller.abort(new CancelledError(summary));
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const timeoutMs = request.timeoutMs ?? defaultTimeout;
    const downloadTimeoutMs = request.downloadTimeoutMs ?? defaultDownloadTimeout;
    let timer = setTimeout(
      () => controller.abort(new RequestTimeoutError(REQUEST_TIMEOUT_CODE, summary, timeoutMs)),
      timeoutMs,
    );

    // Whatever fetch throws after an abort, the abort reason says what really happened (cancel or which timeout).
    const explain = (error: unknown): Error => {
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && (reason instanceof CancelledError || reason instanceof RequestTimeoutError))
        return reason;
      return new NetworkError(summary, error);
    };

    try {
      const headers = new Headers(options.headers);
      const contentType = request.contentType === 'jsonapi' ? JSON_API_TYPE : JSON_TYPE;
      headers.set('Accept', request.contentType === 'jsonapi' ? `${JSON_API_TYPE}, ${JSON_TYPE}` : JSON_TYPE);
      let body: BodyInit | undefined;
      if (request.body !== undefined) {
        if (isRawBody(request.body)) {
          body = request.body;
          // FormData and friends set their own content type (with the multipart boundary).
          if (typeof request.body === 'string') headers.set('Content-Type', contentType);
        } else {
          body = JSON.stringify(request.body);
          headers.set('Content-Type', contentType);
        }
      }
      for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);

      const context: RequestContext = {
        url,
        summary,
        attempt,
        init: {
          method: summary.method,
          headers,
          body: body ?? null,
          credentials: 'same-origin',
          // Redirects are answers to act on (login page, block page), not something to follow blindly.
          redirect: 'manual',
          signal: controller.signal,
        },
      };
      for (const hook of options.hooks?.beforeRequest ?? []) await hook(context);

      let response: Response;
      try {
        response = await fetchImpl(context.url, context.init);
      } catch (error) {
        throw explain(error);
      }
      clearTimeout(timer);
      for (const hook of options.hooks?.afterResponse ?? []) await hook(response, context);

      timer = setTimeout(
        () => controller.abort(new RequestTimeoutError(DOWNLOAD_TIMEOUT_CODE, summary, downloadTimeoutMs)),
        downloadTimeoutMs,
      );
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw explain(error);
      }
      clearTimeout(timer);

      const redirected = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
      if (redirected || !response.ok) throw createHttpError(response, summary, text);

      const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
      let data: unknown = text === '' ? undefined : text;
      if (isJson && text.trim() !== '') data = JSON.parse(text) as unknown;
      return { status: response.status, headers: response.headers, data, url: context.url.toString() };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    async request<T>(request: HttpRequest): Promise<HttpResponse<T>> {
      const method = (request.method ?? 'GET').toUpperCase();
      const base = resolveBase(options.baseUrl);
      const target = withQuery(request.url, request.query ?? {});
      const url = base === undefined ? new URL(target) : new URL(target, base);
      const summary: RequestSummary = { method, url: `${url.pathname}${url.search}` };
      const mayRetry = request.retry ?? isIdempotent(method);

      for (let attempt = 0; ; attempt += 1) {
        try {
          return (await attemptOnce({ ...request, method }, url, summary, attempt)) as HttpResponse<T>;
        } catch (error) {
          // Only a failed connection is safe to repeat: the server either never saw it or the call is idempotent.
          if (error instanceof NetworkError && mayRetry && attempt < retryLimit) {
            await sleep(delayMs(attempt + 1), request.signal, summary);
            continue;
          }
          report(error, summary);
          throw error;
        }
      }
    },
  };
}
