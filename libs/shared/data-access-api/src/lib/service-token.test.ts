import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { defineCall } from './define-call';
import { createHttpClient } from './http-client';
import {
  createServiceTokenManager,
  localExpiry,
  parseExpireDate,
  ServiceAuthError,
  type ServiceTokenOptions,
} from './service-token';
import { sendJson, startTestServer, type TestServer } from './test-server';

const TOKEN_PATH = '/web-api/api/mobile/v1/token/';
const REFRESH_PATH = '/web-api/api/mobile/v1/token/refresh';
/** A fixed local clock (whole seconds, because the Date header has second resolution). */
const LOCAL_NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const SKEW_MS = 120_000;
const LIFETIME_MS = 3_600_000;

type TokenMode = 'ok' | 'forbidden' | 'no-date' | 'no-token';
let server: TestServer;
let mode: TokenMode = 'ok';
let refreshMode: 'ok' | 'unauthorized' = 'ok';
let issued = 0;
let validToken: string | undefined;
let protectedAlways401 = false;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const serverNow = LOCAL_NOW + SKEW_MS;
    if (path === TOKEN_PATH || path === REFRESH_PATH) {
      if (mode === 'forbidden') return sendJson(res, 403, { message: 'no session' });
      if (path === REFRESH_PATH && refreshMode === 'unauthorized')
        return sendJson(res, 401, { message: 'refresh refused' });
      issued += 1;
      validToken = `token-${issued}`;
      if (mode === 'no-date') res.sendDate = false;
      const attributes =
        mode === 'no-token'
          ? { expireDate: new Date(serverNow + LIFETIME_MS).toISOString() }
          : { userToken: validToken, expireDate: new Date(serverNow + LIFETIME_MS).toISOString() };
      return sendJson(
        res,
        200,
        { data: { attributes } },
        mode === 'no-date' ? {} : { Date: new Date(serverNow).toUTCString() },
      );
    }
    if (path.startsWith('/protected')) {
      const ok = !protectedAlways401 && req.headers.authorization === `Bearer ${validToken}`;
      return ok
        ? sendJson(res, 200, { granted: req.headers.authorization })
        : sendJson(res, 401, { message: 'token rejected' });
    }
    return sendJson(res, 404, { message: 'no route' });
  });
});

afterAll(() => server.close());

beforeEach(() => {
  mode = 'ok';
  refreshMode = 'ok';
  protectedAlways401 = false;
});

function setup(options: Partial<ServiceTokenOptions> = {}) {
  const http = createHttpClient({ baseUrl: server.url, retry: { limit: 0 } });
  const tokens = createServiceTokenManager({ http, now: () => LOCAL_NOW, ...options });
  const api = createApiClient({ http, auth: { service: tokens } });
  return { tokens, api };
}

const protectedCall = defineCall({ url: '/protected', auth: 'service', dedupe: false }).returns<{ granted: string }>();

