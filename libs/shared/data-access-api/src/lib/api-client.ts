import type { AuthKind, BuiltRequest, CallArgs, CallDefinition } from './define-call';
import type { HttpClient } from './http-client';
import { UnauthorizedError } from './http-errors';
import { createInFlight } from './in-flight';
import { withQuery } from './query-string';

/** A failed 401 as an auth provider sees it. */
export interface UnauthorizedFailure {
  /** Request path and query, the key for "failures for the same URL". */
  url: string;
  /** The auth headers that were refused, so a provider can tell a stale token from the current one. */
  headers: Readonly<Record<string, string>>;
  error: UnauthorizedError;
}

/** Supplies credentials for one AuthKind, and decides whether a 401 is worth another try. */
export interface AuthProvider {
  headers(signal?: AbortSignal): Promise<Record<string, string>>;
  /** Resolve true to retry the call with fresh headers; throw to give up with a specific error. */
  onUnauthorized?(failure: UnauthorizedFailure): Promise<boolean>;
  /** Called after a successful answer, e.g. to reset failure counters. */
  onAuthorized?(url: string): void;
}

/** Options of one `send`. */
export interface SendOptions {
  /** Abort signal, e.g. TanStack Query's, so unmount cancels the request. */
  signal?: AbortSignal;
  /** Extra headers, e.g. `x-auth` on user-token calls or `x-captcha-token`. */
  headers?: Readonly<Record<string, string>>;
  /** Replaces the encoded body (multipart uploads). */
  rawBody?: BodyInit;
}

/** Outcome of `trySend`: the non-strict variant that never throws. */
export type SendResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

/** Sends declared calls: builds, authorises, de-duplicates and parses. */
export interface ApiClient {
  /** Strict variant: resolves with the parsed answer or throws the error class of spec section 8. */
  send<A, R>(call: CallDefinition<A, R>, ...params: [...CallArgs<A>, SendOptions?]): Promise<R>;
  /** Non-strict variant: never throws, returns `{ ok, data | error }`. */
  trySend<A, R>(call: CallDefinition<A, R>, ...params: [...CallArgs<A>, SendOptions?]): Promise<SendResult<R>>;
}

/** Settings of `createApiClient`. */
export interface ApiClientOptions {
  http: HttpClient;
  /** Credential providers by kind; a call needing a kind without a provider fails fast. */
  auth?: Partial<Record<Exclude<AuthKind, 'none'>, AuthProvider>>;
}

/** A stable key for identical calls: same method, URL, query, body and credentials. */
export function requestKey(built: BuiltRequest): string {
  return JSON.stringify([built.method, withQuery(built.url, built.query), built.body ?? null, built.auth]);
}

/** Creates the client that data-access libraries use to send their declared calls. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const inFlight = createInFlight();

  async function execute(
    built: BuiltRequest,
    signal: AbortSignal | undefined,
    sendOptions: SendOptions,
  ): Promise<unknown> {
    const provider = built.auth === 'none' ? undefined : options.auth?.[built.auth];
    if (built.auth !== 'none' && !provider)
      throw new Error(`No auth provider for "${built.auth}" (${built.method} ${built.url})`);
    const urlKey = withQuery(built.url, built.query);
    for (;;) {
      const authHeaders = provider ? await provider.headers(signal) : {};
      try {
        const response = await options.http.request({
          method: built.method,
          url: built.url,
          query: built.query,
          body: sendOptions.rawBody ?? built.body,
          contentType: built.contentType,
          headers: { ...sendOptions.headers, ...authHeaders },
          retry: built.retry,
          ...(built.timeoutMs !== undefined ? { timeoutMs: built.timeoutMs } : {}),
          ...(signal ? { signal } : {}),
        });
        provider?.onAuthorized?.(urlKey);
        return response.data;
      } catch (error) {
        if (error instanceof UnauthorizedError && provider?.onUnauthorized) {
          if (await provider.onUnauthorized({ url: urlKey, headers: authHeaders, error })) continue;
        }
        throw error;
      }
    }
  }

  async function send<A, R>(call: CallDefinition<A, R>, params: unknown[]): Promise<R> {
    const [args, sendOptions = {}] = params as [A | undefined, SendOptions | undefined];
    const built = call.build((args ?? {}) as A);
    // A raw body (upload) is never identical to another call's, so it is never shared.
    const data =
      built.dedupe && sendOptions.rawBody === undefined
        ? await inFlight.run(requestKey(built), sendOptions.signal, (signal) => execute(built, signal, sendOptions))
        : await execute(built, sendOptions.signal, sendOptions);
    return call.parse(data);
  }

  return {
    send: (call, ...params) => send(call, params),
    async trySend(call, ...params) {
      try {
        return { ok: true, data: await send(call, params) };
      } catch (error) {
        return { ok: false, error };
      }
    },
  };
}
