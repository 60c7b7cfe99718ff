import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callQueryOptions, useApiClient } from '@tessera/shared/data-access-api';
import { authCalls, securityCalls, type SessionAnswer, type UserSessionItem } from './account.api';

/** Query keys of the account data, so mutations can invalidate exactly what they change. */
export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  secureQuestion: () => [...accountKeys.all, 'secure-question'] as const,
  secureQuestions: () => [...accountKeys.all, 'secure-questions'] as const,
};

/** The signed-in account with its security facts (two-factor on, phone bound, secure question set); never stale. */
export function useAccountSession(): UseQueryResult<SessionAnswer, unknown> {
  const client = useApiClient();
  return useQuery({ ...callQueryOptions(client, authCalls.session), queryKey: accountKeys.session(), staleTime: 0 });
}

/** The account's live sessions, newest first. */
export function useUserSessions(): UseQueryResult<UserSessionItem[], unknown> {
  const client = useApiClient();
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: async ({ signal }) => (await client.send(securityCalls.sessions, undefined, { signal })).sessions,
    staleTime: 0,
  });
}

/** The account's own secure question (null when none is set). */
export function useUserSecureQuestion(): UseQueryResult<string | null, unknown> {
  const client = useApiClient();
  return useQuery({
    queryKey: accountKeys.secureQuestion(),
    queryFn: async ({ signal }) =>
      (await client.send(securityCalls.userSecureQuestion, undefined, { signal })).secure_question,
  });
}

/** The secure questions to choose from. */
export function useSecureQuestions() {
  const client = useApiClient();
  return useQuery({
    queryKey: accountKeys.secureQuestions(),
    queryFn: async ({ signal }) => (await client.send(securityCalls.secureQuestions, undefined, { signal })).questions,
    staleTime: Infinity,
  });
}
