import { CancelledError } from './http-errors';

/** Shares one pending promise between identical parallel calls. */
export interface InFlight {
  /**
   * Joins the pending run for `key` or starts one. Each caller's `signal` only cancels that caller;
   * the shared run is aborted when every caller has gone, so one unmounting component never breaks another.
   */
  run<T>(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Number of distinct runs pending (for diagnostics and tests). */
  readonly size: number;
}

interface Entry {
  promise: Promise<unknown>;
  controller: AbortController;
  waiting: number;
}

/** Creates an empty in-flight table; one per ApiClient. */
export function createInFlight(): InFlight {
  const entries = new Map<string, Entry>();

  return {
    get size() {
      return entries.size;
    },
    run<T>(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (signal?.aborted) return Promise.reject(new CancelledError());
      let entry = entries.get(key);
      if (!entry) {
        const controller = new AbortController();
        const created: Entry = { controller, waiting: 0, promise: Promise.resolve() };
        created.promise = start(controller.signal).finally(() => {
          if (entries.get(key) === created) entries.delete(key);
        });
        // Every waiter handles the outcome; this only stops an unhandled rejection when all waiters left.
        created.promise.catch(() => undefined);
        entries.set(key, created);
        entry = created;
      }
      const shared = entry;
      shared.waiting += 1;

      return new Promise<T>((resolve, reject) => {
        let settled = false;
        const onAbort = (): void => {
          if (settled) return;
          settled = true;
          shared.waiting -= 1;
          if (shared.waiting === 0) {
            // Nobody wants the answer any more: stop the request, and let the next caller start afresh.
            if (entries.get(key) === shared) entries.delete(key);
            shared.controller.abort(new CancelledError());
          }
          reject(new CancelledError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        shared.promise.then(
          (value) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            resolve(value as T);
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
  };
}
