import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import type { CallArgs, CallDefinition } from './define-call';
import { CancelledError, HTTPError } from './http-errors';
import { withQuery } from './query-string';
import { ServiceAuthError } from './service-token';

/** Query key of a call: built from the encoded request, so arguments that encode the same share a cache entry. */
export function callKey<A, R>(call: CallDefinition<A, R>, ...params: CallArgs<A>): QueryKey {
  const built = call.build((params[0] ?? {}) as A);
  return ['api', built.method, withQuery(built.url, built.query), built.body ?? null] as const;
}

/**
 * TanStack Query retry rule: never retry a 4xx, a cancellation or an auth failure (retrying cannot help),
 * and at most once for other failures, because the HTTP client has already retried network errors.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof CancelledError || error instanceof ServiceAuthError) return false;
  if (error instanceof HTTPError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * `queryOptions` for a declared call. The query's AbortSignal is passed down, so TanStack Query cancels the request
 * when the last component using it unmounts.
 */
export function callQueryOptions<A, R>(client: ApiClient, call: CallDefinition<A, R>, ...params: CallArgs<A>) {
  const args = (params[0] ?? {}) as A;
  return queryOptions({
    queryKey: callKey(call, ...params),
    queryFn: ({ signal }) =>
      (client.send as (c: CallDefinition<A, R>, a: A, o: { signal: AbortSignal }) => Promise<R>)(call, args, {
        signal,
      }),
    retry: shouldRetryQuery,
  });
}

/** `mutationFn` for a declared call (POST/PUT/...): the mutation variables are the call's arguments. */
export function callMutationFn<A, R>(client: ApiClient, call: CallDefinition<A, R>): (args: A) => Promise<R> {
  return (args) => (client.send as (c: CallDefinition<A, R>, a: A) => Promise<R>)(call, args);
}