describe('token expiry arithmetic', () => {
  it('moves the expiry onto the local clock and keeps 5 s in hand', () => {
    expect(localExpiry(10_000_000, 1_000_000 + 30_000, 1_000_000)).toBe(10_000_000 - 30_000 - 5_000);
    expect(localExpiry(10_000_000, 1_000_000 - 30_000, 1_000_000)).toBe(10_000_000 + 30_000 - 5_000);
  });

  it('reads expireDate as ISO text, epoch seconds or epoch milliseconds', () => {
    expect(parseExpireDate('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(parseExpireDate(1_767_225_600)).toBe(Date.UTC(2026, 0, 1));
    expect(parseExpireDate('1767225600000')).toBe(Date.UTC(2026, 0, 1));
    expect(parseExpireDate('soon')).toBeUndefined();
  });
});

describe('createServiceTokenManager', () => {
  it('fetches a token and computes the expiry from expireDate, the Date header and 5 s', async () => {
    const { tokens } = setup();
    const token = await tokens.getToken();
    expect(token).toBe(`token-${issued}`);
    expect(tokens.expiresAt).toBe(LOCAL_NOW + LIFETIME_MS - 5_000);
  });

  it('shares one fetch between parallel callers and reuses the token until it expires', async () => {
    const { tokens } = setup();
    const before = server.hits(TOKEN_PATH);
    const [a, b] = await Promise.all([tokens.getToken(), tokens.getToken()]);
    expect(a).toBe(b);
    await tokens.getToken();
    expect(server.hits(TOKEN_PATH)).toBe(before + 1);
  });

  it('refreshes an expired token with a bearer JSON:API request', async () => {
    let now = LOCAL_NOW;
    const { tokens } = setup({ now: () => now });
    const first = await tokens.getToken();
    now = LOCAL_NOW + LIFETIME_MS;
    const second = await tokens.getToken();
    expect(second).not.toBe(first);
    const refresh = server.requests.filter((r) => r.url === REFRESH_PATH).at(-1);
    expect(refresh?.headers.authorization).toBe(`Bearer ${first}`);
    expect(refresh?.headers['content-type']).toBe('application/vnd.api+json');
  });

  it('fetches a new token when the refresh is refused', async () => {
    let now = LOCAL_NOW;
    const { tokens } = setup({ now: () => now });
    await tokens.getToken();
    refreshMode = 'unauthorized';
    now = LOCAL_NOW + LIFETIME_MS;
    const before = server.hits(TOKEN_PATH);
    expect(await tokens.getToken()).toBe(validToken);
    expect(server.hits(TOKEN_PATH)).toBe(before + 1);
  });

  it('sends the bearer token on service calls', async () => {
    const { api } = setup();
    expect(await api.send(protectedCall)).toEqual({ granted: `Bearer ${validToken}` });
  });

  it('on 401 refetches the token and retries the call', async () => {
    const { api, tokens } = setup();
    const stale = await tokens.getToken();
    // The server rotates its token, so the cached one is now refused.
    validToken = 'rotated-elsewhere';
    const before = server.hits(TOKEN_PATH);
    const answer = await api.send(protectedCall);
    expect(answer.granted).not.toBe(`Bearer ${stale}`);
    expect(server.hits(TOKEN_PATH)).toBe(before + 1);
  });

  it('gives TOKEN_NOT_AUTHENTICATED after 3 failures for the same URL', async () => {
    const { api } = setup();
    protectedAlways401 = true;
    const before = server.hits('/protected-3');
    const call = defineCall({ url: '/protected-3', auth: 'service' });
    const error = await api.send(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceAuthError);
    expect((error as ServiceAuthError).code).toBe('TOKEN_NOT_AUTHENTICATED');
    expect(server.hits('/protected-3')).toBe(before + 3);
  });

  it('starts counting again after giving up, so a later call gets its own tries', async () => {
    const { api } = setup();
    protectedAlways401 = true;
    const call = defineCall({ url: '/protected-again', auth: 'service' });
    await api.send(call).catch(() => undefined);
    protectedAlways401 = false;
    const answer = await api.send(call);
    expect(answer).toMatchObject({ granted: expect.stringMatching(/^Bearer token-/) });
  });

  it('gives USER_NOT_AUTHENTICATED when the token fetch is forbidden', async () => {
    const { tokens } = setup();
    mode = 'forbidden';
    const error = await tokens.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceAuthError);
    expect((error as ServiceAuthError).code).toBe('USER_NOT_AUTHENTICATED');
  });

  it("fails with 'headers.date is undefined' without a Date header", async () => {
    const { tokens } = setup();
    mode = 'no-date';
    await expect(tokens.getToken()).rejects.toThrow('headers.date is undefined');
  });

  it("fails with 'lost token' when the answer has no userToken", async () => {
    const { tokens } = setup();
    mode = 'no-token';
    await expect(tokens.getToken()).rejects.toThrow('lost token');
  });

  it('forgets the token on invalidate', async () => {
    const { tokens } = setup();
    await tokens.getToken();
    tokens.invalidate();
    expect(tokens.expiresAt).toBeUndefined();
    const before = server.hits(TOKEN_PATH);
    await tokens.getToken();
    expect(server.hits(TOKEN_PATH)).toBe(before + 1);
  });
});
