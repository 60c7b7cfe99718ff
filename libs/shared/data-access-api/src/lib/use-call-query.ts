import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApiClient } from './api-client-context';
import { callQueryOptions } from './call.queries';
import type { CallArgs, CallDefinition } from './define-call';

/** Data hook for a declared call through TanStack Query; unmounting cancels the request via the query's signal. */
export function useCallQuery<A, R>(call: CallDefinition<A, R>, ...params: CallArgs<A>): UseQueryResult<R, unknown> {
  const client = useApiClient();
  return useQuery(callQueryOptions(client, call, ...params));
}
