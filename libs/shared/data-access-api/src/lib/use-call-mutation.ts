import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useApiClient } from './api-client-context';
import { callMutationFn } from './call.queries';
import type { CallDefinition } from './define-call';

/** Mutation hook for a declared write call; `mutate(args)` sends it with the call's arguments. */
export function useCallMutation<A, R>(call: CallDefinition<A, R>): UseMutationResult<R, unknown, A> {
  const client = useApiClient();
  return useMutation({ mutationFn: callMutationFn(client, call), retry: false });
}
