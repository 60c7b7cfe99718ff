import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server render and while the page hydrates, true once React runs the page in the browser (and at once
 * in a page rendered only in the browser). Forms use it to stay disabled until they can act.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
