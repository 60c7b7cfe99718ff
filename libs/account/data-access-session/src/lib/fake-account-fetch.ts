import type { ApiClient } from '@tessera/shared/data-access-api';
import { createAccountApiClient } from './account-client';

/** One recorded request of {@link fakeAccountApi}. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An answer of a fake route: status and JSON body. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** Route handlers by `METHOD /path`; a handler may be a fixed answer or compute one from the request. */
export type FakeRoutes = Record<string, FakeAnswer | ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>)>;

/**
 * An account ApiClient over an in-memory fetch, for component tests of the account screens: the real client,
 * request builder and error classes run; only the network is replaced. Unknown routes answer 404.
 */
export function fakeAccountApi(routes: FakeRoutes): { client: ApiClient; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { client: createAccountApiClient(fetchImpl, 'http://localhost/'), requests };
}
