import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type AuthProvider } from './api-client';
import { defineCall } from './define-call';
import { createHttpClient } from './http-client';
import { CancelledError, NotFoundError } from './http-errors';
import { int, str } from './param-encoders';
import { sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let held: http.ServerResponse[] = [];
let closed = 0;
const heldWaiters: Array<() => void> = [];

function release(body: unknown): void {
  for (const res of held) sendJson(res, 200, body);
  held = [];
}

/** Resolves once `count` requests are being held by the server. */
function heldCount(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (held.length >= count) resolve();
      else heldWaiters.push(check);
    };
    check();
  });
}

beforeAll(async () => {
  server = await startTestServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/held')) {
      res.on('close', () => {
        if (!res.writableEnded) closed += 1;
      });
      held.push(res);
      heldWaiters.splice(0).forEach((check) => check());
    } else if (url.pathname === '/echo') {
      sendJson(res, 200, { search: url.search, headers: req.headers, body });
    } else {
      sendJson(res, 404, { message: 'no route' });
    }
  });
});

afterAll(() => server.close());

function api(auth: Partial<Record<'user' | 'service' | 'extended', AuthProvider>> = {}) {
  return createApiClient({ http: createHttpClient({ baseUrl: server.url, retry: { limit: 0 } }), auth });
}

const getHeld = defineCall({ url: '/held', query: { id: int() } }).returns<{ value: string }>();

describe('createApiClient: in-flight de-duplication', () => {
  it('shares one pending request between identical parallel calls', async () => {
    const client = api();
    const before = server.hits('/held');
    const first = client.send(getHeld, { id: 1 });
    const second = client.send(getHeld, { id: 1 });
    await heldCount(1);
    release({ value: 'shared' });
    expect(await first).toEqual({ value: 'shared' });
    expect(await second).toEqual({ value: 'shared' });
    expect(server.hits('/held')).toBe(before + 1);
  });

  it('treats arguments that encode the same as identical', async () => {
    const client = api();
    const before = server.hits('/held');
    const first = client.send(getHeld, { id: 1 });
    const second = client.send(getHeld, { id: '1' });
    await heldCount(1);
    release({ value: 'x' });
    await Promise.all([first, second]);
    expect(server.hits('/held')).toBe(before + 1);
  });

  it('keeps the shared request alive when only one caller aborts', async () => {
    const client = api();
    const controller = new AbortController();
    const leaving = client.send(getHeld, { id: 2 }, { signal: controller.signal });
    const staying = client.send(getHeld, { id: 2 });
    await heldCount(1);
    controller.abort();
    await expect(leaving).rejects.toBeInstanceOf(CancelledError);
    release({ value: 'still here' });
    expect(await staying).toEqual({ value: 'still here' });
  });

  it('aborts the request on the wire when every caller has aborted', async () => {
    const client = api();
    const closedBefore = closed;
    const a = new AbortController();
    const b = new AbortController();
    const first = client.send(getHeld, { id: 3 }, { signal: a.signal });
    const second = client.send(getHeld, { id: 3 }, { signal: b.signal });
    await heldCount(1);
    a.abort();
    b.abort();
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    await expect.poll(() => closed).toBe(closedBefore + 1);
    held = [];
  });

  it('starts a new request once the previous one has settled', async () => {
    const client = api();
    const before = server.hits('/held');
    const first = client.send(getHeld, { id: 4 });
    await heldCount(1);
    release({ value: 'one' });
    await first;
    const second = client.send(getHeld, { id: 4 });
    await heldCount(1);
    release({ value: 'two' });
    expect(await second).toEqual({ value: 'two' });
    expect(server.hits('/held')).toBe(before + 2);
  });

  it('does not share POST calls unless the call asks for it', async () => {
    const client = api();
    const post = defineCall({ url: '/held-post', method: 'POST', body: { id: int() } });
    const before = server.hits('/held-post');
    const first = client.send(post, { id: 1 });
    const second = client.send(post, { id: 1 });
    await heldCount(2);
    release({ value: 'p' });
    await Promise.all([first, second]);
    expect(server.hits('/held-post')).toBe(before + 2);
  });
});

describe('createApiClient: sending', () => {
  it('sends the built request and parses the answer', async () => {
    const call = defineCall({
      url: '/echo',
      query: { lng: str() },
      parse: (data) => (data as { search: string }).search,
    });
    expect(await api().send(call, { lng: 'en' })).toBe('?lng=en');
  });

  it('adds the headers of the auth provider the call asks for, and extra headers', async () => {
    const user: AuthProvider = { headers: async () => ({ 'x-user-auth': 'u1' }) };
    const call = defineCall({ url: '/echo', auth: 'user' }).returns<{ headers: Record<string, string> }>();
    const { headers } = await api({ user }).send(call, {}, { headers: { 'x-auth': 'extra' } });
    expect(headers['x-user-auth']).toBe('u1');
    expect(headers['x-auth']).toBe('extra');
  });

  it('fails fast when the call needs credentials nobody provides', async () => {
    const call = defineCall({ url: '/echo', auth: 'extended' });
    await expect(api().send(call)).rejects.toThrow('No auth provider for "extended"');
  });

  it('trySend returns the error instead of throwing', async () => {
    const call = defineCall({ url: '/nowhere' });
    const result = await api().trySend(call);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error).toBeInstanceOf(NotFoundError);
    const ok = await api().trySend(defineCall({ url: '/echo' }));
    expect(ok.ok).toBe(true);
  });
});
