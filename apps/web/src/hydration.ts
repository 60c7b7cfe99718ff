import { isRouteErrorResponse, type HydrationState } from 'react-router';

/** Router state as JSON: loader data plus errors reduced to what the error pages read. */
export interface SerialisedRouterState {
  loaderData: Record<string, unknown>;
  errors: Record<string, SerialisedRouteError> | null;
}

/** An error as JSON: an error response keeps its status; anything else is a bare error (no server details leak). */
export type SerialisedRouteError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error' };

/** Reduces the server router's state to JSON the page can embed. */
export function serialiseRouterState(loaderData: Record<string, unknown>, errors: Record<string, unknown> | null): SerialisedRouterState {
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
          error.kind === 'response' ? { status: error.status, statusText: error.statusText, internal: false, data: error.data } : new Error('route error'),
        ]),
      )
    : null;
  return { loaderData: state.loaderData, errors };
}
