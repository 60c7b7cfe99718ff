import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createHttpError, NotFoundError } from '@tessera/shared/data-access-api';
import { isRouteErrorResponse, type HydrationState } from 'react-router';

/** Router state as JSON: loader data plus errors reduced to what the error pages read. */
export interface SerialisedRouterState {
  loaderData: Record<string, unknown>;
  errors: Record<string, SerialisedRouteError> | null;
}

/** An error as JSON: an error response keeps its status; anything else is a bare error (no server details leak). */
export type SerialisedRouteError =
  { kind: 'response'; status: number; statusText: string; data: unknown } | { kind: 'error' };

/** Reduces the server router's state to JSON the page can embed. */
export function serialiseRouterState(
  loaderData: Record<string, unknown>,
  errors: Record<string, unknown> | null,
): SerialisedRouterState {
  if (!errors) return { loaderData, errors: null };
  const out: Record<string, SerialisedRouteError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data ?? null }
      : { kind: 'error' };
  }
  return { loaderData, errors: out };
}

/** Turns the embedded state back into the router's hydration data, so error pages hydrate exactly as rendered. */
export function reviveRouterState(state: SerialisedRouterState | undefined): HydrationState | undefined {
  if (!state) return undefined;
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([routeId, error]) => [
          routeId,
          // isRouteErrorResponse recognises error responses by these four fields.
          error.kind === 'response'
            ? { status: error.status, statusText: error.statusText, internal: false, data: error.data }
            : new Error('route error'),
        ]),
      )
    : null;
  return { loaderData: state.loaderData, errors };
}

/** How a "not found" answer of the query cache travels in the page: its kind only, no server details. */
const NOT_FOUND_MARK: Error & { kind: 'not-found' } = {
  name: 'NotFoundError',
  message: 'Not found',
  kind: 'not-found',
};

/**
 * The query cache as JSON: every answer, and the "not found" answers the page rendered its not-found state from (an
 * unknown game or championship), reduced to {@link NOT_FOUND_MARK}. Any other failure stays out (apps/web README, "An unknown game or championship answers 404").
 */
export function dehydrateQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.error instanceof NotFoundError,
  });
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.status === 'error' ? { ...q, state: { ...q.state, error: NOT_FOUND_MARK, fetchFailureReason: null } } : q,
    ),
  };
}

/** Turns the embedded "not found" answers back into NotFoundError, so the page hydrates the not-found state it was rendered with. */
export function reviveQueries(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const error = q.state.error as { kind?: unknown } | null;
      if (q.state.status !== 'error' || error?.kind !== NOT_FOUND_MARK.kind) return q;
      const revived = createHttpError(
        new Response(null, { status: 404 }),
        { method: 'GET', url: '' },
        { message: 'Not found' },
      );
      return { ...q, state: { ...q.state, error: revived, fetchFailureReason: revived } };
    }),
  };
}
