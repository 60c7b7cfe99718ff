import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClientOptions } from './http-client';
import {
  BadRequestError,
  CancelledError,
  ForbiddenError,
  HTTPError,
  InvalidRequestError,
  isInvalidRequest,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
  UnauthorizedError,
} from './http-errors';
import type { ApiLogger } from './logger';
import { sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
const flakyCounts = new Map<string, number>();
let arrived: (() => void) | undefined;

beforeAll(async () => {
  server = await startTestServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/echo') {
      sendJson(res, 200, { method: req.method, search: url.search, headers: req.headers, body });
    } else if (path.startsWith('/status/')) {
      const status = Number(path.slice('/status/'.length));
      sendJson(res, status, {
        message: `server says ${status}`,
        validation_errors: [{ field: 'phone', message: 'bad' }],
        error_code: 7,
      });
    } else if (path === '/jsonapi-error') {
      sendJson(res, 400, { errors: [{ title: 'Wrong code', detail: 'The code is wrong' }], message: 'ignored' });
    } else if (path === '/seo-miss') {
      sendJson(res, 500, { message: 'Failed with params: section=nope' });
    } else if (path === '/redirect') {
      res.writeHead(302, { Location: '/target' });
      res.end();
    } else if (path === '/target') {
      sendJson(res, 200, { followed: true });
    } else if (path === '/hang') {
      arrived?.();
      // Never answers: the client's timeout or abort must end the request.
    } else if (path === '/slow-body') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"partial":');
      // The body never finishes.
    } else if (path.startsWith('/flaky')) {
      const count = (flakyCounts.get(path) ?? 0) + 1;
      flakyCounts.set(path, count);
      if (count === 1) req.socket.destroy();
      else sendJson(res, 200, { attempt: count });
    } else if (path === '/down') {
      req.socket.destroy();
    } else if (path === '/text') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('plain words');
    } else if (path === '/empty') {
      res.writeHead(204);
      res.end();
    } else {
      sendJson(res, 404, { message: 'no route' });
    }
  });
});

afterAll(() => server.close());

function recordingLogger(): ApiLogger & { calls: Array<[string, string]> } {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    error: (message) => calls.push(['error', message]),
    warn: (message) => calls.push(['warn', message]),
    info: (message) => calls.push(['info', message]),
  };
}

