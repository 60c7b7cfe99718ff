import { lazy } from 'react';

let loading: Promise<typeof import('./registration-welcome')> | undefined;

/** Loads the welcome's chunk once; a failed load is forgotten, so the next call tries again. */
function loadWelcome(): Promise<typeof import('./registration-welcome')> {
  loading ??= import('./registration-welcome').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the welcome (the registration form's first focus), so it is there when the account is made. */
export function preloadRegistrationWelcome(): void {
  loadWelcome().catch(() => undefined);
}

/** {@link RegistrationWelcome} as a chunk of its own: render it inside a Suspense boundary once registered. */
export const LazyRegistrationWelcome = lazy(() =>
  // One more try if the chunk could not load at the first focus.
  loadWelcome()
    .catch(() => loadWelcome())
    .then((m) => ({ default: m.RegistrationWelcome })),
);
