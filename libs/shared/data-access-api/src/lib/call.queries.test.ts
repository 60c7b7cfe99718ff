import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client';
import { callKey, callMutationFn, callQueryOptions, shouldRetryQuery } from './call.queries';
import { defineCall } from './define-call';
import { CancelledError, createHttpError, RequestTimeoutError } from './http-errors';
import { idList, int, str } from './param-encoders';
import { ServiceAuthError } from './service-token';

const getGames = defineCall({
  url: '/service-api/games',
  query: { ids: idList(), lng: str(), partner: int({ default: 1 }) },
});

function recordingClient() {
  const seen: Array<{ args: unknown; signal: AbortSignal | undefined }> = [];
  const client = {
    send: async (_call: unknown, args?: unknown, options?: { signal?: AbortSignal }) => {
      seen.push({ args, signal: options?.signal });
      return { games: [] };
    },
    trySend: async () => ({ ok: true, data: undefined }),
  } as unknown as ApiClient;
  return { client, seen };
}

describe('callKey', () => {
  it('is equal for arguments that encode the same', () => {
    expect(callKey(getGames, { ids: [3, 1, 3], partner: 1 })).toEqual(callKey(getGames, { ids: ['1', '3'] }));
  });

  it('differs when the encoded request differs', () => {
    expect(callKey(getGames, { lng: 'en' })).not.toEqual(callKey(getGames, { lng: 'de' }));
  });
});

describe('callQueryOptions', () => {
  it("passes the query's AbortSignal to the client", async () => {
    const { client, seen } = recordingClient();
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(callQueryOptions(client, getGames, { lng: 'en' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.args).toEqual({ lng: 'en' });
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('callMutationFn', () => {
  it('sends the mutation variables as the call arguments', async () => {
    const { client, seen } = recordingClient();
    const save = defineCall({ url: '/officeapi/savesetting', method: 'POST', body: { setting_id: int() } });
    await callMutationFn(client, save)({ setting_id: 4 });
    expect(seen[0]?.args).toEqual({ setting_id: 4 });
  });
});

describe('shouldRetryQuery', () => {
  const request = { method: 'GET', url: '/x' };
  const httpError = (status: number) => createHttpError(new Response(null, { status }), request, '');

  it('never retries 4xx, cancellations or auth failures', () => {
    expect(shouldRetryQuery(0, httpError(400))).toBe(false);
    expect(shouldRetryQuery(0, httpError(404))).toBe(false);
    expect(shouldRetryQuery(0, httpError(422))).toBe(false);
    expect(shouldRetryQuery(0, new CancelledError())).toBe(false);
    expect(shouldRetryQuery(0, new ServiceAuthError('TOKEN_NOT_AUTHENTICATED'))).toBe(false);
  });

  it('retries a 5xx or a timeout once', () => {
    expect(shouldRetryQuery(0, httpError(502))).toBe(true);
    expect(shouldRetryQuery(1, httpError(502))).toBe(false);
    expect(shouldRetryQuery(0, new RequestTimeoutError(1488, request, 10))).toBe(true);
  });
});