function client(options: Partial<HttpClientOptions> = {}) {
  return createHttpClient({ baseUrl: server.url, retry: { limit: 1, delayMs: () => 1 }, ...options });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('createHttpClient: what goes on the wire', () => {
  it('sends JSON accept and content type and a JSON body', async () => {
    const { data } = await client().request<{ method: string; headers: Record<string, string>; body: string }>({
      method: 'POST',
      url: '/echo',
      body: { when: new Date('2026-03-01T12:00:00Z'), n: 1 },
    });
    expect(data.method).toBe('POST');
    expect(data.headers['accept']).toBe('application/json');
    expect(data.headers['content-type']).toBe('application/json');
    expect(JSON.parse(data.body)).toEqual({ when: '2026-03-01T12:00:00.000Z', n: 1 });
  });

  it('uses the JSON:API content type when the call says so', async () => {
    const { data } = await client().request<{ headers: Record<string, string> }>({
      method: 'POST',
      url: '/echo',
      contentType: 'jsonapi',
      body: { data: { type: 'token' } },
    });
    expect(data.headers['content-type']).toBe('application/vnd.api+json');
  });

  it('serialises array query keys with [] and dates as ISO strings', async () => {
    const { data } = await client().request<{ search: string }>({
      url: '/echo',
      query: { games: [1, 2], from: new Date('2026-01-01T00:00:00Z'), skip: undefined },
    });
    expect(decodeURIComponent(data.search)).toBe('?games[]=1&games[]=2&from=2026-01-01T00:00:00.000Z');
  });

  it('lets before-request hooks add headers and after-response hooks see the response', async () => {
    const statuses: number[] = [];
    const { data } = await client({
      headers: { 'x-brand': 'northbet' },
      hooks: {
        beforeRequest: [(context) => context.init.headers.set('x-lang', 'en')],
        afterResponse: [(response) => void statuses.push(response.status)],
      },
    }).request<{ headers: Record<string, string> }>({ url: '/echo' });
    expect(data.headers['x-lang']).toBe('en');
    expect(data.headers['x-brand']).toBe('northbet');
    expect(statuses).toEqual([200]);
  });

  it('returns text for non-JSON answers and undefined for empty ones', async () => {
    expect((await client().request({ url: '/text' })).data).toBe('plain words');
    expect((await client().request({ url: '/empty' })).data).toBeUndefined();
  });
});

describe('createHttpClient: errors', () => {
  it.each([
    [400, BadRequestError, 'Bad Request'],
    [401, UnauthorizedError, 'Unauthorized'],
    [403, ForbiddenError, 'Forbidden'],
    [404, NotFoundError, 'Not Found'],
    [500, HTTPError, 'Internal Server Error'],
  ])('status %i gives %o with message, title, request and response', async (status, errorClass, title) => {
    const error = await failure(client().request({ url: `/status/${status}` }));
    expect(error).toBeInstanceOf(errorClass);
    const http = error as HTTPError;
    expect(http.status).toBe(status);
    expect(http.message).toBe(`server says ${status}`);
    expect(http.title).toBe(title);
    expect(http.request).toEqual({ method: 'GET', url: `/status/${status}` });
    expect(http.response.status).toBe(status);
    expect(http.validationErrors).toEqual([{ field: 'phone', message: 'bad' }]);
    expect(http.errorCode).toBe(7);
  });

  it('treats 403 and 422 as invalid requests, logged as info and not as failures', async () => {
    const logger = recordingLogger();
    const forbidden = await failure(client({ logger }).request({ url: '/status/403' }));
    const unprocessable = await failure(client({ logger }).request({ url: '/status/422' }));
    expect(forbidden).toBeInstanceOf(InvalidRequestError);
    expect(unprocessable).toBeInstanceOf(InvalidRequestError);
    expect(unprocessable).not.toBeInstanceOf(ForbiddenError);
    expect(logger.calls.map(([level]) => level)).toEqual(['info', 'info']);
  });

  it("treats the SEO service's 'Failed with params' answer as an invalid request", async () => {
    const logger = recordingLogger();
    const error = await failure(client({ logger }).request({ url: '/seo-miss' }));
    expect(isInvalidRequest(error)).toBe(true);
    expect(logger.calls.map(([level]) => level)).toEqual(['info']);
  });

  it('logs other 4xx as warnings and 5xx as errors', async () => {
    const logger = recordingLogger();
    await failure(client({ logger }).request({ url: '/status/404' }));
    await failure(client({ logger }).request({ url: '/status/502' }));
    expect(logger.calls.map(([level]) => level)).toEqual(['warn', 'error']);
  });

  it('takes the message from errors[0].detail first', async () => {
    const error = (await failure(client().request({ url: '/jsonapi-error' }))) as HTTPError;
    expect(error.message).toBe('The code is wrong');
    expect(error.title).toBe('Wrong code');
  });

  it('does not follow redirects', async () => {
    const before = server.hits('/target');
    const error = (await failure(client().request({ url: '/redirect' }))) as HTTPError;
    expect(error).toBeInstanceOf(HTTPError);
    expect(error.status).toBe(302);
    expect(error.response.headers.get('location')).toBe('/target');
    expect(server.hits('/target')).toBe(before);
  });
});

describe('createHttpClient: timeouts and cancellation', () => {
  it('gives code 1488 when no answer arrives in time', async () => {
    const error = await failure(client({ timeoutMs: 50 }).request({ url: '/hang' }));
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as RequestTimeoutError).code).toBe(1488);
  });

  it('gives code 1489 when the body does not finish downloading in time', async () => {
    const error = await failure(client({ downloadTimeoutMs: 50 }).request({ url: '/slow-body' }));
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as RequestTimeoutError).code).toBe(1489);
  });

  it('does not retry a timeout', async () => {
    const before = server.hits('/hang');
    await failure(client({ timeoutMs: 50 }).request({ url: '/hang' }));
    expect(server.hits('/hang')).toBe(before + 1);
  });

  it('turns an abort into a CancelledError that is never logged', async () => {
    const logger = recordingLogger();
    const controller = new AbortController();
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const pending = client({ logger }).request({ url: '/hang', signal: controller.signal });
    await reached;
    controller.abort();
    expect(await failure(pending)).toBeInstanceOf(CancelledError);
    expect(logger.calls).toEqual([]);
  });

  it('refuses to start with an already aborted signal', async () => {
    const before = server.hits('/echo');
    const error = await failure(client().request({ url: '/echo', signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(CancelledError);
    expect(server.hits('/echo')).toBe(before);
  });
});

describe('createHttpClient: retries', () => {
  it('retries a network error of an idempotent call', async () => {
    const { data } = await client().request<{ attempt: number }>({ url: '/flaky-get' });
    expect(data.attempt).toBe(2);
    expect(server.hits('/flaky-get')).toBe(2);
  });

  it('does not retry a network error of a POST', async () => {
    const error = await failure(client().request({ method: 'POST', url: '/flaky-post', body: {} }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(server.hits('/flaky-post')).toBe(1);
  });

  it('gives up after the retry limit and logs one error', async () => {
    const logger = recordingLogger();
    const error = await failure(client({ logger, retry: { limit: 2, delayMs: () => 1 } }).request({ url: '/down' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(server.hits('/down')).toBe(3);
    expect(logger.calls.map(([level]) => level)).toEqual(['error']);
  });

  it('never retries a 4xx', async () => {
    const before = server.hits('/status/429');
    await failure(client({ retry: { limit: 3, delayMs: () => 1 } }).request({ url: '/status/429' }));
    expect(server.hits('/status/429')).toBe(before + 1);
  });
});
