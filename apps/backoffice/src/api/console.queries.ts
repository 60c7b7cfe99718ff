import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@tessera/shared/data-access-api';
import { deskCalls, type SUBMISSION_STATES, type WITHDRAWAL_STATES } from './desks.api';
import { sessionCalls } from './session.api';

/** Filters of the audit search (all optional; dates as ISO text). */
export interface AuditFilters {
  q?: string;
  operator?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** Query keys of the console: everything under `backoffice`, so signing in or out clears it in one call. */
export const consoleKeys = {
  all: ['backoffice'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  sessions: () => [...consoleKeys.all, 'sessions'] as const,
  operators: () => [...consoleKeys.all, 'operators'] as const,
  players: () => [...consoleKeys.all, 'players'] as const,
  playerSearch: (q: string) => [...consoleKeys.players(), 'search', q] as const,
  player: (id: string) => [...consoleKeys.players(), 'one', id] as const,
  withdrawals: (state?: string) => [...consoleKeys.all, 'withdrawals', state ?? 'all'] as const,
  submissions: (state?: string) => [...consoleKeys.all, 'verification', state ?? 'all'] as const,
  audit: (filters: AuditFilters) => [...consoleKeys.all, 'audit', filters] as const,
  brands: () => [...consoleKeys.all, 'brands'] as const,
};

/** Who is signed in and what they may do; the shell reads it on every page. */
export function meQuery(client: ApiClient) {
  return queryOptions({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => client.send(sessionCalls.me, {}, { signal }),
    staleTime: 60_000,
  });
}

/** Live console sessions (one's own; an admin's everyone's). */
export function sessionsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: consoleKeys.sessions(),
    queryFn: ({ signal }) => client.send(deskCalls.sessions, {}, { signal }),
  });
}

/** Every operator (admin). */
export function operatorsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => client.send(deskCalls.operators, {}, { signal }),
  });
}

/** Players matching a search; idle while the search is empty, the last results kept while the next load. */
export function playerSearchQuery(client: ApiClient, q: string) {
  return queryOptions({
    queryKey: consoleKeys.playerSearch(q),
    queryFn: ({ signal }) => client.send(deskCalls.players, { q }, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** One player's whole profile (every view is audited on the server). */
export function playerQuery(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: consoleKeys.player(id),
    queryFn: ({ signal }) => client.send(deskCalls.player, { id }, { signal }),
  });
}

/** The withdrawal queue in a state (all states when none). */
export function withdrawalsQuery(client: ApiClient, state?: (typeof WITHDRAWAL_STATES)[number]) {
  return queryOptions({
    queryKey: consoleKeys.withdrawals(state),
    queryFn: ({ signal }) => client.send(deskCalls.withdrawals, { state }, { signal }),
  });
}

/** Verification submissions in a state (all when none). */
export function submissionsQuery(client: ApiClient, state?: (typeof SUBMISSION_STATES)[number]) {
  return queryOptions({
    queryKey: consoleKeys.submissions(state),
    queryFn: ({ signal }) => client.send(deskCalls.submissions, { state }, { signal }),
  });
}

/** A page of the audit log for the filters; the last page kept while the next loads. */
export function auditQuery(client: ApiClient, filters: AuditFilters) {
  return queryOptions({
    queryKey: consoleKeys.audit(filters),
    queryFn: ({ signal }) => client.send(deskCalls.audit, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every brand the operator may see, refused ones with their errors. */
export function brandsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: consoleKeys.brands(),
    queryFn: ({ signal }) => client.send(deskCalls.brands, {}, { signal }),
    staleTime: 60_000,
  });
}
